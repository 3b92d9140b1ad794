"""james1998's comparison.csv: every published cell judged by the framework's rule (Chapter 2 with
the thesis's average SE, Table 2.2 with its display rounding and the Hoeffding reading, Tables
3.1/3.2 with the test-point SE, the Section 3.4 table), and the report's summary."""

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mavl.papers.james1998.bias_variance_tables import compare_bias_variance
from mavl.papers.james1998.bound_table import compare_bound_table
from mavl.papers.james1998.case_study import jackknife_se, shrinkage_estimates
from mavl.papers.james1998.comparison import (
    BIAS_VARIANCE_RUNS,
    CASE_STUDY_SETS,
    bias_variance_rows,
    bound_cells,
    bound_sweep,
    case_study_cells,
    chapter2_cells,
)
from mavl.reproduction.compare import compare
from mavl.reproduction.comparison import cell_frame, judge, summary, target_summary, write_comparison
from mavl.reproduction.io import write_table

PUBLISHED = Path(__file__).resolve().parents[3] / "resources" / "published" / "james1998"


def _chapter2_dir(tmp_path):
    # A two-method table: Regression undefined at B = 2; Tree one run printed in both columns.
    published = pd.DataFrame({"method": ["Regression", "Tree"], "B2": [100.0, 30.0], "B40": [20.0, 30.0]})
    mean = pd.DataFrame({"B2": [90.0, 33.0], "B40": [23.5, 33.0]}, index=["Regression", "Tree"])
    se = pd.DataFrame({"B2": [1.0, 1.0], "B40": [1.0, 1.0]}, index=mean.index)
    undefined = pd.DataFrame({"B2": [True, False], "B40": [False, False]}, index=mean.index)
    write_table(compare(published, mean, se, undefined, published_se=1.0, n_replicates=10),
                tmp_path / "table_x.compare.csv")
    (tmp_path / "table_x.summary.json").write_text(json.dumps(
        {"replicates": 10, "published_average_se": 1.0}))
    return {"targets": {"table_x": {"kind": "table", "experiment": "E"}}}


def test_chapter2_cells_use_the_average_se_mark_undefined_and_count_a_constant_row_once(tmp_path):
    config = _chapter2_dir(tmp_path)
    cells = judge(cell_frame("james1998", chapter2_cells(config, tmp_path)))
    by = cells.set_index(["row", "column"])
    assert by.loc[("Regression", "B=2"), "verdict"] == "not reproduced"
    assert "B < k" in by.loc[("Regression", "B=2"), "reason"]
    # |23.5 − 20| = 3.5; combined sqrt(1² + 1²) = 1.414; 3·1.414 = 4.24 → agrees
    assert by.loc[("Regression", "B=40"), "verdict"] == "agrees"
    assert by.loc[("Regression", "B=40"), "combined_se"] == pytest.approx(np.sqrt(2))
    # Decision 8 leaves the thesis's printed average SE alone: no published replicate count
    assert (cells["published_replicates"] == 0).all() and (cells["published_se"] == 1.0).all()
    assert by.loc[("Tree", "B=2"), "repeat_of"] == ""
    assert by.loc[("Tree", "B=40"), "repeat_of"] == "table_x/Tree/B=2"
    counts = summary(cells)
    assert (counts["compared"], counts["repeated_cells"], counts["not_reproduced"]) == (2, 1, 1)


def test_within_3se_of_the_old_comparison_is_the_framework_rule():
    published = pd.DataFrame({"method": ["A"], "B2": [10.0], "B5": [10.0]})
    mean = pd.DataFrame({"B2": [14.24], "B5": [14.25]}, index=["A"])
    se = pd.DataFrame({"B2": [1.0], "B5": [1.0]}, index=["A"])
    undefined = pd.DataFrame(False, index=mean.index, columns=mean.columns)
    out = compare(published, mean, se, undefined, published_se=1.0, n_replicates=5)
    assert out["within_3se"].tolist() == [True, False]     # 3·√2 = 4.243


def test_table_2_2_misses_of_the_printed_form_are_explained_by_the_hoeffding_reading(tmp_path):
    write_table(compare_bound_table(pd.read_csv(PUBLISHED / "table_2_2.csv"), 10),
                tmp_path / "table_2_2.compare.csv")
    cells = cell_frame("james1998", bound_cells(tmp_path))
    judged, readings, counts = write_comparison(cells, tmp_path / "c.csv", sweeps=bound_sweep(tmp_path))
    explained = judged[judged["verdict"] == "explained"]
    assert sorted(zip(explained["row"], explained["column"], strict=True)) == [
        ("0.2", "B=100"), ("0.2", "B=1000"), ("0.2", "B=200"),
        ("0.5", "B=100"), ("0.5", "B=200"), ("0.5", "B=50")]
    assert (counts["agrees"], counts["explained"], counts["unexplained"]) == (9, 6, 0)
    chosen = readings[readings["chosen"]]
    assert list(chosen["reading"]) == ["hoeffding"] and int(chosen["misses_now_agreeing"].iloc[0]) == 6


