"""Valentini (2003): the chapter 4 and 5 decompositions on the claims' draws of the replicates."""

import numpy as np
import pandas as pd
import pytest

from mavl.bias_variance.domingos import domingos_summaries
from mavl.papers.valentini2003.chapter4.jobs import DRAW_COLUMNS, TIDY_COLUMNS, run_family
from mavl.papers.valentini2003.chapter5.claims import CLAIMS as CH5_CLAIMS
from mavl.papers.valentini2003.chapter5.draws import DRAW_COLUMNS as CH5_DRAW_COLUMNS
from mavl.papers.valentini2003.chapter5.draws import VALUES, JobDraws, best_settings, draw_frame, draw_values
from mavl.papers.valentini2003.chapter5.jobs import run_ensembles
from mavl.papers.valentini2003.chapter5.tables import table_5
from mavl.papers.valentini2003.claims_noise import CH4_KEYS, CH5_KEYS, frames_on_draws, resampled_evidence
from mavl.reproduction.claims import Resamples

CH4 = {"n_samples": 5, "seed": 7, "test_cap": 120, "train_cap": 600}
CH5 = {"n_ensembles": 3, "n_members": 10, "seed": 7, "synthetic_test_size": 150, "synthetic_pool_size": 400}
SUMMARY_AT = [0, 1, 5, 3, 4, 2]      # VALUES in SUMMARY's order: error, bias, variance, V_u, V_b, V_n


def test_draw_values_are_the_decompositions_of_the_repeated_ensembles():
    rng = np.random.default_rng(3)
    preds = (rng.random((2, 5, 4, 60)) < 0.4).astype(np.int8)        # (settings, k, n, n_test)
    y = rng.integers(0, 2, 60).astype(np.int8)
    draws = Resamples(6, seed=5)
    values = draw_values(preds, y, draws.weights(4), "biased")
    assert values.shape == (2, 5, 6, len(VALUES))
    for b in range(6):
        again = domingos_summaries(preds[:, :, draws.indices(b, 4)], y, classes=(0, 1))[..., SUMMARY_AT]
        # the first and last k carry all six columns bit for bit; the k between error and bias only
        np.testing.assert_array_equal(values[:, [0, -1], b], again[:, [0, -1]])
        np.testing.assert_allclose(values[:, 1:-1, b, :2], again[:, 1:-1, :2], rtol=1e-14)
        assert np.isnan(values[:, 1:-1, b, 2:]).all()


def test_draw_frame_keeps_the_ends_and_each_draws_best_curve():
    settings = [{"C": c, "sigma": s, "degree": np.nan} for s in (1.0, 20.0) for c in (1.0, 100.0)]
    values = np.zeros((4, 3, 2, len(VALUES)))
    values[..., 0] = 0.3
    values[1, -1, 0, 0] = 0.1          # draw 0: setting 1 is best at k = m
    values[3, -1, 1, 0] = 0.1          # draw 1: setting 3 ...
    values[2, -1, 1, 0] = 0.1 + 5e-7   # ... and setting 2 within the written precision of it
    frame = draw_frame("p2", "rbf", "bagging", settings, values)
    assert list(frame.columns) == CH5_DRAW_COLUMNS
    curves = frame[frame["k"] == 2]
    assert sorted(zip(curves["draw"], curves["C"], curves["sigma"], strict=True)) == [
        (0, 100.0, 1.0), (1, 1.0, 20.0), (1, 100.0, 20.0)]
    assert len(frame) == 4 * 2 * 2 + 3
    # within a draw, the tidy frame's order: setting, then k
    one = frame[frame["draw"] == 1]
    assert list(zip(one["sigma"], one["C"], one["k"], strict=True)) == sorted(
        zip(one["sigma"], one["C"], one["k"], strict=True))


def test_job_draws_decompose_only_the_curves_the_frame_keeps():
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 70).astype(np.int8)
    # three blocks of two settings, each setting with its own error rate, so the best ones differ by draw
    rates = rng.uniform(0.30, 0.34, (3, 2, 1, 1, 1))
    blocks = [np.where(rng.random((2, 6, 5, 70)) < r, 1 - y, y).astype(np.int8) for r in rates]
    draws = Resamples(40, seed=8)
    job = JobDraws(y, draws.weights(5), "biased")
    for preds in blocks:
        job.add(preds)
    values = job.values()
    every = draw_values(np.concatenate(blocks), y, draws.weights(5), "biased")
    best = best_settings(every).any(axis=1)
    assert 1 < best.sum() < best.size                      # some curves skipped, more than one kept
    np.testing.assert_array_equal(values[best], every[best])
    np.testing.assert_array_equal(values[:, [0, -1]], every[:, [0, -1]])
    assert np.isnan(values[~best, 1:-1]).all()
    settings = [{"C": float(c), "sigma": 1.0, "degree": np.nan} for c in range(6)]
    pd.testing.assert_frame_equal(draw_frame("p2", "rbf", "bagging", settings, values),
                                  draw_frame("p2", "rbf", "bagging", settings, every))


