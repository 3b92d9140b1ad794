"""The claims of Breiman (1997) (spec breiman1997 §6), judged on published and reproduced tables.

The evidence is a dict of frames indexed by data set: ``"final"`` (Tables 1, 3 and 4 together,
columns ``adaboost_test_error``, ``adaboost_top_c``, ``arc_u2_test_error``, ``arc_u2_top_c``),
``"synthetic"`` (Table 1's rows), ``"steps"`` (Table 5's columns) and ``"phi_ab"`` (Eq. 7.3 at
φ* = .25). The identities K-5, K-6, K-7 (exactly) and K-9 are hard tests of the library
(tests/library/test_arcing.py); the empirical claims here are reported, never a reason to fail.

Against noise, the reproduced side is judged again on bootstrap draws of the runs: each data set's
runs (training and test sets, or hold-outs) drawn with replacement, the same indices for both
algorithms and every data set with as many runs (:class:`~mavl.reproduction.claims.Resamples`); a
larger set's one run is its own resample. The published side has no runs to resample.
"""

from pathlib import Path

import numpy as np
import pandas as pd

from ...reproduction.claims import ClaimRegistry, Resamples, resample_replicates
from .settings import DISPLAY
from .tables import columns_of, step_of
from .targets import TABLES

__all__ = ["ADABOOST_LEVELS", "CLAIMS", "evidence", "evidence_from_runs", "judge_claims", "read_tables"]

CLAIMS = ClaimRegistry()

#: K-8: rough AdaBoost error levels (%) on the synthetic sets, ±4 points.
ADABOOST_LEVELS = {"waveform": 18.0, "twonorm": 6.0, "threenorm": 19.0, "ringnorm": 8.0}


def _deltas(final):
    return (final["arc_u2_top_c"] - final["adaboost_top_c"],
            final["arc_u2_test_error"] - final["adaboost_test_error"])


@CLAIMS.claim("K-1", "arc-u2 ends with a lower top(c) than AdaBoost (on most sets, on every synthetic one)")
def k1(e):
    d_top, _ = _deltas(e["final"])
    synthetic = d_top.reindex(e["synthetic"].index)
    lower, n = int((d_top < 0).sum()), int(d_top.notna().sum())
    # margin: sets to spare above the majority, or the synthetic set closest to breaking it (points)
    margin = min(lower - n / 2, float(-synthetic.max()))
    return lower > n / 2 and bool((synthetic < 0).all()), (
        f"lower on {lower} of {n} sets; synthetic {int((synthetic < 0).sum())} of {synthetic.size}"), margin


@CLAIMS.claim("K-2", "arc-u2's test error is usually higher than AdaBoost's")
def k2(e):
    _, d_err = _deltas(e["final"])
    higher, n = int((d_err >= 0).sum()), int(d_err.notna().sum())
    mean = float(d_err.mean())
    text = f"higher or equal on {higher} of {n}; mean difference {mean:+.2f} points"
    return higher > n / 2 and mean > 0, text, mean


@CLAIMS.claim("K-3", "a lower top(c) does not bring a lower test error (Δtop and Δerror mostly of "
                     "opposite sign)")
def k3(e):
    d_top, d_err = _deltas(e["final"])
    opposite, n = int((d_top * d_err < 0).sum()), int((d_top * d_err).notna().sum())
    return opposite > n / 2, f"opposite signs on {opposite} of {n} sets", opposite - n / 2


@CLAIMS.claim("K-4", "from 50 to 100 arc-u2 steps top(c) falls on every moderate set, the error "
                     "rises on most")
def k4(e):
    s = e["steps"]
    falls = int((s["steps100_top_c"] < s["steps50_top_c"]).sum())
    rises = int((s["steps100_test_error"] > s["steps50_test_error"]).sum())
    n = len(s)
    return (falls == n and rises > n / 2, f"top(c) falls on {falls} of {n}; error rises on {rises} of {n}",
            min(float((s["steps50_top_c"] - s["steps100_top_c"]).min()), rises - n / 2))


@CLAIMS.claim("K-7", "Eq. 7.3: φ_AB(.25) ≈ .37")
def k7(e):
    return (bool(np.round(e["phi_ab"], 2) == 0.37), f"φ_AB(.25) = {e['phi_ab']:.4f}",
            0.005 - abs(e["phi_ab"] - 0.37))


