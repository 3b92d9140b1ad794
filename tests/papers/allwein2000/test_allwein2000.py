"""The allwein2000 paper package: its settings, its claims on the published tables, its decoding of
one job, and Figure 3's simulation (spec allwein2000 §5, §7)."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.output_codes.codes import make_code
from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.claims import CLAIMS, evidence
from mavl.papers.allwein2000.experiments import decode
from mavl.papers.allwein2000.settings import jobs
from mavl.papers.allwein2000.synthetic import run_synthetic, summarise_synthetic
from mavl.papers.allwein2000.tables import long_published

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = ROOT / "resources" / "published" / "allwein2000"


def config(scale="paper"):
    raw = yaml.safe_load((ROOT / "config.yaml").read_text())
    return settings({**raw, "scale": scale})


def published_tables():
    return {name: long_published(pd.read_csv(PUBLISHED / f"{name}.csv")).assign(reproduced=np.nan)
            for name in ("table_2", "table_3")}


def test_jobs_mirror_the_papers_gaps_and_skip_missing_data():
    cfg = config()
    adaboost, svm = set(jobs(cfg, "adaboost")), set(jobs(cfg, "svm"))
    assert ("letter", "complete") not in adaboost and ("thyroid", "all_pairs") not in adaboost
    assert ("soybean", "complete") not in svm and ("soybean", "sparse") in svm
    assert not any(d in ("audiology", "isolet") for d, _ in adaboost | svm)
    # 11 data sets × 5 codes minus the 9 gaps among the available ones; 8 SVM sets × 5 minus 1
    assert len(adaboost) == 55 - 4 and len(svm) == 39


def test_quick_scale_caps_the_grid():
    cfg = config("quick")
    assert cfg["adaboost"]["rounds"] == [10, 25] and cfg["folds"] == 3
    assert {d for d, _ in jobs(cfg, "adaboost")} == {"dermatology", "glass", "vowel"}


def test_claims_on_the_published_tables_give_the_specs_counts():
    judged = {row["claim_id"]: row for row in CLAIMS.judge(evidence(published_tables()), {})}
    assert judged["D-1"]["values_published"].startswith("better 49 / equal 5 / worse 4 of 58")
    assert judged["D-2"]["values_published"].startswith("better 37 / equal 12 / worse 9 of 58")
    assert judged["D-3"]["values_published"].startswith("better 31 / equal 19 / worse 8 of 58")
    assert judged["D-4"]["values_published"].startswith("better 22 / equal 5 / worse 12 of 39")
    assert judged["C-1"]["values_published"] == ("OvA worse than complete 5/7; OvA worse than all_pairs 6/8; "
                                                 "OvA worse than dense 6/8; OvA worse than sparse 7/8")
    assert judged["C-3"]["values_published"] == "one_vs_all 6, all_pairs 4, dense 2, sparse 1"
    assert all(judged[c]["holds_published"] for c in ("D-1", "D-2", "D-3", "D-4", "D-5", "D-6", "C-1", "C-2",
                                                      "C-3", "C-4"))
    assert judged["F3-1"]["holds_published"] is None      # the paper prints no Figure 3 numbers
    # margins from the published cells, each in its claim's unit (points unless said)
    margins = {c: judged[c]["margin_published"] for c in judged}
    t2, t3 = published_tables()["table_2"], published_tables()["table_3"]

    def decisive(table, loss):         # 'most': the (n//2 + 1)-th largest Hamming − loss gap
        wide = table.pivot_table(index=["problem", "code"], columns="decoding", values="published")
        gaps = (wide["hamming"] - wide[loss]).dropna().sort_values(ascending=False)
        return gaps.iloc[gaps.size // 2]

    assert margins["D-1"] == pytest.approx(decisive(t2, "loss_exp")) and margins["D-1"] > 0
    assert margins["D-2"] == pytest.approx(decisive(t2, "loss_l1")) and margins["D-2"] > 0
    assert margins["D-4"] == pytest.approx(decisive(t3, "loss_hinge")) and margins["D-4"] > 0
    assert margins["C-3"] == 4 - 2                                     # 4 distinct winners, ≥ 2 asked
    assert margins["D-6"] == 0.0                                       # 50.4 − 27.8 = 22.6, the threshold
    assert margins["C-4"] == pytest.approx(72.9 - 47.2 - 24.9)         # yeast: OvA − sparse, Table 3
    # D-5: L_1's dense −0.81 against all-pairs −0.20 is the closest named-over-other case
    assert margins["D-5"] == pytest.approx(0.608, abs=1e-3)
    assert np.isnan(margins["F3-1"])


def test_hamming_decoding_of_a_job_counts_zero_outputs_as_half():
    code = make_code("one_vs_all", 3)
    distances, atol = decode(np.array([[1.0, 0.0, -1.0]]), code, "hamming")
    assert atol == 0 and distances.tolist() == [[1, 3, 5]]     # twice d_H = (0.5, 1.5, 2.5)


@pytest.mark.slow
def test_figure_3_reproduces_the_pilots_pattern():
    cfg = config()
    cfg["synthetic"] = {**cfg["synthetic"], "classes": [3, 8], "repetitions": 2}
    summary = summarise_synthetic(run_synthetic(cfg)).set_index(["code", "k"])
    # The spec's pilot: Hamming 0.23 / 0.38 at k = 3, 0.245 / 0.717 at k = 8; loss-based ~0.
    assert summary.loc[("one_vs_all", 8), "hamming"] == pytest.approx(0.717, abs=0.05)
    assert summary.loc[("complete", 3), "hamming"] == pytest.approx(0.231, abs=0.05)
    assert (summary["loss"] < summary["hamming"]).all()


def test_paired_tests_read_the_jobs_examples_and_test_each_fit_and_code(tmp_path):
    from mavl.papers.allwein2000.paired import code_tests, decoding_tests, read_examples

    frames = {("adaboost", "glass", "dense"): {"hamming": [1, 1, 0, 0.5], "loss_exp": [0, 1, 0, 0],
                                               "loss_l1": [1, 1, 0, 0.5]},
              ("svm", "glass", "one_vs_all"): {"hamming": [1, 1, 1, 0], "loss_hinge": [1, 0, 1, 1]},
              ("svm", "glass", "dense"): {"hamming": [0, 1, 0, 0], "loss_hinge": [0, 0, 0, 1]}}
    paths = []
    for (learner, problem, code), columns in frames.items():
        path = tmp_path / learner / problem / f"{code}.examples.tsv"
        path.parent.mkdir(parents=True, exist_ok=True)
        pd.DataFrame({"example": range(4), **columns}).to_csv(path, sep="\t", index=False)
        paths.append(path)
    examples = read_examples(paths)
    assert set(examples) == set(frames)
    decodings = decoding_tests(examples).set_index(["claim", "code"])
    assert list(decodings.index) == [("D-1", "dense"), ("D-2", "dense"), ("D-3", "dense"),
                                     ("D-4", "one_vs_all"), ("D-4", "dense")]
    assert decodings.loc[("D-1", "dense"), "mean_difference"] == pytest.approx(-37.5)   # points
    assert decodings.loc[("D-3", "dense"), "mean_difference"] == pytest.approx(-37.5)   # Exp − L_1
    assert decodings.loc[("D-4", "one_vs_all"), "mean_difference"] == pytest.approx(0.0)
    assert (decodings["n"] == 4).all() and not decodings["significant_5pc"].any()
    # C-1: a code against one-vs-all on the same test examples, under hinge decoding
    codes = code_tests(examples)
    assert len(codes) == 1
    row = codes.iloc[0]
    assert (row["claim"], row["code"], row["better"], row["worse"]) == ("C-1", "loss_hinge", "dense",
                                                                        "one_vs_all")
    assert row["mean_difference"] == pytest.approx(-50.0)                # [0, 0, 0, 1] − [1, 0, 1, 1]


def test_the_rules_read_every_job_and_sweep_of_the_scale():
    from mavl.papers.allwein2000.targets import job_files, sweep_files

    cfg = config("quick")
    files = job_files(cfg, "svm", ".bounds.tsv")
    assert files == [f"results/allwein2000/raw/svm/{d}/{c}.bounds.tsv" for d, c in jobs(cfg, "svm")]
    assert sweep_files(cfg) == [f"results/allwein2000/sensitivity/{g}.csv" for g in cfg["sensitivity"]]