def test_ch4_draws_leave_the_frame_alone_and_pair_the_settings():
    draws = Resamples(8, seed=2003)
    plain = run_family("letter_two", "rbf", C_grid=[1, 100], values=[0.1, 20], **CH4)
    frame, on_draws = run_family("letter_two", "rbf", C_grid=[1, 100], values=[0.1, 20], draws=draws, **CH4)
    pd.testing.assert_frame_equal(frame, plain)
    assert list(frame.columns) == TIDY_COLUMNS and list(on_draws.columns) == DRAW_COLUMNS
    assert len(on_draws) == 4 * 8 and list(on_draws["draw"][:8]) == list(range(8))
    # capacity means: over each draw's samples, whose mean over the samples is the frame's
    assert on_draws["train_error"].notna().all()
    # the error is linear in the samples' errors: the draws' errors average to about the frame's
    mean = on_draws.groupby(["C", "sigma"], sort=False)["error"].mean().to_numpy()
    np.testing.assert_allclose(mean, frame["error"], atol=0.03)
    [per_draw] = [frames_on_draws([frame], [on_draws], CH4_KEYS, 8)[b] for b in (3,)]
    assert list(per_draw.columns) == TIDY_COLUMNS
    np.testing.assert_array_equal(per_draw["error"], on_draws.loc[on_draws["draw"] == 3, "error"])
    np.testing.assert_array_equal(per_draw["n_samples"], frame["n_samples"])
    with pytest.raises(ValueError, match="the claims ask for 9"):
        frames_on_draws([frame], [on_draws], CH4_KEYS, 9)


def test_ch4_and_ch5_claims_are_judged_on_the_draws():
    draws = Resamples(5, seed=2003)
    grid = {"sigma": [1.0, 20.0], "C": [1.0, 100.0]}
    parts = [run_ensembles("p2", "rbf", m, grid=grid, draws=draws, **CH5) for m in ("bagging", "randagg")]
    ch5 = ([p[0] for p in parts], [p[1] for p in parts])
    fours = run_family("p2", "rbf", C_grid=[1, 100], values=[0.1, 20], draws=draws, **CH4)
    evidence = resampled_evidence(None, draws, ch4=([fours[0]], [fours[1]]), ch5=ch5)
    assert sorted(evidence) == ["4", "5"]
    on_b = evidence["5"](2)
    assert set(on_b) == {"frame", "bag", "agg"} and len(on_b["bag"]) == 1
    frame = on_b["frame"]
    assert set(frame["method"]) == {"single", "bagging", "randagg"}
    # Table 5.1 on the draw reads the draw's own best single SVM and bagged ensemble
    single = frame[frame["method"] == "single"]
    assert on_b["bag"]["E_SVM"].iloc[0] == single["error"].min()
    # the best model's whole curve is there, so curve claims (Q5.4) can be judged on the draw
    best = on_b["bag"].iloc[0]
    curve = frame[(frame["method"] == "bagging") & (frame["C"] == best["ensemble_C"])
                  & (frame["sigma"] == best["ensemble_sigma"])]
    assert sorted(curve["k"]) == list(range(1, 11))
    assert set(CH5_KEYS) <= set(frame.columns) and len(evidence["4"](1)["frame"]) == len(fours[0])
    point = pd.concat(ch5[0], ignore_index=True)
    reproduced = {"frame": point, "bag": table_5(point, "bagging"), "agg": table_5(point, "randagg")}
    rows = {r["claim_id"]: r for r in CH5_CLAIMS.judge({}, reproduced, resampled=evidence["5"], draws=draws)}
    # Q5.1's earlier reading on the draws: the share of draws on which |bias_bag - bias_SVM| <= 0.015
    shares = [abs(t["ensemble_bias"] - t["single_bias"]).max() <= 0.015
              for t in (evidence["5"](b)["bag"] for b in range(5))]
    assert rows["Q5.1"]["previous_resample_share"] == pytest.approx(np.mean(shares))
    # a curve claim, judged on every draw (its earlier reading: the plotted models are not in this grid)
    assert rows["Q5.4"]["previous_resample_share"] >= 0
    # chapter 4's draws carry each row's SE over the draws, for the claims' "2 combined SE"
    spreads = {}
    on_four = resampled_evidence(None, draws, ch4=([fours[0]], [fours[1]]), spreads=spreads)["4"](1)["frame"]
    assert {"bias_se", "net_var_se", "var_se"} <= set(on_four.columns)
    assert len(spreads["4"]) == len(fours[0]) and (spreads["4"]["bias_se"] >= 0).all()
