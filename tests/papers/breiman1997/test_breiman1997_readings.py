"""Breiman (1997), spec decision 7: the readings run as tree rules of the readings scale, their runs,
and the readings the report names closest to each unexplained cell."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.runs import RUN_COLUMNS, base_tree, draw_run, fit_run, nucleotides, run_data_set
from mavl.papers.breiman1997.settings import reading_data_sets, reading_of, tree_rules
from mavl.trees import CategoricalTreeClassifier, PrunedTreeClassifier

ROOT = Path(__file__).resolve().parents[3]
RAW = yaml.safe_load((ROOT / "config.yaml").read_text())


def _config(scale="readings", shared="paper"):
    raw = {**RAW, "scale": shared, "breiman1997": {**RAW["breiman1997"], "scale": scale}}
    return settings(raw)


def test_the_readings_scale_runs_the_four_readings_beside_the_tree_rules():
    paper, readings, quick = _config("default"), _config(), _config(shared="quick")
    assert paper["scale"] == "paper" and quick["scale"] == "quick" and readings["scale"] == "readings"
    assert tree_rules(readings)[:4] == tree_rules(paper)
    assert tree_rules(paper) == ["split", "leaf", "weighted_split", "weighted_leaf_2"]
    assert tree_rules(readings)[4:] == ["weighted_leaf", "pruned_cv", "dna_multiway", "all_steps"]
    assert reading_of(readings, "weighted_leaf") is None                  # a tree rule, at full cost
    assert reading_data_sets(readings, "dna_multiway") == ["dna"]
    assert len(reading_data_sets(readings, "pruned_cv")) == 12
    bad = {**RAW, "breiman1997": {**RAW["breiman1997"], "scale": "readings", "scales": {
        **RAW["breiman1997"]["scales"], "readings": {**RAW["breiman1997"]["scales"]["readings"],
                                                      "tree_rules": ["split", "pruned"]}}}}
    with pytest.raises(ValueError, match=r"scales.readings.tree_rules: \['pruned'\]"):
        settings(bad)


def test_each_reading_builds_its_tree():
    config = _config()
    pruned = base_tree("split", 10, 300, {**config["tree"], **config["readings"]["pruned_cv"]["tree"]})
    assert isinstance(pruned, PrunedTreeClassifier)
    assert (pruned.min_samples_split, pruned.cv, pruned.selection) == (10, 10, "one_se")
    multiway = base_tree("split", 10, 2000, config["tree"], categorical=True)
    assert isinstance(multiway, CategoricalTreeClassifier) and multiway.min_samples_split == 10
    with pytest.raises(ValueError, match="multiway categorical splits take tree rule split"):
        base_tree("leaf", 10, 2000, config["tree"], categorical=True)


def test_dna_nucleotides_decode_the_statlog_indicators():
    X = np.array([[1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]])              # A C G T
    np.testing.assert_array_equal(nucleotides(X), [[1, 2, 3, 0]])
    with pytest.raises(ValueError, match="100, 010, 001, 000"):
        nucleotides(np.array([[1, 1, 0]]))
    config, _ = _with("dna_multiway", _config(shared="quick"))
    X, y, X_test, _ = draw_run(config, "dna", 0)
    assert X.shape == (1000, 60) and set(np.unique(X)) == {0, 1, 2, 3} and X_test.shape[1] == 60
    # Every base occurs at every position's three indicators' worth: the decoding loses nothing.
    indicators = draw_run(_config(shared="quick"), "dna", 0)[0]
    np.testing.assert_array_equal(indicators.reshape(1000, 60, 3).argmax(axis=2) + 1,
                                  np.where(X == 0, 1, X))


def _with(name, config):
    from mavl.papers.breiman1997.runs import with_reading

    return with_reading(config, config["readings"][name])


def test_all_steps_takes_every_step_where_split_stops():
    # Under split, ionosphere's runs stop early (its first run's arc-u2 at step 20 of 40, on a tree with
    # no training miss); the reading shares split's seeds, so its steps before that tree are split's,
    # that tree's vote is capped, and it goes on to the last step.
    config = {**_config(), "steps": 40, "bottom_edge": False}
    with pytest.warns(UserWarning, match="stopped at round 20 of 40"):
        split = fit_run(config, "ionosphere", "split", 0)
    changed, rule = _with("all_steps", config)
    steps = fit_run(changed, "ionosphere", rule, 0)
    arc, arc_split = (f[f["algorithm"] == "arc_u2"].reset_index(drop=True) for f in (steps, split))
    assert arc_split["tree_error"].notna().sum() == 20 and arc["tree_error"].notna().all()
    pd.testing.assert_frame_equal(arc[:19], arc_split[:19])
    assert arc["tree_error"][19] == arc_split["tree_error"][19] == 0
    # After its perfect tree the reading keeps taking steps, each adding a tree with no training miss.
    assert (arc["tree_error"][20:] == 0).all() and not arc["top_c"][20:].equals(arc_split["top_c"][20:])


def test_a_reading_on_a_set_it_does_not_change_is_its_rules_runs_relabelled(tmp_path):
    config = _config()
    default = tmp_path / "split.tsv"
    frame = pd.DataFrame([("glass", "split", 0, "adaboost", 1, 20.0, 30.0, 0.1)], columns=RUN_COLUMNS)
    frame.to_csv(default, sep="\t", index=False)
    out = tmp_path / "dna_multiway.tsv"
    run_data_set(config, "glass", "dna_multiway", out, default_runs=default)
    copied = pd.read_csv(out, sep="\t")
    assert copied["tree_rule"].tolist() == ["dna_multiway"]
    pd.testing.assert_frame_equal(copied.drop(columns="tree_rule"), frame.drop(columns="tree_rule"))


def test_the_report_names_the_readings_closest_to_each_unexplained_cell():
    from test_breiman1997_decision import CONFIG, _published, _runs, _summary  # its two-rule fixture

    from mavl.papers.breiman1997.decision import rule_cells
    from mavl.papers.breiman1997.report import closest_lines

    cells = rule_cells(CONFIG, _runs(), _published(), _summary())
    leaf = cells[cells["tree_rule"] == "leaf"].drop(columns="tree_rule")
    missed = leaf[(leaf["verdict"] == "unexplained") & leaf["repeat_of"].fillna("").eq("")]
    lines = closest_lines(leaf, cells, None, "leaf")
    body = [line for line in lines if line.startswith("- **")]
    assert len(body) == len(missed) > 0
    # split prints the published numbers (+0.01 per run): it is the closest, within 3 combined SE.
    assert all("closest `split`" in line and "within 3 combined SE: `split`" in line for line in body)
    # A sweep reading (here at reduced cost, 1 run) is listed beside the rules, with its runs.
    first = missed.iloc[0]
    sweep = pd.DataFrame([{"group": "g", "reading": "leaves_8", "description": "", "target": first["target"],
                           "row": first["row"], "column": first["column"],
                           "reproduced": first["published"] + 5, "reproduced_se": 0.1, "n_replicates": 1,
                           "baseline": "default"}])
    line = next(x for x in closest_lines(leaf, cells, sweep, "leaf") if x.startswith("- **"))
    assert "`leaves_8`" in line and "n = 1" in line
    # A scale that runs one rule and no sweep on the cell says so.
    alone = closest_lines(leaf, cells[cells["tree_rule"] == "leaf"], None, "leaf")
    told = [x.endswith("no other reading ran on this cell at this scale.")
            for x in alone if x.startswith("- **")]
    assert told and all(told)


def test_a_readings_job_reads_the_default_runs_only_where_it_changes_nothing():
    from mavl.papers.breiman1997.targets import default_runs, run_files

    config = _config()
    assert default_runs(config, "dna", "dna_multiway") == []
    assert default_runs(config, "glass", "dna_multiway") == ["results/breiman1997/raw/glass/split.tsv"]
    assert default_runs(config, "glass", "pruned_cv") == default_runs(config, "glass", "leaf") == []
    # The readings scale's main runs: every set under each of its eight rules.
    assert len(run_files(config)) == 12 * 8 and len(run_files(_config("default"))) == 12 * 4
