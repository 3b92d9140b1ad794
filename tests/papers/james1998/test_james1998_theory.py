"""The analytic, static and illustrative targets, the settling fits, and the theory claims."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mavl.output_codes.bounds import ecoc_error_bound, raw_bound
from mavl.papers.james1998.bias_variance_tables import compare_bias_variance
from mavl.papers.james1998.bound_table import bound_table, compare_bound_table, display_value
from mavl.papers.james1998.claims_theory import THEORY_CLAIMS
from mavl.papers.james1998.illustrations import cube_points, digits_grid, plot_cube, table_2_1_display
from mavl.papers.james1998.settling import fit_settling_curves, settling_claims

PUBLISHED = Path(__file__).resolve().parents[3] / "resources" / "published" / "james1998"


def test_bound_values_of_spec_6_5():
    assert display_value(ecoc_error_bound(10, 50, 0.5, "printed")) == 0.395
    assert display_value(ecoc_error_bound(10, 1000, 0.2, "hoeffding")) == 0.061
    assert display_value(ecoc_error_bound(10, 200, 0.2, "printed")) == 0.061
    assert raw_bound(10, 1000, 0.9, "printed") == pytest.approx(1.25e-48, rel=0.01)   # the footnote
    assert ecoc_error_bound(10, 10, 0.2) == 1.0
    table = bound_table(10, [10, 50], [0.2, 0.9], "hoeffding")
    assert list(table.columns) == ["gap", "B10", "B50"]
    with pytest.raises(ValueError, match="form"):
        ecoc_error_bound(10, 10, 0.2, "other")


def test_published_table_2_2_follows_neither_form_throughout():
    compare = compare_bound_table(pd.read_csv(PUBLISHED / "table_2_2.csv"), 10)
    printed_misses = set(map(tuple, compare.loc[~compare["matches_printed"], ["gap", "B"]].to_numpy()))
    assert printed_misses == {(0.2, 100), (0.2, 200), (0.2, 1000), (0.5, 50), (0.5, 100), (0.5, 200)}
    hoeffding_misses = compare.loc[~compare["matches_hoeffding"], ["gap", "B"]].to_numpy().tolist()
    assert hoeffding_misses == [[0.9, 50]]


def test_table_2_1_is_printed_with_the_hidden_columns_marked():
    printed = pd.read_csv(PUBLISHED / "table_2_1.csv")
    shown = table_2_1_display(printed)
    assert list(shown.columns) == ["class", "Z1", "Z2", "Z3", "Z4", "Z5", "Z6", "Z7..Z14", "Z15"]
    assert shown.loc[0, ["Z1", "Z2", "Z15"]].tolist() == [1, 1, 1]
    # Every printed column splits the classes (none is constant), and the rows are distinct.
    assert (printed.drop(columns="class").nunique() == 2).all()
    assert not printed.drop(columns="class").duplicated().any()


def test_digits_grid_row_one_is_zero_to_nine():
    from sklearn.datasets import load_digits

    grid = digits_grid(np.random.default_rng(0))
    assert grid.shape == (4, 10)
    assert load_digits().target[grid[0]].tolist() == list(range(10))
    assert np.unique(grid).size == 40
    np.testing.assert_array_equal(grid, digits_grid(np.random.default_rng(0)))


def test_figure_2_5_moves_class_three_toward_class_two():
    X, y = cube_points("2.5", np.random.default_rng(1))
    moved = X[y == 2]
    assert np.mean(moved[:, 0] > moved[:, 2]) > 0.5        # mostly on class 2's side of x1 = x3
    _, frame = plot_cube("2.5", np.random.default_rng(1))
    three = frame[frame["class"] == 3]
    assert (three["centroid_class"] == 3).sum() > (three["vertex_class"] == 3).sum()
    X1, _ = cube_points("2.1", np.random.default_rng(1))
    assert ((X1 >= 0) & (X1 <= 1)).all()


def test_settling_fits_recover_known_curves():
    groups = [15, 26, 40, 70, 100, 200]
    B = np.repeat(groups, 5)
    points = pd.DataFrame({"B": B, "err": 10 + 80 / np.sqrt(B)})
    fits = fit_settling_curves(points, groups).set_index(["curve", "groups"])
    assert fits.loc[("1/sqrt(B)", "first"), "a"] == pytest.approx(10)
    assert fits.loc[("1/sqrt(B)", "first"), "b"] == pytest.approx(80)
    assert fits.loc[("1/sqrt(B)", "last"), "r2"] == pytest.approx(1.0)
    assert fits.loc[("1/B", "last"), "r2"] < 1.0
    claims = settling_claims(points, fits.reset_index(), groups)
    # An exact 1/sqrt(B) curve: the sqrt fit does not under-predict the last groups.
    assert claims["a_sqrt_underpredicts_last_two"] is False


def test_implied_cells_replace_inconsistent_published_ones():
    published = pd.read_csv(PUBLISHED / "table_3_2.csv").set_index("Classifier")
    compare = compare_bias_variance(published, published)
    flagged = compare[compare["note"] != ""]
    assert sorted(flagged["method"]) == ["Bagging", "Tree_13", "Tree_8"]
    tree8 = flagged.set_index("method").loc["Tree_8"]
    assert tree8["compared_to"] == pytest.approx(37.2 - 41.0)
    assert set(compare.loc[compare["method"] == "Tree_5", "tolerance"].dropna()) == {5.0}
    # The published table against itself: every consistent gated cell is within the target.
    consistent = compare[(compare["note"] == "") & compare["tolerance"].notna()]
    assert (consistent["status"] == "within target").all()


def test_claims_hold_on_the_published_tables_as_the_spec_says():
    def table(name):
        return pd.read_csv(PUBLISHED / f"{name}.csv").set_index("Classifier").astype(float)

    scalars = pd.read_csv(PUBLISHED / "scalars_sec_3_4.csv").set_index("quantity")["published"]
    evidence = {"table_3_1": table("table_3_1"), "table_3_2": table("table_3_2"),
                "sec_3_4": {"alpha_S": 0.3558, "alpha_T": 0.8225, "ratio_S": 0.4068, "ratio_T": 0.0925,
                            "gamma": scalars["gamma"], "rho": scalars["rho"], "b_star": scalars["b_star"],
                            "b_cross": None},
                "bound": {"cells": 15, "printed_mismatches": 6, "hoeffding_mismatches": 1}}
    verdicts = {row["claim_id"]: row["holds_published"]
                for row in THEORY_CLAIMS.judge(evidence, evidence)}
    # "can" (C3.2c) only permits and C3.2f has no sentence of the thesis: neither gives a verdict
    assert verdicts["C3.2c"] is None and verdicts["C3.2f"] is None
    judged = [c for c in verdicts if c.startswith(("C3.1", "C3.2")) and c not in ("C3.2c", "C3.2f")]
    assert all(verdicts[c] for c in judged)
    assert verdicts["C3.4a"] and verdicts["C3.4b"] and verdicts["C3.4c"]
    assert verdicts["C3.4d"] is None and verdicts["C4a"] is None
    assert verdicts["CL-08"] is False
