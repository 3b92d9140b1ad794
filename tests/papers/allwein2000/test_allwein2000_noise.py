"""The Allwein claims against the noise of their replicates (spec README decision 4): folds of the
cross-validated sets, test examples of the given splits, Figure 3's repetitions; each checked
against a naive recomputation on the same draws."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml
from sklearn.model_selection import StratifiedKFold

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.claims import (
    CLAIMS,
    draw_counts,
    evidence,
    fold_ids,
    judge_claims,
    replicate_sums,
    resampled_errors,
    resampled_evidence,
)
from mavl.papers.allwein2000.experiments import load
from mavl.papers.allwein2000.settings import TABLE_CODES
from mavl.random import seed_int, stream
from mavl.reproduction.claims import Resamples

ROOT = Path(__file__).resolve().parents[3]
DECODINGS = ["hamming", "loss_l1", "loss_exp"]


def _config(scale="quick"):
    return settings({**yaml.safe_load((ROOT / "config.yaml").read_text()), "scale": scale})


def test_pooled_errors_on_draws_equal_the_drawn_folds_examples():
    rng = np.random.default_rng(0)
    errors = rng.integers(0, 2, size=(53, 3)).astype(float)
    folds = rng.permutation(np.arange(53) % 5)                     # 5 folds of unequal sizes
    draws = Resamples(30, seed=11)
    sums, sizes = replicate_sums(errors, folds)
    got = resampled_errors(sums, sizes, draw_counts(draws, 5))
    for b in range(30):
        rows = np.concatenate([np.flatnonzero(folds == f) for f in draws.indices(b, 5)])
        assert got[b] == pytest.approx(100 * errors[rows].mean(axis=0))
    # one replicate per example where there are no folds; every count one gives the pooled error
    sums, sizes = replicate_sums(errors, None)
    assert sizes.size == 53
    assert resampled_errors(sums, sizes, np.ones((1, 53)))[0] == pytest.approx(100 * errors.mean(axis=0))


def test_folds_are_the_jobs_folds():
    cfg = _config()
    ids = fold_ids(cfg, "glass")
    data = load(cfg, "glass")
    seed = seed_int(stream(cfg["master_seed"], "allwein2000/glass", 0, "split"))
    expected = np.empty(data.y.size, dtype=int)
    for fold, (_, test) in enumerate(StratifiedKFold(cfg["folds"], shuffle=True, random_state=seed)
                                     .split(data.X, data.y)):
        expected[test] = fold
    assert np.array_equal(ids, expected)
    assert fold_ids(cfg, "vowel") is None                           # a given test part: no folds


def _long(problem_errors):
    """A long error table with every decoding × problem × code, reproduced = 100 · mean."""
    rows = [{"decoding": d, "problem": p, "code": c, "published": 10.0, "status": "",
             "reproduced": 100 * frame[d].mean()}
            for (_, p, c), frame in problem_errors.items() for d in DECODINGS]
    return pd.DataFrame(rows, columns=["decoding", "problem", "code", "published", "status", "reproduced"])


def test_resampled_tables_and_the_share_of_a_claim_against_a_naive_recomputation():
    rng = np.random.default_rng(3)
    folds = {"cv": rng.permutation(np.arange(40) % 4), "split": None}
    examples = {}
    for problem, n in (("cv", 40), ("split", 25)):
        for code in TABLE_CODES:
            hamming = rng.integers(0, 2, size=n).astype(float)
            l1 = np.where(rng.random(n) < 0.3, 1 - hamming, hamming)
            exp = np.where(rng.random(n) < 0.3, 1 - hamming, hamming)
            examples[("adaboost", problem, code)] = pd.DataFrame(
                {"example": np.arange(n), "hamming": hamming, "loss_l1": l1, "loss_exp": exp})
    tables = {"table_2": _long(examples), "table_3": _long({})}
    draws = Resamples(60, seed=5)
    on = resampled_evidence(tables, examples, folds, None, draws)
    shares = []
    for b in range(60):
        grid = on(b)["table_2"]
        gaps = []
        for (_, problem, code), frame in examples.items():
            ids = folds[problem]
            rows = (np.concatenate([np.flatnonzero(ids == f) for f in draws.indices(b, 4)]) if ids is not None
                    else draws.indices(b, len(frame)))
            naive = 100 * frame.iloc[rows][DECODINGS].mean()
            assert grid.loc[("loss_exp", problem), code] == pytest.approx(naive["loss_exp"])
            gaps.append(naive["loss_exp"] - naive["loss_l1"])
        shares.append(np.mean(gaps) < 0)                             # D-3 on this draw
    judged = {r["claim_id"]: r for r in CLAIMS.judge(evidence(tables), evidence(tables, side="reproduced"),
                                                     resampled=on, draws=draws)}
    assert judged["D-3"]["resample_share"] == pytest.approx(np.mean(shares))
    assert judged["B-1"]["verdict_reproduced"] == ""                  # no bounds, no resamples


def test_figure_3_claims_resample_the_repetitions_alike_for_both_codes():
    rng = np.random.default_rng(1)
    runs = pd.DataFrame([{"code": c, "k": k, "repetition": r, "avg_binary": rng.random(),
                          "hamming": rng.random(), "loss": rng.random()}
                         for k in (3, 4, 5, 6, 7, 8) for r in range(6) for c in ("complete", "one_vs_all")])
    draws = Resamples(20, seed=2)
    on = resampled_evidence({"table_2": _long({}), "table_3": _long({})}, {}, {}, runs, draws)
    for b in (0, 7):
        picks = draws.indices(b, 6)
        figure = on(b)["figure_3"].set_index(["code", "k"])
        for code in ("complete", "one_vs_all"):
            rows = runs[(runs["code"] == code) & (runs["k"] == 8)].set_index("repetition")
            assert figure.loc[(code, 8), "hamming"] == pytest.approx(rows.loc[picks, "hamming"].mean())
            assert figure.loc[(code, 8), "n"] == 6              # the SE of F3-3 counts the drawn repetitions


@pytest.mark.slow
def test_quick_jobs_judged_against_noise_keep_their_point_verdict_without_draws(tmp_path):
    from mavl.papers.allwein2000.experiments import run_job
    from mavl.papers.allwein2000.tables import error_table

    cfg = _config()
    cfg["run_codes"] = ["one_vs_all", "all_pairs"]
    published = pd.read_csv(ROOT / "resources" / "published" / "allwein2000" / "table_2.csv")
    paths, examples = [], {}
    for problem in ("glass", "vowel"):
        for code in cfg["run_codes"]:
            results, frame, _ = run_job(cfg, "adaboost", problem, code)
            paths.append(tmp_path / f"{problem}_{code}.tsv")
            results.to_csv(paths[-1], sep="\t", index=False)
            examples[("adaboost", problem, code)] = frame
            # the examples file's mean is the table's headline error
            headline = results[results["rounds"] == results["rounds"].max()].set_index("decoding")["error"]
            assert (100 * frame[DECODINGS].mean()).to_numpy() == pytest.approx(headline[DECODINGS].to_numpy())
    tables = {"table_2": error_table(cfg, "adaboost", published, paths)}
    tables["table_3"] = tables["table_2"].iloc[:0]
    point, folds = judge_claims(tables, None, None, examples, None, cfg)
    noisy, folds = judge_claims(tables, None, None, examples, None, cfg, {"resamples": 40})
    assert folds["vowel"] is None and folds["glass"].max() == cfg["folds"] - 1
    assert point["holds_reproduced"].tolist() == noisy["holds_reproduced"].tolist()
    assert "verdict_reproduced" in noisy and noisy["resample_share"].between(0, 1).any()
