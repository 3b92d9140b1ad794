"""Valentini (2003) chapter 5: F5/F6 runs, Tables 5.1–5.2, Figures 5.4–5.25, claims Q5.1–Q5.10."""

import numpy as np
import pandas as pd
import pytest

from mavl.bias_variance.domingos import domingos_decomposition
from mavl.ensemble.aggregating import RandomAggregatingClassifier
from mavl.papers.valentini2003.chapter4.jobs import classifier_error_sd
from mavl.papers.valentini2003.chapter5.claims import CLAIMS
from mavl.papers.valentini2003.chapter5.figures import FIGURES
from mavl.papers.valentini2003.chapter5.jobs import CH5_COLUMNS, ensemble_data, ensemble_votes, run_ensembles
from mavl.papers.valentini2003.chapter5.tables import table_5, table_5_1, table_5_2
from mavl.svm.grid import thesis_svc

PUBLISHED = "resources/published/valentini2003"
TINY = {"n_ensembles": 3, "n_members": 4, "seed": 7, "synthetic_test_size": 150,
        "synthetic_pool_size": 400}
GRIDS = {"rbf": {"sigma": [1.0, 20.0], "C": [1.0, 100.0]}, "poly": {"degree": [1, 3], "C": [1.0]},
         "linear": {"C": [1.0, 100.0]}}


@pytest.fixture(scope="module")
def frame():
    parts = [run_ensembles("p2", kernel, method, grid=GRIDS[kernel], **TINY)
             for kernel in ("rbf", "poly", "linear") for method in ("bagging", "randagg")]
    return pd.concat(parts, ignore_index=True)


def test_frame_columns_and_rows(frame):
    assert list(frame.columns) == CH5_COLUMNS
    rbf_bag = frame[(frame["kernel"] == "rbf") & (frame["method"] == "bagging")]
    assert len(rbf_bag) == 4 * 4 and sorted(rbf_bag["k"].unique()) == [1, 2, 3, 4]
    single = frame[frame["method"] == "single"]
    assert (single["k"] == 1).all()
    # A24: the F5 and F6 jobs carry the same single reference.
    a, b = (single[single["kernel"] == "rbf"].iloc[i * 4:(i + 1) * 4] for i in (0, 1))
    np.testing.assert_array_equal(a["error"].to_numpy(), b["error"].to_numpy())
    # §1.5: for two classes error = bias + net variance exactly.
    np.testing.assert_allclose(frame["error"], frame["bias"] + frame["net_var"], atol=1e-12)


@pytest.mark.parametrize("method", ["bagging", "randagg"])
def test_prefixes_equal_direct_ensembles(method):
    """k = m equals a RandomAggregatingClassifier fit on the same samples; prefix k a fit of size k."""
    kwargs = {"n_ensembles": 2, "n_members": 5, "seed": 3, "test_cap": 120}
    grid = {"sigma": [5.0], "C": [10.0]}
    out = run_ensembles("letter_two", "rbf", method, grid=grid, **kwargs)
    data = ensemble_data("letter_two", method, **kwargs)
    X, y, X_test, y_test = data["X"], data["y"], data["X_test"], data["y_test"]
    for k in (2, 5):
        preds = []
        for i, seed in enumerate(data["member_seeds"]):
            est = RandomAggregatingClassifier(thesis_svc("rbf", 10.0, 5.0, n_features=X.shape[1]),
                                              n_estimators=k, random_state=int(seed),
                                              max_samples=None if method == "bagging" else 100)
            rows = data["base"][i] if method == "bagging" else slice(None)
            preds.append(est.fit(X[rows], y[rows]).predict(X_test))
        expected = domingos_decomposition(np.array(preds), y_test, classes=(0, 1)).summary
        row = out[(out["method"] == method) & (out["k"] == k)].iloc[0]
        assert row["error"] == pytest.approx(expected["error"], abs=1e-12)
        assert row["bias"] == pytest.approx(expected["bias"], abs=1e-12)


def test_vote_ties_section_1_5():
    pred = np.array([[1], [0], [0], [1]], dtype=np.int8)
    dec = np.array([[0.5], [-0.25], [-0.5], [0.25]])
    # k=2 tie, sum 0.25 → 1; k=3 majority 0; k=4 tie, sum 0 → +1 class (exactly 0 goes to +1).
    assert ensemble_votes(pred, dec)[:, 0].tolist() == [1, 1, 0, 1]
    assert ensemble_votes(pred, -dec)[:, 0].tolist() == [1, 0, 0, 1]
    assert ensemble_votes(pred, -dec, "last_class")[:, 0].tolist() == [1, 1, 0, 1]


