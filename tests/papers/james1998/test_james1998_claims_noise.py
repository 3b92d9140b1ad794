"""James's claims against their replicates' noise: the resampled evidence against an independent
computation (the framework's resample_replicates and absolute_table, decompose on drawn test points),
the same draws for every claim, margins that agree with the verdicts, and a claim that holds, fails
or stays undecided on constructed replicates."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.bias_variance.decomposition import decompose
from mavl.data.gaussian import gaussian_problem
from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import bias_variance_table
from mavl.papers.james1998.case_study import DRAW_COLUMNS, case_study_on_draws, shrinkage_estimates
from mavl.papers.james1998.claims_ch2 import CLAIMS, Z, printed_numbers, with_printed
from mavl.papers.james1998.claims_judged import claims_frame
from mavl.papers.james1998.claims_noise import (
    ClaimResamples,
    case_study_replicates,
    claim_resamples,
    experiment_replicates,
    replicates_by_test_point,
    settling_replicates,
)
from mavl.papers.james1998.claims_theory import THEORY_CLAIMS
from mavl.papers.james1998.error_tables import published_tables
from mavl.papers.james1998.experiments import CONSTANT_METHODS
from mavl.papers.james1998.report import noise_lines
from mavl.papers.james1998.settling import fit_settling_curves, settling_claims
from mavl.reproduction.claims import Resamples, resample_replicates
from mavl.reproduction.compare import absolute_table
from mavl.reproduction.io import write_table

ROOT = Path(__file__).resolve().parents[3]
RAW = yaml.safe_load((ROOT / "config.yaml").read_text())
CONFIG = settings(RAW)
PUBLISHED = ROOT / "resources" / "published" / "james1998"
METHODS = CONFIG["experiments"]["L50"]["methods"]
GRID = [2, 10, 40]


def _results(experiment, n, rng, shift=None):
    """Long results of ``n`` replicates: every method at every B (Tree and 1NN once, at B = 1);
    ``shift`` maps a method to a constant added to its errors."""
    rows = []
    for r in range(n):
        for m in METHODS:
            for b in ([1] if m in CONSTANT_METHODS else GRID):
                err = 30 + 10 * rng.random() + (shift or {}).get(m, 0.0)
                rows.append({"experiment": experiment, "replicate": r, "method": m, "B": b, "err": err,
                             "undefined": False})
    return pd.DataFrame(rows)


def test_chapter2_draws_match_the_framework_resampler_and_keep_experiments_paired():
    rng = np.random.default_rng(0)
    frame = pd.concat([_results("L50", 6, rng), _results("L10", 6, rng), _results("V20", 4, rng)])
    draws = Resamples(20, seed=1998)
    cols = [f"B{b}" for b in GRID]
    resamples = ClaimResamples(draws, tables={
        e: (experiment_replicates(frame[frame["experiment"] == e], METHODS, GRID), METHODS, cols)
        for e in ("L50", "L10", "V20")})
    for b in (0, 7, 19):
        drawn = resample_replicates(frame, "replicate", draws, b, by="experiment")
        for e in ("L50", "L10", "V20"):
            expected = absolute_table(drawn[drawn["experiment"] == e], METHODS, GRID, CONSTANT_METHODS)[0]
            pd.testing.assert_frame_equal(resamples.chapter2(b)[e], expected.astype(float))
    # b=None: the reproduced tables themselves
    expected = absolute_table(frame[frame["experiment"] == "V20"], METHODS, GRID, CONSTANT_METHODS)[0]
    pd.testing.assert_frame_equal(resamples.chapter2()["V20"], expected.astype(float))
    # a draw of one replicate repeated n times is that replicate's table
    one = experiment_replicates(frame[frame["experiment"] == "L50"], METHODS, GRID)
    alone = frame[(frame["experiment"] == "L50") & (frame["replicate"] == 3)]
    np.testing.assert_allclose(one.mean(np.full(6, 3)),
                               absolute_table(alone, METHODS, GRID, CONSTANT_METHODS)[0].to_numpy(float))
    # the same draws for every claim and experiment with as many replicates: L50 and L10 take the
    # same replicates in draw b, and judging twice sees the same evidence
    picked = draws.indices(5, 6)
    for e in ("L50", "L10"):
        reps = experiment_replicates(frame[frame["experiment"] == e], METHODS, GRID)
        np.testing.assert_allclose(resamples.chapter2(5)[e].to_numpy(), reps.values[picked].mean(axis=0))
    pd.testing.assert_frame_equal(resamples.chapter2(5)["L50"], resamples.chapter2(5)["L50"])


def test_theory_draws_match_an_independent_computation(tmp_path):
    rng = np.random.default_rng(1)
    draws = Resamples(10, seed=1998)
    # Tables 3.1/3.2 over the test points: decompose on the drawn points
    problem = gaussian_problem(4, 5, 15, seed=3, scale=1.5)
    counts = {m: rng.multinomial(20, np.full(4, 0.25), size=problem.q_test.shape[0]) for m in ("LDA", "Tree")}
    for m, c in counts.items():
        write_table(pd.DataFrame(c, columns=[f"c{i}" for i in range(4)]), tmp_path / f"{m}.tsv")
    reps, rows = replicates_by_test_point(problem, sorted(tmp_path.glob("*.tsv")), ["LDA", "Tree"])
    # settling: each matrix's mean over drawn splits, then the fits and checks
    groups = [15, 26, 40, 70, 100, 200]
    settling = pd.DataFrame([{"replicate": r, "B": b, "matrix": m, "err": 10 + 80 / np.sqrt(b) + rng.normal()}
                             for r in range(5) for b in groups for m in range(2)])
    s_rep, s_keys = settling_replicates(settling)
    # the case study's per-set errors
    errors = pd.DataFrame([{"training_set": t, "method": m, "B": b, "err": 40 - b / 10 + rng.normal()}
                           for t in range(7) for m, bs in (("Tree", [1]), ("Substitution", [1, 5, 10]),
                                                           ("ECOC", [1, 5, 10])) for b in bs])
    c_rep, c_keys = case_study_replicates(errors)
    resamples = ClaimResamples(draws, settling=(s_rep, s_keys, groups), case_study=(c_rep, c_keys),
                               bias_variance={"table_3_1": (reps, rows, ["LDA", "Tree"])})
    whole = bias_variance_table(problem, counts)[0]
    pd.testing.assert_frame_equal(resamples.theory()["table_3_1"], whole.loc[rows], check_names=False)
    for b in (0, 9):
        ev = resamples.theory(b)
        idx = draws.indices(b, problem.q_test.shape[0])
        for m in ("LDA", "Tree"):
            p = counts[m][idx] / counts[m][idx].sum(axis=1, keepdims=True)
            np.testing.assert_allclose(ev["table_3_1"][m], decompose(problem.q_test[idx], p).table[rows])
        drawn = resample_replicates(settling, "replicate", draws, b)
        points = drawn.groupby(["B", "matrix"], as_index=False)["err"].mean()
        assert ev["settling"] == settling_claims(points, fit_settling_curves(points, groups), groups)
        drawn = resample_replicates(errors, "training_set", draws, b)
        means = drawn.groupby(["method", "B"])["err"].mean()
        assert ev["figure_3_1"]["Tree"] == pytest.approx(means["Tree"][1])
        assert ev["figure_3_1"]["ECOC"] == pytest.approx(means["ECOC"].to_dict())


def _l50(ad_gap, n=10, seed=0, spread=0.1):
    """L50 replicates where adapted boosting sits ``ad_gap`` points above 1NN (CL-13 needs
    |Ad − 1NN| ≤ 0.2, the gap the thesis prints) and standard boosting 20 above (it needs more than
    1.96·√2·0.43 = 1.19, the thesis's noise)."""
    rng = np.random.default_rng(seed)
    frame = _results("L50", n, rng)
    nn = frame.loc[frame["method"] == "1NN"].set_index("replicate")["err"]
    for method, gap in (("Boosting (Ad)", ad_gap), ("Boosting (St)", 20.0)):
        rows = frame["method"] == method
        noise = rng.normal(scale=spread, size=int(rows.sum()))
        frame.loc[rows, "err"] = frame.loc[rows, "replicate"].map(nn).to_numpy() + gap + noise
    return frame


@pytest.mark.parametrize(("ad_gap", "verdict"), [(0.0, "holds"), (0.2, "undecided"), (1.0, "fails")])
def test_a_claim_holds_fails_or_stays_undecided_on_constructed_replicates(tmp_path, ad_gap, verdict):
    frame = _l50(ad_gap)
    for r, rows in frame.groupby("replicate"):
        (tmp_path / "L50").mkdir(exist_ok=True)
        write_table(rows, tmp_path / "L50" / f"rep{r}.tsv")
    config = {**CONFIG, "scale": "quick"}
    resamples = claim_resamples(config, RAW["claims"], results=sorted((tmp_path / "L50").glob("*.tsv")))
    assert list(resamples.tables) == ["L50"] and not resamples.has_theory()
    table = resamples.chapter2()["L50"]
    printed = printed_numbers(config, PUBLISHED)
    claims = CLAIMS.judge(with_printed(printed["tables"], printed), with_printed({"L50": table}, printed),
                          resampled=lambda b: with_printed(resamples.chapter2(b), printed),
                          draws=resamples.draws)
    row = next(r for r in claims if r["claim_id"] == "CL-13")
    assert row["verdict_reproduced"] == verdict
    st, ad, nn = (table.loc[m, "B40"] for m in ("Boosting (St)", "Boosting (Ad)", "1NN"))
    bar = Z * np.sqrt(2) * 0.43                              # Table 2.10's printed average SE
    assert row["margin_reproduced"] == pytest.approx(min(st - nn - bar, 0.2 - abs(ad - nn)))
    # the share, recomputed by hand from the draws
    picks = [resamples.draws.indices(b, 10) for b in range(len(resamples.draws))]
    reps = resamples.tables["L50"][0].values[:, [METHODS.index(m) for m in ("Boosting (Ad)", "1NN")], -1]
    share = np.mean([abs(np.subtract(*reps[p].mean(axis=0))) <= 0.2 + 1e-12 for p in picks])
    assert row["resample_share"] == pytest.approx(share)
    # claims whose tables are absent have no verdict, so they keep the point verdict (none here)
    other = next(r for r in claims if r["claim_id"] == "CL-09")
    assert np.isnan(other["resample_share"]) and other["verdict_reproduced"] == ""


def test_claims_frame_gains_the_noise_columns_and_the_report_says_what_was_resampled(tmp_path):
    frame = _l50(0.0)
    config = {**CONFIG, "scale": "quick"}
    draws = Resamples(30, seed=CONFIG["master_seed"])
    table = experiment_replicates(frame, METHODS, GRID)
    resamples = ClaimResamples(draws, tables={"L50": (table, METHODS, [f"B{b}" for b in GRID])})
    for target, info in config["targets"].items():
        if info["kind"] == "table":
            source = resamples.chapter2()["L50"] if info["experiment"] == "L50" else (
                published_tables(config, PUBLISHED)[info["experiment"]])
            write_table(source.rename_axis("method").reset_index(), tmp_path / f"{target}.csv")
    claims = claims_frame(config, tmp_path, PUBLISHED, resamples)
    assert {"margin_reproduced", "resample_share", "verdict_reproduced"} <= set(claims.columns)
    assert claims.set_index("claim_id").loc["CL-13", "verdict_reproduced"] == "holds"
    assert noise_lines(claims) and "test points" in noise_lines(claims)[0]
    assert noise_lines(claims_frame(config, tmp_path, PUBLISHED)) == []


def _perturbed(evidence, rng, sd):
    out = {}
    for key, value in evidence.items():
        if isinstance(value, pd.DataFrame):
            out[key] = value + rng.normal(scale=sd, size=value.shape)
        else:
            out[key] = value
    return out


def test_margins_agree_with_the_verdicts():
    # On the published evidence and on many perturbations of it, a positive margin means the
    # claim holds and a negative one that it fails (a margin of exactly 0 sits on a threshold).
    printed = printed_numbers(CONFIG, PUBLISHED)
    tables = with_printed(printed["tables"], printed)

    def table(name):
        return pd.read_csv(PUBLISHED / f"{name}.csv").set_index("Classifier").astype(float)

    theory = {"table_3_1": table("table_3_1"), "table_3_2": table("table_3_2"),
              "sec_3_4": {"alpha_S": 0.3558, "alpha_T": 0.8225, "ratio_S": 0.4068, "ratio_T": 0.0925,
                          "gamma": 0.227, "rho": 0.125, "b_star": 9.0, "b_cross": 8},
              "bound": {"cells": 15, "printed_mismatches": 6, "hoeffding_mismatches": 1}}
    rng = np.random.default_rng(2)
    seen = {True: set(), False: set()}
    for trial in range(40):
        sd = 0.0 if trial == 0 else 1.5
        for registry, evidence in ((CLAIMS, _perturbed(tables, rng, sd)),
                                   (THEORY_CLAIMS, _perturbed(theory, rng, sd))):
            for claim in registry:
                holds, _, margin = claim.evaluate(evidence)
                if holds is None or np.isnan(margin) or margin == 0:
                    continue
                assert holds == (margin > 0), (claim.claim_id, margin)
                seen[holds].add(claim.claim_id)
    # the perturbations move many claims both ways, so the check covers both signs
    assert len(seen[True]) >= 30 and len(seen[False]) >= 15


def test_case_study_estimators_on_draws_are_those_of_the_drawn_sets():
    # Independent: shrinkage_estimates on the drawn sets' full arrays, Figure 2.6's line on their
    # mean estimates, the crossing from the drawn sets' mean errors.
    rng = np.random.default_rng(4)
    n_sets, n_cols, n, k = 6, 5, 40, 3
    q = rng.dirichlet(np.ones(k) * 0.5, size=n)
    tree = np.clip(q + rng.normal(0, 0.2, (n_sets, n, k)), 0, 1)
    sub = np.clip(0.4 * q + 0.2 + rng.normal(0, 0.3, (n_sets, n_cols, n, k)), 0, 1).astype(np.float32)
    ecoc_sets, sub_sets = rng.random((n_sets, n, k)), rng.random((n_sets, n, k))
    disagree = rng.integers(0, 5, n_sets)
    plan = (("Tree", [1]), ("Substitution", [1, 5, 10]), ("ECOC", [1, 5, 10]))
    errors = pd.DataFrame([{"training_set": t, "method": m, "B": b,
                            "err": 30 + rng.normal(0, 3) - (m != "Tree") * b}
                           for t in range(n_sets) for m, bs in plan for b in bs])
    draws = Resamples(4, seed=3)
    frame = case_study_on_draws(draws, q, tree, sub, ecoc_sets, sub_sets, disagree, errors, [1, 5, 10])
    assert list(frame.columns) == DRAW_COLUMNS and list(frame["draw"]) == [0, 1, 2, 3]
    mask = q > 0.01
    for b in range(4):
        picks = draws.indices(b, n_sets)
        row = frame.iloc[b]
        for name, value in shrinkage_estimates(q, tree[picks], sub[picks]).items():
            assert row[name] == pytest.approx(value, rel=1e-12)
        ecoc, subst = ecoc_sets[picks].mean(axis=0)[mask], sub_sets[picks].mean(axis=0)[mask]
        assert row["slope"] == pytest.approx(np.polyfit(ecoc, subst, 1)[0])
        assert row["disagreement"] == disagree[picks].sum() / (n_sets * n)
        drawn = resample_replicates(errors, "training_set", draws, b)
        means = drawn.groupby(["method", "B"])["err"].mean()
        below = [c for c in (1, 5, 10) if means["Substitution"][c] < means["Tree"][1]]
        assert (min(below) if below else None) == (None if np.isnan(row["b_cross"]) else row["b_cross"])
    resamples = ClaimResamples(draws, case_study_draws=frame)
    assert resamples.has_theory()
    ev = resamples.theory(2)
    assert ev["sec_3_4"]["alpha_S"] == frame["alpha_S"][2]
    assert ev["figure_2_6"] == {"slope": frame["slope"][2], "r2": frame["r2"][2],
                                "disagreement": frame["disagreement"][2]}
    rows = {r["claim_id"]: r for r in THEORY_CLAIMS.judge({}, {"sec_3_4": ev["sec_3_4"]},
                                                          resampled=resamples.theory, draws=draws)}
    # a draw of one distinct set estimates nothing: its claims give no verdict on it
    pairs = Resamples(50, seed=1)
    one = case_study_on_draws(pairs, q, tree[:2], sub[:2], ecoc_sets[:2], sub_sets[:2], disagree[:2],
                              errors[errors["training_set"] < 2], [1, 5, 10])
    single = [b for b in range(50) if np.unique(pairs.indices(b, 2)).size == 1]
    assert single and one.loc[single, "alpha_T"].isna().all()
    assert one.drop(index=single)["alpha_T"].notna().all()
    assert "sec_3_4" not in ClaimResamples(pairs, case_study_draws=one).theory(single[0])
    c34b = next(c for c in THEORY_CLAIMS if c.claim_id == "C3.4b")
    held = [c34b.holds_on(resamples.theory(b)) for b in range(4)]
    assert rows["C3.4b"]["resample_share"] == pytest.approx(np.mean(held))
