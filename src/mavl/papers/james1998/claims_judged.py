"""James (1998)'s two claim sets judged (:data:`.claims_ch2.CLAIMS`, :data:`.claims_theory.THEORY_CLAIMS`):
the evidence each reads, on the published and on the reproduced side, and their verdicts against
the replicates' noise where :class:`.claims_noise.ClaimResamples` holds the draws. The comparison
(``comparison.csv``) and the report both judge them here.
"""

from pathlib import Path

import pandas as pd

from ...reproduction.io import read_json
from .case_study import figure_2_6_line, published_scalars
from .claims_ch2 import CLAIMS, printed_numbers, with_printed
from .claims_theory import THEORY_CLAIMS
from .error_tables import reproduced_tables

__all__ = ["claims_frame", "judged_claims", "theory_evidence"]


def judged_claims(config, table_dir, published_dir, margin_files, resamples=None):
    """Both claim sets judged on the published and the reproduced numbers, and against the
    replicates' noise where ``resamples`` holds them: ``(chapter 2, theory)``."""
    claims = claims_frame(config, table_dir, published_dir, resamples)
    published, reproduced = theory_evidence(table_dir, published_dir, margin_files)
    present = resamples is not None and resamples.has_theory()
    return claims, pd.DataFrame(THEORY_CLAIMS.judge(published, reproduced,
                                                    **_noise(resamples, "theory", present)))


def claims_frame(config, table_dir, published_dir, resamples=None):
    """The claims table of spec james-ch2 §7 on published and reproduced numbers, and on the
    replicates' resamples where ``resamples`` (:class:`.claims_noise.ClaimResamples`) holds them."""
    noise = _noise(resamples, "chapter2", resamples is not None and bool(resamples.tables))
    # Every threshold reads the thesis's printed numbers, on each side and on every resample.
    printed = printed_numbers(config, published_dir)
    if noise:
        drawn = noise["resampled"]
        noise["resampled"] = lambda b: with_printed(drawn(b), printed)
    return pd.DataFrame(CLAIMS.judge(with_printed(printed["tables"], printed),
                                     with_printed(reproduced_tables(config, table_dir), printed), **noise))


def _noise(resamples, part, present):
    """``judge``'s ``resampled`` and ``draws`` for one claim set (none without its replicates)."""
    if resamples is None or not present:
        return {}
    return {"resampled": getattr(resamples, part), "draws": resamples.draws}


def _table(path):
    return pd.read_csv(path).set_index("Classifier").astype(float)


def theory_evidence(results, published, margin_files):
    """Published and reproduced evidence dicts for ``THEORY_CLAIMS.judge``, read from the targets.

    Parameters
    ----------
    results, published : path
        ``results/james1998`` and ``resources/published/james1998``.
    margin_files : dict
        ``{"figure": json path of the figure split, "splits": [json path, ...]}``.
    """
    results, published = Path(results), Path(published)
    pub_34 = pd.read_csv(published / "table_sec_3_4.csv").set_index("Classifier")
    pub_scalars = published_scalars(published / "scalars_sec_3_4.csv")
    pub = {
        "table_3_1": _table(published / "table_3_1.csv"),
        "table_3_2": _table(published / "table_3_2.csv"),
        "sec_3_4": {"alpha_S": pub_34.loc["Substitution PICT", "alpha"],
                    "alpha_T": pub_34.loc["Tree Method", "alpha"],
                    "ratio_S": pub_34.loc["Substitution PICT", "Var(p_i/alpha)"],
                    "ratio_T": pub_34.loc["Tree Method", "Var(p_i/alpha)"],
                    "gamma": pub_scalars["gamma"], "rho": pub_scalars["rho"],
                    "b_star": pub_scalars["b_star"], "b_cross": None},
    }
    scalars = read_json(results / "raw" / "case_study" / "scalars.json")
    curve = pd.read_csv(results / "figure_3_1.csv")
    curves = {m: dict(zip(rows["B"], rows["err"], strict=True)) for m, rows in curve.groupby("method")}
    curves["Tree"] = curves["Tree"][1]
    estimates = pd.read_csv(results / "figure_2_6.csv")
    line = figure_2_6_line(estimates["ecoc"], estimates["substitution"])
    bound = pd.read_csv(results / "table_2_2.compare.csv")
    bound_evidence = {"cells": len(bound),
                      "printed_mismatches": int((~bound["matches_printed"]).sum()),
                      "hoeffding_mismatches": int((~bound["matches_hoeffding"]).sum())}
    pub["bound"] = bound_evidence
    rep = {
        "table_3_1": _table(results / "table_3_1.csv"),
        "table_3_2": _table(results / "table_3_2.csv"),
        "sec_3_4": scalars,
        "figure_3_1": curves,
        "figure_2_6": {"slope": line["slope"], "r2": line["r2"], "disagreement": scalars["disagreement"]},
        "settling": read_json(results / "settling.claims.json"),
        "bound": bound_evidence,
        "margins": read_json(margin_files["figure"]),
        "margin_splits": [read_json(p) for p in margin_files["splits"]],
    }
    return pub, rep
