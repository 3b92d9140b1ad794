"""James's sensitivity sweeps: readings as config overrides, the Concentric readings (AMB-02 generator,
AMB-03 test set) and a group's rows beside its default."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.data.gaussian import calibrate_scale
from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import bias_variance_table, method_counts
from mavl.papers.james1998.experiments import draw_replicate, run_replicate
from mavl.papers.james1998.gaussian_study import problem_of
from mavl.papers.james1998.sensitivity import (
    bias_variance_target,
    group_methods,
    run_bias_variance_sweep,
    run_sweep,
    sweep_replicates,
    sweep_rows,
)
from mavl.papers.james1998.settings import experiment_spec
from mavl.reproduction.comparison import SWEEP_COLUMNS, apply_reading

ROOT = Path(__file__).resolve().parents[3]
CONFIG = settings(yaml.safe_load((ROOT / "config.yaml").read_text()))
QUICK = {**CONFIG, "scale": "quick"}
GROUP = CONFIG["sensitivity"]["table_2_5"]


def test_a_reading_sets_dotted_options_on_a_copy_and_refuses_unknown_ones():
    cfg = apply_reading(CONFIG, {"options.concentric.generator": "gaussian_ring",
                                 "options.tree_weight_semantics": "weights"}, "james1998")
    assert cfg["options"]["concentric"]["generator"] == "gaussian_ring"
    assert cfg["options"]["tree_weight_semantics"] == "weights"
    assert CONFIG["options"]["concentric"]["generator"] == "radial_uniform"
    with pytest.raises(KeyError, match="options.concentric.radius"):
        apply_reading(CONFIG, {"options.concentric.radius": 2}, "james1998")
    with pytest.raises(KeyError, match="nothing.here"):
        apply_reading(CONFIG, {"nothing.here": 1}, "james1998")


def test_the_fixed_test_set_is_replicate_0s_and_training_sets_still_differ():
    spec = experiment_spec(QUICK, "C20d")
    fixed = apply_reading(CONFIG, {"options.concentric.test_set": "fixed"}, "james1998")["options"]
    redraw = [draw_replicate(spec, r, 1998, CONFIG["options"]) for r in range(3)]
    drawn = [draw_replicate(spec, r, 1998, fixed) for r in range(3)]
    for r in range(3):
        np.testing.assert_array_equal(drawn[r][0], redraw[r][0])      # training sets as before
        np.testing.assert_array_equal(drawn[r][2], redraw[0][2])      # one test set: replicate 0's
    assert not np.array_equal(redraw[1][2], redraw[0][2])
    assert drawn[0][2].shape == (2 * CONFIG["options"]["concentric"]["test_per_class"], 2)


def test_the_generator_reading_reaches_the_replicates():
    spec = experiment_spec(QUICK, "C20d")
    ring = apply_reading(CONFIG, {"options.concentric.generator": "gaussian_ring"}, "james1998")["options"]
    X_default = draw_replicate(spec, 0, 1998, CONFIG["options"])[0]
    X_ring = draw_replicate(spec, 0, 1998, ring)[0]
    # Radial-uniform radii stay below 1.6; the ring's outer class lies around radius 3.
    assert np.hypot(*X_default.T).max() <= 1.6
    assert np.median(np.hypot(*X_ring[20:].T)) > 2


@pytest.fixture(scope="module")
def main_replicates():
    spec = experiment_spec(QUICK, "C20d")
    return pd.concat([run_replicate(spec, r, QUICK["master_seed"], QUICK["options"]) for r in range(2)],
                     ignore_index=True)


def test_a_sweep_on_the_main_replicates_keeps_them_as_its_default(main_replicates):
    group = {key: value for key, value in GROUP.items() if key != "replicates"}
    assert sweep_replicates(QUICK, group) is None
    sweep = run_sweep(QUICK, "table_2_5", group, main_replicates)
    assert list(sweep.columns) == SWEEP_COLUMNS
    names = ["default", *(r["name"] for r in GROUP["readings"])]
    assert list(dict.fromkeys(sweep["reading"])) == names
    cells = len(experiment_spec(QUICK, "C20d")["grid"]) * 4          # 4 methods, every B column
    assert (sweep.groupby("reading").size() == cells).all()
    by = sweep.set_index(["reading", "row", "column"])
    det = main_replicates[(main_replicates["method"] == "Boosting (Det)") & (main_replicates["B"] == 10)]
    assert by.loc[("default", "Boosting (Det)", "B=10"), "reproduced"] == pytest.approx(det["err"].mean())
    assert by.loc[("default", "Boosting (Det)", "B=10"), "reproduced_se"] == pytest.approx(
        det["err"].std(ddof=1) / np.sqrt(2))
    assert (sweep["n_replicates"] == 2).all()
    # AMB-07 changes only the weighted fits (Boosting (Det)); the generator moves every row.
    rows = sweep.pivot_table(index=["row", "column"], columns="reading", values="reproduced")
    resampled = rows.index.get_level_values("row") != "Boosting (Det)"
    np.testing.assert_allclose(rows.loc[resampled, "weight_semantics"], rows.loc[resampled, "default"])
    assert (rows["gaussian_scale"] != rows["default"]).all()
    # AMB-03: the test set of replicate 1 differs, so the means move (replicate 0 is shared).
    assert (rows["fixed_test_set"] != rows["default"]).any()


def test_a_sweep_with_its_own_replicates_reruns_the_default_on_the_same_seeds(main_replicates):
    assert GROUP["replicates"] > CONFIG["experiments"]["C20d"]["replicates"]
    group = {**GROUP, "readings": GROUP["readings"][:1]}
    assert sweep_replicates(QUICK, group) == 2                       # capped by the quick scale
    sweep = run_sweep(QUICK, "table_2_5", group, main_replicates.iloc[:0])
    default = sweep[sweep["reading"] == "default"].reset_index(drop=True)
    expected = pd.DataFrame(sweep_rows(QUICK, "table_2_5", "default", default["description"].iloc[0],
                                       main_replicates, ["table_2_5"]))
    pd.testing.assert_frame_equal(default, expected[SWEEP_COLUMNS])
    assert "2 replicates" in default["description"].iloc[0]


# Table 3.2's group: the class means of the 10-class simulation (AMB-1), counted beside the main jobs'.
BV_GROUP = CONFIG["sensitivity"]["table_3_2"]


def test_the_seed_reading_is_a_calibrated_configuration_of_the_same_design():
    reading = apply_reading(CONFIG, BV_GROUP["readings"][0]["set"], "james1998")
    g, default = reading["gaussian"]["g10"], CONFIG["gaussian"]["g10"]
    assert (g["seed"], default["seed"]) == (870, 625)
    assert g["scale"] == pytest.approx(calibrate_scale(g["classes"], g["test_per_class"], g["seed"],
                                                       g["bayes_error"]), abs=1e-9)
    problem = problem_of(reading, "g10")
    assert 100 * np.mean(1 - problem.q_test.max(axis=1)) == pytest.approx(20.5, abs=1e-6)
    assert not np.allclose(problem.means, problem_of(CONFIG, "g10").means)


def test_a_bias_variance_group_names_one_table_and_its_own_columns():
    assert bias_variance_target(CONFIG, BV_GROUP) == "table_3_2"
    assert bias_variance_target(CONFIG, GROUP) is None
    assert group_methods(CONFIG, BV_GROUP) == CONFIG["bias_variance"]["tables"]["table_3_2"]
    assert group_methods(CONFIG, {**BV_GROUP, "methods": ["1NN", "Tree_8"]}) == ["1NN", "Tree_8"]
    with pytest.raises(ValueError, match="5NN"):
        group_methods(CONFIG, {**BV_GROUP, "methods": ["5NN"]})
    with pytest.raises(ValueError, match="that table only"):
        bias_variance_target(CONFIG, {**BV_GROUP, "targets": ["table_3_2", "table_2_5"]})


def test_a_bias_variance_sweep_reads_its_default_as_the_main_table_and_recounts_each_reading():
    group = {**BV_GROUP, "methods": ["LDA", "1NN"]}
    main = {m: method_counts(QUICK, "g10", m) for m in ("LDA", "1NN", "Tree_5")}
    sweep = run_bias_variance_sweep(QUICK, "table_3_2", group, main)
    assert list(sweep.columns) == SWEEP_COLUMNS
    assert set(sweep["column"]) == {"LDA", "1NN"}                     # only the group's columns
    by = sweep.set_index(["reading", "row", "column"])["reproduced"]
    table, _ = bias_variance_table(problem_of(QUICK, "g10"), main)
    for label in table.index:                                           # the default: the main table
        for method in ("LDA", "1NN"):
            assert by[("default", label, method)] == pytest.approx(table.loc[label, method])
    reading = apply_reading(QUICK, BV_GROUP["readings"][0]["set"], "james1998")
    table_870, _ = bias_variance_table(problem_of(reading, "g10"),
                                       {m: method_counts(reading, "g10", m) for m in ("LDA", "1NN")})
    expected = table_870.loc["Prediction Error", "1NN"]
    assert by[("seed_870", "Prediction Error", "1NN")] == pytest.approx(expected)
    assert by[("seed_870", "Bayes Error", "LDA")] == pytest.approx(20.5, abs=1e-6)
    assert by[("seed_870", "Prediction Error", "1NN")] != by[("default", "Prediction Error", "1NN")]
    assert (sweep["reproduced_se"] > 0).groupby(sweep["row"]).any().drop("Bayes Error").all()