@CLAIMS.claim("K-8", "AdaBoost's synthetic errors near 18, 6, 19 and 8 % (±4 points; informational)")
def k8(e):
    errors = e["synthetic"]["adaboost_test_error"]
    gaps = {name: errors[name] - level for name, level in ADABOOST_LEVELS.items() if name in errors}
    return (all(abs(g) <= 4 for g in gaps.values()), ", ".join(f"{k} {v:+.1f}" for k, v in gaps.items()),
            4 - max(abs(g) for g in gaps.values()))


def _wide(long, value):
    return long.pivot_table(index="data_set", columns="column", values=value, sort=False)


def evidence(tables, eq_7_3, rule=None):
    """The claims' evidence from the table CSVs: the printed numbers (``rule=None``) or the
    reproduced means under tree rule ``rule``."""
    frames = {}
    for target, long in tables.items():
        if rule is None:
            rows = long.drop_duplicates(["data_set", "column"])
            frames[target] = _wide(rows, "published")
        else:
            frames[target] = _wide(long[long["tree_rule"] == rule], "reproduced")
    # the printed ".37" is read from the published file
    return _evidence(frames, eq_7_3.set_index("phi_star").loc[0.25, "printed" if rule is None else "phi_ab"])


def evidence_from_runs(config, runs, eq_7_3, rule):
    """The reproduced evidence of :func:`evidence` computed from the runs of tree rule ``rule``
    (the means the tables print), so that it can be rebuilt on resampled runs."""
    runs = runs[runs["tree_rule"] == rule]
    frames = {}
    for target, group in TABLES.items():
        sets = runs[runs["data_set"].isin(config[group]["data_sets"])]
        columns = {}
        for column, (algorithm, key, metric) in columns_of(target).items():
            cell = sets[(sets["algorithm"] == algorithm) & (sets["step"] == step_of(config, key))]
            columns[column] = cell.groupby("data_set", sort=False)[metric].mean()
        wide = pd.DataFrame(columns)
        wide.index = [DISPLAY[d] for d in wide.index]
        frames[target] = wide
    return _evidence(frames, eq_7_3.set_index("phi_star").loc[0.25, "phi_ab"])


def _evidence(frames, phi_ab):
    final = pd.concat([frames[t] for t in ("table_1", "table_3", "table_4")])
    return {"final": final.dropna(), "synthetic": frames["table_1"], "steps": frames["table_5"].dropna(),
            "phi_ab": float(phi_ab)}


def read_tables(table_paths):
    """The table CSVs of Tables 1, 3, 4 and 5 by target (printed values kept as text)."""
    tables = {Path(p).stem: pd.read_csv(p, keep_default_na=False, na_values=[""], dtype={"printed": str})
              for p in table_paths}
    for long in tables.values():
        long["note"] = long["note"].astype(object).fillna("")
        long["tree_rule"] = long["tree_rule"].astype(object).fillna("")
    return tables


def judge_claims(config, rules, tables, eq_7_3, runs=None, claims=None):
    """Every claim on the published numbers and on each tree rule's, one frame with a
    ``tree_rule`` column (the first rule's rows are the headline's); with ``runs`` (every rule's)
    and ``claims`` (the workflow config's ``claims`` section), each is also judged against the
    noise of the runs."""
    published = evidence(tables, eq_7_3)
    draws = Resamples.from_config(claims, config["master_seed"]) if claims is not None else None
    frames = []
    for rule in rules:
        resampled = None
        if runs is not None and draws is not None:
            steps = [step_of(config, key) for key in ("last", 0, 1)]       # the only steps the claims read
            mine = runs[(runs["tree_rule"] == rule) & runs["step"].isin(steps)
                        & runs["algorithm"].isin(["adaboost", "arc_u2"])]

            def resampled(b, mine=mine, rule=rule):
                return evidence_from_runs(config, resample_replicates(mine, "run", draws, b, by="data_set"),
                                          eq_7_3, rule)
        judged = CLAIMS.judge(published, evidence(tables, eq_7_3, rule), resampled=resampled, draws=draws)
        frames.append(pd.DataFrame(judged).assign(tree_rule=rule))
    return pd.concat(frames, ignore_index=True)
