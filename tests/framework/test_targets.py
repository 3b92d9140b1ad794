"""A paper's declared targets (mavl.reproduction.targets): the files its rule asks for, the counts."""

import pytest

from mavl.reproduction.targets import Target, counts, final_targets, target_files

TABLE = Target("table_1", "table", ["results/p/table_1.csv", "results/p/table_1.compare.csv"])
FIGURE = Target("figure_2", "figure", ("results/p/figure_2.png", "results/p/figure_2.csv"))
EXTRA = Target("check", "extra", ["results/p/extra_check.csv"])
COMPARISON = ["results/p/comparison.csv", "results/p/comparison_summary.json"]


def test_final_targets_are_the_targets_files_in_order_then_the_comparison():
    assert final_targets([TABLE, FIGURE], COMPARISON) == [
        "results/p/table_1.csv", "results/p/table_1.compare.csv", "results/p/figure_2.png",
        "results/p/figure_2.csv", "results/p/comparison.csv", "results/p/comparison_summary.json"]


def test_a_file_two_targets_share_is_listed_once():
    shared = Target("figure_3", "figure", ["results/p/figure_3.png", "results/p/table_1.csv"])
    assert target_files([TABLE, shared]).count("results/p/table_1.csv") == 1
    assert final_targets([TABLE], ["results/p/table_1.csv"]) == list(TABLE.files)


def test_counts_give_every_kind():
    assert counts([TABLE, FIGURE, FIGURE, EXTRA]) == {"table": 1, "figure": 2, "extra": 1}
    assert counts([]) == {"table": 0, "figure": 0, "extra": 0}


def test_a_target_names_its_kind_and_at_least_one_file():
    assert isinstance(TABLE.files, tuple)
    with pytest.raises(ValueError, match="kind must be one of"):
        Target("table_1", "tabel", ["x.csv"])
    with pytest.raises(ValueError, match="names no file"):
        Target("table_1", "table", [])