@pytest.mark.parametrize("vote_ties", ["decision_sum", "last_class"])
def test_vote_prefix_sums_as_cumsum(vote_ties):
    # Member-by-member prefix sums are numpy's cumsum bit for bit: the same votes on exact ties and
    # on summed decision values of every sign (zeros included).
    rng = np.random.default_rng(5)
    dec = rng.normal(size=(3, 8, 40))
    dec[:, ::3] = 0.0
    dec[:, 1::4] = -dec[:, ::4][:, : dec[:, 1::4].shape[1]]
    pred = (dec >= 0).astype(np.int8)
    k = np.arange(1, 9)[:, None]
    twice = 2 * np.cumsum(pred, axis=-2, dtype=np.int32)
    tie = np.cumsum(dec, axis=-2) >= 0 if vote_ties == "decision_sum" else True
    expected = np.where(twice > k, 1, np.where(twice < k, 0, tie)).astype(np.int8)
    votes = ensemble_votes(pred, dec, vote_ties)
    assert votes.dtype == np.int8 and np.array_equal(votes, expected)


def test_determinism():
    kwargs = {"grid": {"C": [1.0]}, "n_ensembles": 2, "n_members": 3, "seed": 11, "test_cap": 80}
    a = run_ensembles("letter_two", "linear", "randagg", **kwargs)
    b = run_ensembles("letter_two", "linear", "randagg", **kwargs)
    pd.testing.assert_frame_equal(a, b)


def test_generator_option_draws_fresh_points():
    data = ensemble_data("p2", "randagg", n_ensembles=2, n_members=3, seed=1, synthetic_ra="generator",
                         synthetic_pool_size=200, synthetic_test_size=50)
    assert data["X"].shape[0] == 200 + 2 * 3 * 100
    assert np.unique(data["members"]).size == 600


def _constructed():
    rows = []
    for method, errors in (("single", [0.20, 0.10, 0.15]), ("bagging", [0.18, 0.12, 0.09]),
                           ("randagg", [0.05, 0.08, 0.07])):
        for C, e in zip([1.0, 10.0, 100.0], errors, strict=True):
            k = 1 if method == "single" else 5
            rows.append({"data_set": "spam", "kernel": "linear", "method": method, "C": C, "sigma": np.nan,
                         "degree": np.nan, "k": k, "n_members": 5, "n_samples": 3, "error": e,
                         "bias": e - 0.01, "net_var": 0.01, "var_unbiased": 0.02, "var_biased": 0.01,
                         "var": 0.03, "substitute": False})
    return pd.DataFrame(rows)


def test_table_row_rule_a13():
    frame = _constructed()
    published = pd.read_csv(f"{PUBLISHED}/table_5_1.csv")
    inconsistent = pd.read_csv(f"{PUBLISHED}/inconsistent_cells.csv")
    t = table_5_1(frame, published, inconsistent)
    row = t.iloc[0]
    assert (row["dataset"], row["kernel"]) == ("Spam", "D-prod SVM")
    assert (row["E_SVM"], row["E_bag"], row["single_C"], row["ensemble_C"]) == (0.10, 0.09, 10.0, 100.0)
    assert row["pct_error_reduction"] == pytest.approx(10.0)
    assert row["published_E_bag"] == 0.1389
    same = table_5(frame, "bagging", row_rule="same_parameter").iloc[0]
    assert (same["E_bag"], same["ensemble_C"]) == (0.12, 10.0)
    assert table_5_2(frame).iloc[0]["E_agg"] == 0.05


def test_inconsistent_cells_flagged():
    frame = _constructed().assign(data_set="letter_two_noise", kernel="rbf", sigma=1.0)
    t = table_5_2(frame, pd.read_csv(f"{PUBLISHED}/table_5_2.csv"),
                  pd.read_csv(f"{PUBLISHED}/inconsistent_cells.csv"))
    assert "pct_error_reduction: printed 17.55" in t.iloc[0]["published_inconsistent"]


@pytest.mark.parametrize("figure_id", list(FIGURES))
def test_figures_write_png(frame, figure_id, tmp_path):
    png = tmp_path / f"{figure_id}.png"
    out = FIGURES[figure_id].draw(frame, png)
    assert png.stat().st_size > 0 and isinstance(out, pd.DataFrame)


def test_figure_panels_not_computed_and_nearest(frame, tmp_path):
    out = FIGURES["figure_5_7"].draw(frame, tmp_path / "f.png")        # asks C = 0.1; grid has C = 1
    assert set(out["panel"]) == {"a", "b"} and (out["fixed_used"] == 1.0).all()


def _printed():
    """The thesis's tables the claims read their tolerances from (evidence ``printed``)."""
    tables = ("table_4_2", "table_5_1", "table_5_2")
    return {"printed": {t: pd.read_csv(f"{PUBLISHED}/{t}.csv") for t in tables}}