def test_table_3_2_inconsistent_cells_are_explained_only_where_the_implied_value_agrees():
    published = pd.read_csv(PUBLISHED / "table_3_2.csv").set_index("Classifier")
    printed = pd.read_csv(PUBLISHED / "table_3_2.csv", dtype=str).set_index("Classifier")
    reproduced = published.copy()
    implied = published.loc["Prediction Error"] - published.loc["Bias (Dietterich)"]
    reproduced.loc["Variance (Dietterich)"] = implied          # agrees with the implied values
    reproduced.loc["Variance (Dietterich)", "Bagging"] = implied["Bagging"] + 5.0   # but not here
    compare = compare_bias_variance(published, reproduced)
    se = {(r, m): 0.2 for r in published.index for m in published.columns} | {"n_points": 1040}
    rows = bias_variance_rows("table_3_2", compare, printed, se, dict.fromkeys(published.columns, 100))
    cells = judge(cell_frame("james1998", rows)).set_index(["row", "column"])
    variance = cells.loc["Variance (Dietterich)"]
    assert list(variance.index[variance["verdict"] == "explained"]) == ["Tree_8", "Tree_13"]
    assert variance.loc["Bagging", "verdict"] == "unexplained"
    assert "contradicts its own column" in variance.loc["Tree_13", "reason"]
    # Calibration cells are not predictions.
    assert cells.loc[("Prediction Error", "LDA"), "verdict"] == "not reproduced"
    assert (cells.loc["Bayes Error", "verdict"] == "not reproduced").all()
    assert cells.loc[("Bias (Dietterich)", "ECOC"), "verdict"] == "agrees"
    # Decision 8: the printed table is one run of our design (BIAS_VARIANCE_RUNS = 1), so its SE is
    # our run's SE (0.2 here), the rounding half-width (0.05) its floor.
    cell = cells.loc[("Bias (Dietterich)", "ECOC")]
    assert cell["published_replicates"] == BIAS_VARIANCE_RUNS == 1
    assert cell["published_se"] == pytest.approx(0.2) and cell["published_se_printed"] == pytest.approx(0.05)
    assert "decision 8" in cell["published_se_source"]


def test_jackknife_se_of_the_section_3_4_estimators():
    rng = np.random.default_rng(0)
    q = rng.dirichlet(np.ones(4), size=30)
    tree = rng.dirichlet(np.ones(4), size=(6, 30))
    sub = rng.dirichlet(np.ones(4), size=(6, 5, 30))
    se = jackknife_se(q, tree, sub)
    # The jackknife of a mean over sets is the usual SE of that mean: check on var_T's pieces
    # by hand for one scalar, alpha_T, against the formula.
    loo = [shrinkage_estimates(q, np.delete(tree, t, 0), np.delete(sub, t, 0))["alpha_T"] for t in range(6)]
    assert se["alpha_T"] == pytest.approx(np.sqrt(5 / 6 * np.sum((np.array(loo) - np.mean(loo)) ** 2)))
    assert jackknife_se(q, tree[:2], sub[:2]) == {}


def test_case_study_cells_carry_the_jackknife_se(tmp_path):
    write_table(pd.DataFrame({"quantity": ["Tree Method alpha", "gamma", "b_cross"],
                              "published": [0.8225, 0.227, np.nan], "reproduced": [0.88, 0.23, 7.0]}),
                tmp_path / "table_sec_3_4.compare.csv")
    (tmp_path / "raw" / "case_study").mkdir(parents=True)
    (tmp_path / "raw" / "case_study" / "scalars.json").write_text(json.dumps(
        {"training_sets": 10, "jackknife_se": {"alpha_T": 0.02, "gamma": None}}))
    cells = judge(cell_frame("james1998", case_study_cells(tmp_path, PUBLISHED))).set_index("column")
    assert list(cells.index) == ["alpha", "gamma"]                      # b_cross has no published number
    # Decision 8: the thesis pools 10 training sets (CASE_STUDY_SETS); our jackknife SE over our 10
    # gives s_ours = 0.02·√10, so the printed value's SE is s_ours/√10 = 0.02 (rounding 0.00005 the floor).
    assert (cells["published_replicates"] == CASE_STUDY_SETS).all() and CASE_STUDY_SETS == 10
    assert cells.loc["alpha", "published_se"] == pytest.approx(0.02)
    assert cells.loc["alpha", "published_se_printed"] == pytest.approx(0.00005)
    # |0.88 − 0.8225| = 0.0575 ≤ 3·sqrt(0.02² + 0.02²) = 0.085 → agrees (and did on the rounding alone)
    assert cells.loc["alpha", "verdict"] == cells.loc["alpha", "verdict_printed_se"] == "agrees"
    # gamma: no jackknife SE, so no spread to scale: the rounding stays its SE
    assert cells.loc["gamma", "published_se"] == pytest.approx(0.0005)
    assert np.isnan(cells.loc["gamma", "reproduced_se"]) and cells.loc["gamma", "verdict"] == "unexplained"


def test_the_cells_by_table_count_the_tree_once_and_its_reprint_apart(tmp_path):
    config = _chapter2_dir(tmp_path)
    cells = judge(cell_frame("james1998", chapter2_cells(config, tmp_path)))
    row = target_summary(cells).iloc[0]
    # Regression B=40 and Tree B=2 compared (both agree), Regression B=2 undefined, Tree B=40 a reprint.
    assert (row["target"], row["compared"], row["agrees"], row["not_reproduced"], row["repeats"]) == (
        "table_x", 2, 2, 1, 1)
