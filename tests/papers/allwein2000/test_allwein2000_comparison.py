"""allwein2000 under the comparison standard: the cells of Tables 2 and 3 with their binomial SEs, the
sensitivity sweeps' readings, segmentation's UCI files as a split, thyroid's class reading (A4), and
the Figure 3 claims that say when they hold only because every loss-based error is exactly zero."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.data.uci_multiclass import thyroid_class
from mavl.papers.allwein2000 import sensitivity, settings
from mavl.papers.allwein2000.claims import CLAIMS
from mavl.papers.allwein2000.comparison import error_cells, segmentation_overlap, tie_reading_counts
from mavl.papers.allwein2000.experiments import problem_code, run_job
from mavl.papers.allwein2000.sensitivity import readings, run_sweep
from mavl.reproduction.comparison import SWEEP_COLUMNS, apply_reading, judge

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = ROOT / "resources" / "published" / "allwein2000"


def raw_config(scale="quick"):
    return {**yaml.safe_load((ROOT / "config.yaml").read_text()), "scale": scale}


def _table(rows):
    columns = ["decoding", "problem", "code", "published", "status", "reproduced", "n_test"]
    return pd.DataFrame(rows, columns=columns)


def test_cells_carry_binomial_ses_on_the_papers_and_the_reproductions_test_sizes():
    table_2 = _table([
        ("hamming", "satimage", "one_vs_all", 12.0, "", 13.0, 2000),      # given split: 2000 test points
        ("hamming", "segmentation", "one_vs_all", 0.0, "", 2.5, 2310),    # CV: pooled N
        ("hamming", "audiology", "one_vs_all", 26.9, "not reproduced: data unavailable", np.nan, np.nan),
        ("hamming", "letter", "complete", np.nan, "not run in the paper", np.nan, np.nan),
    ])
    table_3 = _table([("loss_hinge", "satimage", "one_vs_all", 40.9, "", 16.1, 2000)])
    table_1 = pd.read_csv(PUBLISHED / "table_1.csv")
    cells = judge(error_cells({"table_2": table_2, "table_3": table_3}, table_1, folds=10))
    assert list(cells["target"]) == ["table_2/hamming"] * 3 + ["table_3/loss_hinge"]   # no printed "–"
    sat = cells.iloc[0]
    # decision 8: one published run (§6: the given split, or one 10-fold CV), so its SE is our run's,
    # 13 % on 2000 points, with the binomial SE of the printed 12 % on the paper's 2000 as its floor
    assert (cells["published_replicates"] == 1).all()
    assert sat["published_se_printed"] == pytest.approx(100 * np.sqrt(0.12 * 0.88 / 2000))
    assert sat["published_se"] == pytest.approx(100 * np.sqrt(0.13 * 0.87 / 2000))
    assert "decision 8" in sat["published_se_source"] and "2000 test points" in sat["published_se_source"]
    assert sat["reproduced_se"] == pytest.approx(100 * np.sqrt(0.13 * 0.87 / 2000))
    assert "nothing else varies" in sat["reproduced_se_source"] and sat["verdict"] == "agrees"
    seg = cells.iloc[1]
    # a printed 0.0 % has a binomial SE of 0, its floor; our run's SE 0.325 is the published one's,
    # and 2.5 > 3 · √2 · 0.325 still misses
    assert seg["published_se_printed"] == 0.0 and "pooled N = 2310" in seg["published_se_source"]
    assert seg["published_se"] == pytest.approx(100 * np.sqrt(0.025 * 0.975 / 2310))
    assert "folds are the randomness" in seg["reproduced_se_source"] and seg["verdict"] == "unexplained"
    assert seg["verdict_printed_se"] == "unexplained"
    assert cells.iloc[2]["verdict"] == "not reproduced"
    assert cells.iloc[2]["reason"] == "not reproduced: data unavailable"
    assert cells.iloc[3]["verdict"] == "unexplained"


def test_a_reading_sets_named_options_and_rejects_unknown_ones():
    section = raw_config()["allwein2000"]
    changed = apply_reading(section, {"svm.C": 10.0, "segmentation_split": "files"}, "allwein2000")
    assert changed["svm"]["C"] == 10.0 and changed["segmentation_split"] == "files"
    assert section["svm"]["C"] == 1.0                                  # the config is not touched
    with pytest.raises(KeyError, match="svm.gamma"):
        apply_reading(section, {"svm.gamma": 1.0}, "allwein2000")
    names = [name for name, *_ in readings(raw_config(), "letter")]
    assert names[0] == "default" and "rounds_5000" in names


def test_a_quick_sweep_has_the_default_and_every_reading_of_its_group():
    config = raw_config()
    config["allwein2000"]["sensitivity"] = {"toy": {
        "learner": "adaboost", "data_set": "glass", "codes": ["one_vs_all", "complete"],
        "readings": [{"name": "longer", "description": "A5", "set": {"adaboost.rounds": [10, 50]}},
                     {"name": "plain", "description": "A8", "set": {"cv": "plain"}}]}}
    sweep = run_sweep(config, "toy")
    assert list(sweep.columns) == SWEEP_COLUMNS
    # quick scale runs one_vs_all (not complete), three decodings, three readings
    assert len(sweep) == 9 and set(sweep["column"]) == {"one_vs_all"}
    assert list(dict.fromkeys(sweep["reading"])) == ["default", "longer", "plain"]
    # the scale's rounds cap applies to every reading alike: "longer" is the default's run, read again
    by = sweep.set_index(["reading", "target"])["reproduced"]
    assert by["longer"].equals(by["default"])
    assert (sweep["reproduced_se"] > 0).all() and (sweep["n_replicates"] == 1).all()
    # given the main jobs' results, the default reading is read from them, not fitted again, and so is
    # "longer" (the same run at this scale); "plain" is fitted
    main = pd.DataFrame({"code": "one_vs_all", "rounds": 25, "decoding": ["hamming", "loss_l1", "loss_exp"],
                         "n_test": 200, "error": [10.0, 20.0, 30.0]})
    again = run_sweep(config, "toy", main)
    for reading in ("default", "longer"):
        assert list(again.loc[again["reading"] == reading, "reproduced"]) == [10.0, 20.0, 30.0]
    assert again[again["reading"] == "plain"].reset_index(drop=True).equals(
        sweep[sweep["reading"] == "plain"].reset_index(drop=True))


def test_a_sweep_reads_from_the_main_jobs_every_run_its_reading_leaves_unchanged(monkeypatch):
    config = raw_config()
    config["allwein2000"]["scales"]["quick"]["rounds"] = None
    config["allwein2000"]["adaboost"]["rounds"] = [5, 10]
    config["allwein2000"]["sensitivity"] = {"toy": {
        "learner": "adaboost", "data_set": "glass", "codes": ["one_vs_all", "dense"],
        "readings": [{"name": "longer", "description": "A5", "set": {"adaboost.rounds": [10, 30]}},
                     {"name": "draw_1", "description": "A2", "set": {"code_draw": 1}},
                     {"name": "plain", "description": "A8", "set": {"cv": "plain"}}]}}
    assert sensitivity.main_job_rounds(config, "adaboost", "glass", "one_vs_all") == [5, 10, 30]
    assert sensitivity.main_job_rounds(config, "adaboost", "glass", "all_pairs") == [5, 10]
    assert sensitivity.main_job_rounds(config, "svm", "glass", "one_vs_all") == []
    cfg = settings(config)
    alone = run_job(cfg, "adaboost", "glass", "one_vs_all")
    longer = run_job(cfg, "adaboost", "glass", "one_vs_all", [30])
    # the first 10 rounds of a 30-round run are the 10-round run: the same rows, examples and bounds
    assert longer[0][longer[0]["rounds"] <= 10].reset_index(drop=True).equals(alone[0])
    assert longer[1].equals(alone[1]) and longer[2].equals(alone[2])
    assert set(longer[0]["rounds"]) == {5, 10, 30}
    main = pd.concat([longer[0], run_job(cfg, "adaboost", "glass", "dense", [30])[0]], ignore_index=True)
    fitted = run_sweep(config, "toy")                               # every reading fitted here
    calls = []
    monkeypatch.setattr(sensitivity, "run_job", lambda *args: calls.append(args[3]) or run_job(*args))
    read = run_sweep(config, "toy", main)
    assert read.equals(fitted)
    # fitted again: "draw_1" on the dense code (one-vs-all draws nothing) and "plain" on both
    assert sorted(calls) == ["dense", "dense", "one_vs_all"]
    config["allwein2000"]["adaboost"]["main_jobs_fit_sweep_rounds"] = False
    assert sensitivity.main_job_rounds(config, "adaboost", "glass", "one_vs_all") == [5, 10]


def test_a_reading_that_only_reads_another_column_takes_the_main_jobs_run(monkeypatch):
    config = raw_config("paper")
    assert [r[3] for r in readings(config, "yeast_ties")] == ["error", "lowest_index_error"]

    def no_fit(*args):
        raise AssertionError("a reading that sets no option must not fit again")

    monkeypatch.setattr(sensitivity, "run_job", no_fit)
    main = pd.DataFrame({"code": "one_vs_all", "rounds": 1000, "decoding": ["hamming", "loss_exp"],
                         "n_test": 1484, "error": [51.6, 42.1], "lowest_index_error": [45.7, 42.1]})
    sweep = run_sweep(config, "yeast_ties", main).set_index(["reading", "target"])
    assert sweep.loc[("default", "table_2/hamming"), "reproduced"] == 51.6
    assert sweep.loc[("lowest_index", "table_2/hamming"), "reproduced"] == 45.7
    assert sweep.loc[("lowest_index", "table_2/hamming"), "reproduced_se"] == pytest.approx(
        100 * np.sqrt(0.457 * 0.543 / 1484))


def test_tie_reading_counts_every_hamming_cell_under_both_readings():
    table = _table([("hamming", "a", "one_vs_all", 44.7, "", 51.6, 1484),     # agrees only by lowest index
                    ("hamming", "b", "one_vs_all", 10.0, "", 10.2, 1000),     # agrees under both
                    ("hamming", "c", "one_vs_all", 30.0, "", 10.0, 1000),     # under neither
                    ("loss_exp", "a", "one_vs_all", 41.6, "", 42.1, 1484)])   # not a Hamming cell
    table["lowest_index_error"] = [45.7, 10.4, 10.0, 42.1]
    cells = pd.DataFrame({"target": "table_2/" + table["decoding"], "row": table["problem"],
                          "column": table["code"], "published_se": 1.29})
    # by hand: |51.6 − 44.7| = 6.9 > 3·sqrt(1.29² + 1.30²) ≈ 5.5; |45.7 − 44.7| = 1.0 < 5.5
    assert tie_reading_counts({"table_2": table}, cells) == {"table_2": (3, 1, 2)}


def test_segmentations_data_file_is_inside_its_test_file():
    assert segmentation_overlap() == (210, 210)


def test_another_code_draw_changes_only_the_random_codes():
    cfg = settings(raw_config())
    other = {**cfg, "code_draw": 1}
    for family in ("dense", "sparse"):
        first, again, second = (problem_code(c, "glass", family, 6) for c in (cfg, cfg, other))
        assert np.array_equal(first, again) and not np.array_equal(first, second)
    fixed = [problem_code(c, "glass", "all_pairs", 6) for c in (cfg, other)]
    assert np.array_equal(*fixed)


def test_thyroid_diagnosis_read_first_or_last():
    assert thyroid_class("C|I[840801013]") == "I"
    assert thyroid_class("C|I[840801013]", "first") == "C"
    assert thyroid_class("-[840801014]", "first") == "negative"


def _figure_3(loss_complete, loss_ova, sd=0.0, n=10):
    ks = [3, 4, 5, 6, 7, 8]
    rows = [{"code": "complete", "k": k, "avg_binary": 0.1 + 0.02 * i, "hamming": 0.25, "loss": loss_complete,
             "loss_sd": sd, "n": n} for i, k in enumerate(ks)]
    rows += [{"code": "one_vs_all", "k": k, "avg_binary": 0.2 - 0.01 * i, "hamming": 0.4 + 0.05 * i,
              "loss": loss_ova, "loss_sd": sd, "n": n} for i, k in enumerate(ks)]
    return pd.DataFrame(rows)


def _judge(figure_3):
    evidence = {"figure_3": figure_3}
    return {claim.claim_id: dict(zip(("holds_reproduced", "values_reproduced", "margin"),
                                     claim.evaluate(evidence), strict=True))
            for claim in (CLAIMS["F3-2"], CLAIMS["F3-3"])}


def test_figure_3_claims_say_when_they_hold_on_exact_zeros_and_fail_when_the_codes_differ():
    zero = _judge(_figure_3(0.0, 0.0))
    for claim in ("F3-2", "F3-3"):
        assert zero[claim]["holds_reproduced"] is True
        assert "exactly 0.000" in zero[claim]["values_reproduced"]
    # 'comparable' (F3-3): |Δ| ≤ 2 combined SE at every k; sd 0.02 over 10 repetitions per code gives
    # a bound of 2 · √2 · 0.02/√10 = 0.0179
    bound = 2 * np.sqrt(2) * 0.02 / np.sqrt(10)
    close = _judge(_figure_3(0.01, 0.02, sd=0.02))
    assert close["F3-3"]["holds_reproduced"] is True
    assert "exactly" not in close["F3-3"]["values_reproduced"]
    apart = _judge(_figure_3(0.01, 0.10, sd=0.02))                      # 9 points apart: F3-3 fails
    assert apart["F3-3"]["holds_reproduced"] is False
    # the margin is the bound minus the codes' distance, its sign the verdict's
    assert zero["F3-3"]["margin"] == pytest.approx(0.0)
    assert close["F3-3"]["margin"] == pytest.approx(bound - 0.01)
    assert apart["F3-3"]["margin"] == pytest.approx(bound - 0.09)
    # no repetition count, no SE: no verdict
    assert _judge(_figure_3(0.01, 0.02).drop(columns="n"))["F3-3"]["holds_reproduced"] is None
    # OvA's Hamming−loss gap at k = 3, 0.4 − 0.3 = 0.1, below the codes' 0.3 apart: F3-2 fails
    assert _judge(_figure_3(0.0, 0.3))["F3-2"]["holds_reproduced"] is False


def test_a_sweep_reads_its_groups_main_jobs_and_its_own_config_alone():
    config = raw_config("paper")
    spec = config["allwein2000"]["sensitivity"]["yeast_ties"]
    defaults = sensitivity.default_files(config, "yeast_ties")
    assert defaults == [f"results/allwein2000/raw/{spec['learner']}/yeast/{c}.tsv"
                        for c in sensitivity.group_codes(config, "yeast_ties")] and defaults
    own = sensitivity.sweep_config(config, "yeast_ties")
    assert own["allwein2000"]["sensitivity"] == {"yeast_ties": spec}
    assert own["master_seed"] == config["master_seed"] and own["scale"] == "paper"
    assert {k: v for k, v in own["allwein2000"].items() if k != "sensitivity"} == {
        k: v for k, v in config["allwein2000"].items() if k != "sensitivity"}