def test_claims_on_published_tables():
    printed = _printed()
    published = {"bag": printed["printed"]["table_5_1"], "agg": printed["printed"]["table_5_2"], **printed}
    verdicts = {r["claim_id"]: r for r in CLAIMS.judge(published, {})}
    assert len(CLAIMS) == 10
    # The tolerances come from the printed tables, so the thesis's own numbers meet them.
    for claim in ("Q5.1", "Q5.2", "Q5.3", "Q5.6", "Q5.7", "Q5.8"):
        assert verdicts[claim]["holds_published"] is True, claim
    # The earlier readings: Q5.6 failed on the thesis's own 69.88 %, Q5.1 had no published verdict.
    assert verdicts["Q5.6"]["previous_holds_published"] is False
    assert verdicts["Q5.1"]["previous_holds_published"] is None
    assert verdicts["Q5.4"]["values_published"] == "no numbers published"


def _reductions(table, **changes):
    out = table.copy()
    for column, (row, value) in changes.items():
        out.loc[row, column] = value
    return out


def test_q5_1_bias_not_reduced_beyond_the_printed_16_87_percent_section_5_2_5():
    printed = _printed()
    bag = printed["printed"]["table_5_1"]
    raised = _reductions(bag, pct_bias_reduction=(0, -40.0))     # an increase: permitted ("sometimes")
    assert CLAIMS["Q5.1"].evaluate({"bag": raised, **printed})[0] is True
    reduced = _reductions(bag, pct_bias_reduction=(0, 16.88))    # a reduction beyond 16.87 %
    assert CLAIMS["Q5.1"].evaluate({"bag": reduced, **printed})[0] is False


def test_q5_6_close_to_100_percent_follows_the_printed_numbers_section_5_3_5():
    printed = _printed()
    agg = printed["printed"]["table_5_2"]
    # Table 5.2's widest gap to 100 %: 42.65 points (P2 dot-product's 142.65 %), so 57.35 % is in.
    inside, outside = (_reductions(agg, pct_netvar_reduction=(0, x)) for x in (57.35, 57.3))
    assert CLAIMS["Q5.6"].evaluate({"agg": inside, **printed})[0] is True
    assert CLAIMS["Q5.6"].evaluate({"agg": outside, **printed})[0] is False


def test_q5_7_bias_substantially_unchanged_within_22_33_percent_section_5_3_5():
    printed = _printed()
    agg = printed["printed"]["table_5_2"]
    p2_rbf = _reductions(agg, pct_bias_reduction=(0, 60.0))      # P2 RBF: the thesis's own exception
    assert CLAIMS["Q5.7"].evaluate({"agg": p2_rbf, **printed})[0] is True
    spam_rbf = agg.index[(agg["dataset"] == "Spam") & (agg["kernel"] == "RBF-SVM")][0]
    moved = _reductions(agg, pct_bias_reduction=(spam_rbf, -22.4))
    assert CLAIMS["Q5.7"].evaluate({"agg": moved, **printed})[0] is False


def test_claims_on_constructed_tables():
    frame = _constructed()
    evidence = {"bag": table_5_1(frame), "agg": table_5_2(frame), "frame": frame, **_printed()}
    verdicts = {r["claim_id"]: r["holds_reproduced"] for r in CLAIMS.judge({}, evidence)}
    assert verdicts["Q5.1"] is True             # bias 0.09 → 0.08: an 11 % reduction ≤ 16.87 %
    assert verdicts["Q5.8"] is True             # 0.05 < 0.09 in the one pair
    assert verdicts["Q5.4"] is None             # the plotted models are not in this frame


def test_claims_on_reproduced_frame(frame):
    evidence = {"bag": table_5_1(frame), "agg": table_5_2(frame), "frame": frame, **_printed()}
    rows = CLAIMS.judge({}, evidence)
    assert [r["claim_id"] for r in rows] == [f"Q5.{i}" for i in range(1, 11)]
    assert all(isinstance(r["values_reproduced"], str) for r in rows)


def test_classifier_error_sd_of_a_stack_is_one_per_matrix():
    """Chapter 5 takes the SD of every prefix k at once: the same numbers as one call per k."""
    rng = np.random.default_rng(5)
    for n in (1, 2, 37):
        predictions = (rng.random((6, n, 400)) < 0.3).astype(np.int8)
        y_test = rng.integers(0, 2, size=400).astype(np.int8)
        stacked = classifier_error_sd(predictions, y_test)
        one = [classifier_error_sd(predictions[k], y_test) for k in range(6)]
        np.testing.assert_array_equal(stacked, one)
        assert np.isnan(stacked).all() == (n == 1)
