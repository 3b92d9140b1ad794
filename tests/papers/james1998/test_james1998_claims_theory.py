"""James (1998) Chapters 3–4 and the Chapter 2 figure/bound claims read from the thesis's own words
(spec README, decision 6): quotes, places and quantifiers, thresholds re-derived from the printed
tables, and each changed reading on inputs where it holds and where it fails."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mavl.papers.james1998 import claims_theory as ct
from mavl.papers.james1998.claims_theory import THEORY_CLAIMS
from mavl.papers.james1998.settling import fit_settling_curves, predict_curve
from mavl.reproduction.claims import QUANTIFIERS

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = ROOT / "resources" / "published" / "james1998"
SEED = "000_8a690b4400d7626f.txt"        # the thesis's text (resources/published/james1998/SOURCE.md)


def _table(name):
    return pd.read_csv(PUBLISHED / f"{name}.csv").set_index("Classifier").astype(float)


def _claim(claim_id):
    return THEORY_CLAIMS[claim_id]


def _verdicts(claim_id, evidence):
    """(the reading's verdict, the earlier reading's verdict) on ``evidence``."""
    claim = _claim(claim_id)
    before = claim.previous_claim()
    return claim.evaluate(evidence)[0], None if before is None else before.evaluate(evidence)[0]


def test_every_theory_claim_quotes_the_thesis_verbatim_with_its_place_and_quantifier(seed_text):
    text = seed_text(SEED)
    assert len(THEORY_CLAIMS) == 28
    for claim in THEORY_CLAIMS:
        assert claim.quantifier is QUANTIFIERS[claim.quantifier.name], claim.claim_id
        assert claim.quote and claim.place, claim.claim_id
        assert " ".join(claim.quote.split()) in text, claim.claim_id
        if claim.quantifier.name == "informational":
            assert "informational" in claim.statement
        if claim.previous is not None:
            assert claim.previous.why, claim.claim_id


def test_thresholds_are_the_printed_tables_numbers():
    t31, t32 = _table("table_3_1"), _table("table_3_2")

    def largest_gap(t):
        return max((t.loc["Bias (Breiman)"] - t.loc["Systematic Effect"]).abs().max(),
                   (t.loc["Variance (Breiman)"] - t.loc["Variance Effect"]).abs().max())

    assert ct.T31_SIMILAR == pytest.approx(largest_gap(t31))
    assert ct.T32_SIMILAR == pytest.approx(largest_gap(t32))
    excess = t31.loc["Bias (Breiman)"] - t31.loc["Systematic Effect"]
    assert ct.T31_BELOW_SLACK == pytest.approx(excess.max())
    assert ct.VERY_LOW_BIAS == pytest.approx(max(t31.loc["Bias", "LDA"], t31.loc["Bias", "1NN"]))
    scalars = pd.read_csv(PUBLISHED / "scalars_sec_3_4.csv").set_index("quantity")["published"]
    assert ct.QUARTER - ct.QUARTER_GAP == pytest.approx(scalars["gamma"])
    sec = pd.read_csv(PUBLISHED / "table_sec_3_4.csv").set_index("Classifier")["Var(p_i/alpha)"]
    assert sec["Substitution PICT"] / sec["Tree Method"] > ct.NSR_RATIO   # "over 4 times" holds as printed


def test_most_reads_more_than_half_of_the_columns():
    t = _table("table_3_1").copy()
    dv = t.loc["Variance (Dietterich)"].copy()
    four = t.copy()
    four.loc["Variance (Dietterich)", ["LDA", "ECOC", "Bagging"]] = 40.0   # 4 of 7 hold
    assert _verdicts("C3.1d", {"table_3_1": four}) == (True, False)
    three = t.copy()
    three.loc["Variance (Dietterich)", ["LDA", "ECOC", "Bagging", "Tree"]] = 40.0   # 3 of 7
    assert _verdicts("C3.1d", {"table_3_1": three}) == (False, False)
    assert (t.loc["Variance (Dietterich)"] == dv).all()


def test_can_only_permits_and_an_unsourced_claim_only_informs():
    t = _table("table_3_2")
    assert _verdicts("C3.2c", {"table_3_2": t}) == (None, True)
    positive = t.copy()
    positive.loc["Variance (Dietterich)"] = 1.0
    assert _verdicts("C3.2c", {"table_3_2": positive}) == (None, False)
    assert _verdicts("C3.2f", {"table_3_2": t}) == (None, True)


def test_similar_is_bounded_by_the_largest_printed_gap_tree_5_included():
    t = _table("table_3_2").copy()
    assert _verdicts("C3.2b", {"table_3_2": t}) == (True, True)
    t.loc["Systematic Effect", "Tree_5"] = t.loc["Bias (Breiman)", "Tree_5"] + 4.2   # the prototype's gap
    assert _verdicts("C3.2b", {"table_3_2": t}) == (False, True)
    t.loc["Systematic Effect", "Tree_5"] = t.loc["Bias (Breiman)", "Tree_5"] + 0.6
    assert _verdicts("C3.2b", {"table_3_2": t})[0] is True


def test_the_variance_clause_and_the_systematic_effect_are_asked():
    t32 = _table("table_3_2").copy()
    t32.loc["Variance Effect", ["Tree_5", "Tree_8", "Tree_13"]] = [3.6, 11.9, 9.9]
    assert _verdicts("C3.2e", {"table_3_2": t32}) == (False, True)
    t31 = _table("table_3_1").copy()
    t31.loc["Systematic Effect", "Bagging"] = t31.loc["Systematic Effect", "Tree"]   # a tie
    assert _verdicts("C3.1g", {"table_3_1": t31}) == (False, True)


def test_no_bias_effect_is_read_at_the_printed_precision():
    t = _table("table_3_1").copy()
    assert _verdicts("C3.1b", {"table_3_1": t}) == (True, True)
    t.loc["Systematic Effect", "LDA"] = 0.08
    assert _verdicts("C3.1b", {"table_3_1": t}) == (False, True)


def test_breiman_bias_joins_the_definitions_that_decrease():
    t = _table("table_3_1").copy()
    assert _verdicts("C3.1f", {"table_3_1": t}) == (True, True)
    t.loc["Bias (Breiman)", ["1NN", "5NN", "11NN"]] = [0.0, 0.1, 0.0]
    assert _verdicts("C3.1f", {"table_3_1": t}) == (False, True)


def test_section_3_4_numbers_are_the_thesis_words():
    s = {"alpha_S": 0.3558, "alpha_T": 0.8225, "ratio_S": 0.4068, "ratio_T": 0.0925, "gamma": 0.227,
         "rho": 0.125, "b_star": 8.58, "b_cross": None}
    assert _verdicts("C3.4b", {"sec_3_4": s}) == (True, True)
    assert _verdicts("C3.4b", {"sec_3_4": {**s, "ratio_S": 3.5 * 0.0925}}) == (False, True)
    assert _verdicts("C3.4c", {"sec_3_4": s})[0] is True
    assert _verdicts("C3.4c", {"sec_3_4": {**s, "gamma": 0.20}}) == (False, True)
    assert _verdicts("C3.4a", {"sec_3_4": {**s, "alpha_S": 0.5}}) == (True, False)


def test_the_crossing_is_judged_by_its_grid_interval_and_two_se_of_the_bound():
    grid = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20]
    figure = {"Substitution": dict.fromkeys(grid, 30.0), "ECOC": dict.fromkeys(grid, 31.0), "Tree": 33.0}
    s = {"b_star": 6.9, "b_cross": 7, "jackknife_se": {"b_star": 0.2}}
    assert _claim("C3.4d").evaluate({"sec_3_4": s, "figure_3_1": figure})[0] is True   # 6 < 6.9 ≤ 7
    far = {**s, "b_cross": 10}                                                        # 2.1 from (9, 10]
    assert _claim("C3.4d").evaluate({"sec_3_4": far, "figure_3_1": figure})[0] is False
    wide = {**far, "jackknife_se": {"b_star": 1.5}}
    assert _claim("C3.4d").evaluate({"sec_3_4": wide, "figure_3_1": figure})[0] is True
    never = {**s, "b_cross": None}
    assert _claim("C3.4d").evaluate({"sec_3_4": never, "figure_3_1": figure})[0] is False
    assert _claim("C3.4d").evaluate({"sec_3_4": {**s, "jackknife_se": {}}, "figure_3_1": figure})[0] is None
    assert _claim("C3.4d").evaluate({"sec_3_4": s})[0] is None                         # no curve published


def test_ecoc_and_substitution_agree_at_b_100_within_the_printed_disagreement():
    grid = [1, 10, 100]
    figure = {"Substitution": {1: 55.0, 10: 31.0, 100: 29.0}, "ECOC": {1: 93.0, 10: 31.5, 100: 32.9},
              "Tree": 33.0}
    assert _verdicts("C3.4e", {"figure_3_1": figure}) == (True, False)   # ECOC at B = 10 not 1.5 worse
    figure["ECOC"] = {b: v for b, v in zip(grid, (93.0, 45.0, 33.1), strict=True)}
    assert _verdicts("C3.4e", {"figure_3_1": figure})[0] is False


def _margins(te, tr, c0=0.05, rss=(1.0, 0.9, 0.3)):
    te, tr = np.asarray(te, dtype=float), np.asarray(tr, dtype=float)
    return {"test_error": te.tolist(), "smoothed_test": te.tolist(),
            "training_prediction": (tr + c0).tolist(),
            "schapire_prediction": (tr + c0 + 0.01).tolist(),
            "rss": dict(zip(("training", "schapire", "normal"), rss, strict=True))}


def test_chapter_4_reads_where_the_training_model_levels_out():
    B = np.arange(1, 101)
    te = 0.5 * np.exp(-B / 40) + 0.1                  # still falling at B = 100
    tr = np.maximum(0.6 - 0.05 * B, 0.0)              # reaches 0 at B = 12 and stays
    m = _margins(te, tr)
    assert ct._levels_out(m["training_prediction"]) == 12
    for cid in ("C4a", "C4b"):
        assert _claim(cid).evaluate({"margins": m})[0] is True, cid
    flat = _margins(np.where(B < 12, te, te[11]), tr)     # the test error levels out with the model
    assert _claim("C4a").evaluate({"margins": flat})[0] is False
    slow = _margins(te, np.maximum(0.45 - 0.0001 * B, 0.0))   # the model falls slower than the test error
    assert _claim("C4b").evaluate({"margins": slow})[0] is False


def test_not_a_significant_improvement_is_a_nested_f_test():
    B = np.arange(1, 101)
    te, tr = 0.5 * np.exp(-B / 40) + 0.1, np.maximum(0.6 - 0.05 * B, 0.0)
    # F = (RSS_T − RSS_S)/(RSS_S/98): 1.0 → 0.99 gives F ≈ 0.99 (p ≈ 0.32); 1.0 → 0.9 gives F ≈ 10.9
    assert _claim("C4c").evaluate({"margins": _margins(te, tr, rss=(1.0, 0.99, 0.3))})[0] is True
    assert _verdicts("C4c", {"margins": _margins(te, tr, rss=(1.0, 0.9, 0.3))}) == (False, True)
    # "much more accuracy than either": a smaller RSS than both, the half no longer asked
    assert _verdicts("C4d", {"margins": _margins(te, tr, rss=(1.0, 0.9, 0.6))}) == (True, False)
    assert _claim("C4d").evaluate({"margins": _margins(te, tr, rss=(0.5, 0.9, 0.6))})[0] is False
    summary = _claim("C4e").evaluate({"margin_splits": [_margins(te, tr)] * 3})
    assert summary[0] is None and "C4a 3/3" in summary[1]


def test_cl03_fits_the_last_four_group_means_as_the_matrix_points():
    groups = [15, 26, 40, 70, 100, 200]
    rng = np.random.default_rng(0)
    points = pd.DataFrame([{"B": b, "matrix": m, "err": 20 + 60 / np.sqrt(b) + rng.normal(0, 0.5)}
                           for b in groups for m in range(5)])
    fits = fit_settling_curves(points, groups)
    means = points.groupby("B")["err"].mean().to_dict()
    a, slope = ct._inverse_fit(means, groups[-4:])
    for b in groups[:2]:
        assert a + slope / b == pytest.approx(float(predict_curve(fits, "1/B", b)))
    settling = {"group_means": {str(b): v for b, v in means.items()},
                "sqrt_fit_at": {str(b): float(predict_curve(fits, "1/sqrt(B)", b)) for b in groups[-2:]}}
    holds, values, _ = _claim("CL-03").evaluate({"settling": settling})
    assert "1/B fit at B = 26" in values
    # the 1/B fit under the second group's mean fails the reading, not the earlier one (first group only)
    low = dict(means)
    low[26] = a + slope / 26 + 1.0
    settling_low = {**settling, "group_means": {str(b): v for b, v in low.items()}}
    assert _claim("CL-03").evaluate({"settling": settling_low})[0] is False
    assert holds in (True, False)
