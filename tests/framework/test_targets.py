"""A paper's declared targets (mavl.reproduction.targets): the files its rule asks for, the counts,
every paper's declaration read from the config."""

import sys
import types

import pytest

from mavl.reproduction.registry import papers
from mavl.reproduction.targets import Target, counts, declared_by_paper, final_targets, listing, target_files

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


def _fake_paper(monkeypatch, name, figure_id):
    """A paper package ``mavl.papers.<name>`` whose settings are its config section and whose one
    figure's id is ``figure_id`` plus that section's ``suffix``."""
    package = types.ModuleType(f"mavl.papers.{name}")
    targets = types.ModuleType(f"{package.__name__}.targets")
    package.settings = lambda config: {**config[name], "scale": config["scale"]}
    targets.declared_targets = lambda settings: iter(
        [Target(figure_id + settings["suffix"], "figure", [f"results/{name}/{figure_id}.png"])])
    monkeypatch.setitem(sys.modules, package.__name__, package)
    monkeypatch.setitem(sys.modules, targets.__name__, targets)


def test_every_papers_targets_come_from_its_declaration_with_its_own_settings(monkeypatch):
    _fake_paper(monkeypatch, "zz_second", "figure_2")
    _fake_paper(monkeypatch, "zz_first", "figure_1")
    config = {"scale": "paper", "zz_first": {"suffix": "_a"}, "zz_second": {"suffix": "_b"}}
    declared = declared_by_paper(config, ["zz_second", "zz_first"])
    assert list(declared) == ["zz_second", "zz_first"]                  # in the order asked for
    assert declared["zz_second"] == [Target("figure_2_b", "figure", ["results/zz_second/figure_2.png"])]
    assert [t.id for t in declared["zz_first"]] == ["figure_1_a"]


def test_every_paper_package_is_read_when_none_is_named(monkeypatch):
    assert "james1998" in papers()                  # the package folders, which the default reads
    _fake_paper(monkeypatch, "zz_only", "figure_1")
    monkeypatch.setattr("mavl.reproduction.targets.every_paper", lambda: ["zz_only"])
    assert list(declared_by_paper({"scale": "paper", "zz_only": {"suffix": ""}})) == ["zz_only"]


def test_the_listing_gives_each_paper_its_counts_then_one_aligned_line_per_target():
    figure = Target("figure_10", "figure", ["results/aa/figure_10.png", "results/aa/figure_10.pdf"])
    declared = {"aa": [Target("table_1", "table", ["results/aa/table_1.csv"]), figure], "bb": []}
    lines = listing(declared, lambda path: path.replace("results/", "results/quick/"))
    assert lines == ["aa: 1 table, 1 figure",
                     "  aa_table_1    table   results/quick/aa/table_1.csv",
                     "  aa_figure_10  figure  results/quick/aa/figure_10.png",
                     "",
                     "bb: nothing declared"]
