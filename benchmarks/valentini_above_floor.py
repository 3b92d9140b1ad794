"""What a Valentini (2003) chapter 4 or 5 job does around its learners, before and after issue 52.

Each job (a data set and kernel: both families of chapter 5 with the claims' draws, or chapter 4's
grid with its draws) runs twice in this process, the two frames compared for equality to the bit:

* **before**: the routes of 2026-11-28 (commit ed5dd51): ensemble votes from ``np.cumsum`` along the
  members' axis and nested ``np.where``; a block's decision values of every fit computed at once;
  the draws' labels copied to booleans before ``np.packbits``;
  the draws' vote counts as float64 matrix products, their bias from class 1's votes compared per
  true class; each sample's labels encoded again for every C;
  chapter 4's draws decomposed into all eight summaries where their rows hold six;
* **after**: the workflow's routes (member-by-member prefix sums, each fit's decision values as they
  are read, ``packbits`` on the 0/1 labels, float32 vote counts, which are exact integers, the bias
  from the true class's votes in one comparison, labels encoded once per sample, six summaries).

The **floor** is the time inside libsvm's ``fit`` (timed in the after run). ``--cache-sizes`` also
times libsvm's fits of one job alone under several ``cache_size`` values (MB) in the same run:
``SVC(cache_size=...)``'s kernel cache, which a 100-point problem (a 40 kB matrix) never fills.

Run from the project's root: ``python benchmarks/valentini_above_floor.py [--scale default]
[--n-ensembles N] [--n-samples N] [--jobs ch5:waveform:linear ch4:waveform:rbf]
[--cache-sizes 200 1 1000] [--repeats 1]``.
"""

import argparse
import time
from contextlib import ExitStack
from unittest import mock

import numpy as np
import pandas as pd
import yaml
from threadpoolctl import threadpool_limits
from valentini_profile import TimedLibsvm

from mavl.bias_variance import resampled
from mavl.bias_variance.domingos import SUMMARY
from mavl.papers.valentini2003 import families
from mavl.papers.valentini2003.chapter4 import jobs as chapter4
from mavl.papers.valentini2003.chapter5 import draws as chapter5_draws
from mavl.papers.valentini2003.chapter5 import jobs as chapter5
from mavl.papers.valentini2003.claims_noise import draws_for
from mavl.papers.valentini2003.settings import settings
from mavl.svm import grid, pooled, precomputed
from mavl.svm.kernels import thesis_kernel


def votes_before(pred, dec, vote_ties="decision_sum"):
    """Ensemble votes as before: cumulative sums along the members' (middle) axis."""
    k = np.arange(1, pred.shape[-2] + 1)[:, None]
    twice = 2 * np.cumsum(pred, axis=-2, dtype=np.int32)
    tie = np.cumsum(dec, axis=-2) >= 0 if vote_ties == "decision_sum" else True
    return np.where(twice > k, 1, np.where(twice < k, 0, tie)).astype(np.int8)


def add_before(self, preds):
    """JobDraws.add as before: a boolean copy of the labels (as large as them) before packing."""
    self._values.append(chapter5_draws.draw_values(preds, self.y_test, self.weights, self.ties, curve=False))
    if preds.shape[1] > 2:
        self._bits.append(np.packbits(preds[:, 1:-1].astype(bool), axis=-1))


class VoteCountsBefore:
    """The draws' vote counts as before: float64 products."""

    def __init__(self, weights):
        self.weights = weights.astype(float)

    def __call__(self, mask):
        return self.weights @ mask.astype(float)


def fit_group_before(X, y, group, kernel, value, C_grid, *, rbf_gamma_rule="inv_sigma", svm):
    """fit_group as before: every fit encodes its sample's labels again (fit_precomputed)."""
    group = np.asarray(group)
    unique, inverse = np.unique(group, return_inverse=True)
    inverse = inverse.reshape(group.shape)
    gram = thesis_kernel(X[unique], None, kernel, value, rbf_gamma_rule=rbf_gamma_rule)
    n_c, g = len(C_grid), group.shape[0]
    coef, intercept = np.zeros((n_c, g, unique.size)), np.zeros((n_c, g, 1))
    one_class, hit = np.full(g, -1, dtype=np.int64), np.zeros((n_c, g), dtype=bool)
    n_support = np.zeros((n_c, g), dtype=np.int64)
    for j, rows in enumerate(group):
        labels = np.unique(y[rows])
        if labels.size < 2:
            one_class[j] = labels[0]
            continue
        K = gram[np.ix_(inverse[j], inverse[j])]
        for c, C in enumerate(C_grid):
            fit = precomputed.fit_precomputed(K, y[rows], C, **svm)
            hit[c, j] = fit.n_iter >= svm["max_iter"]
            n_support[c, j] = fit.support.size
            np.add.at(coef[c, j], inverse[j][fit.support], fit.dual_coef)
            intercept[c, j, 0] = fit.intercept
    used = np.flatnonzero(np.any(coef != 0, axis=(0, 1)))
    return pooled.GroupFit(unique[used], coef[:, :, used], intercept, one_class, hit, n_support)


def decisions_before(*args, **kwargs):
    """pooled_decisions as before: a block's decision values of every fit computed at once (a list)."""
    for block, decisions in pooled.pooled_decisions(*args, **kwargs):
        yield block, iter(list(decisions))


def error_bias_before(is_one, y1, w, totals, ties, votes):
    """The draws' error and bias as before: float64 vote counts for class 1, compared per true class."""
    n_test = is_one.shape[-1]
    errors = np.count_nonzero(is_one != y1, axis=1).astype(float)
    twice = 2.0 * votes(is_one)
    missed = np.where(y1, twice <= totals, twice >= totals) if ties == "biased" else (twice > totals) != y1
    return np.column_stack([(w @ errors) / (totals[:, 0] * n_test),
                            np.count_nonzero(missed, axis=1) / n_test])


def resampled_before(predictions, y_true, weights, *, classes, ties="biased", summary=SUMMARY):
    """Chapter 4's draws as before: all eight summaries computed, six kept."""
    every = resampled.domingos_resampled_summaries(predictions, y_true, weights, classes=classes, ties=ties)
    return every[..., [SUMMARY.index(name) for name in summary]]


BEFORE = [(chapter5, "ensemble_votes", votes_before), (chapter5_draws.JobDraws, "add", add_before),
          (resampled, "_VoteCounts", VoteCountsBefore),
          (resampled, "_two_class_error_bias", error_bias_before), (chapter5, "fit_group", fit_group_before),
          (grid, "fit_group", fit_group_before),
          (chapter4, "domingos_resampled_summaries", resampled_before),
          (chapter5, "pooled_decisions", decisions_before)]


def job_frames(cfg, draws, chapter, data_set, kernel):
    """The frames one job writes, in order."""
    if chapter == "ch4":
        return list(families.run_ch4_job(cfg, "ch4", data_set, kernel, draws))
    return [frame for family in ("ch5_bag", "ch5_ra")
            for frame in families.run_ch5_job(cfg, family, data_set, kernel, draws)]


def timed(cfg, draws, job, before):
    with ExitStack() as patches:
        if before:
            for owner, name, route in BEFORE:
                patches.enter_context(mock.patch.object(owner, name, route))
        start = time.perf_counter()
        frames = job_frames(cfg, draws, *job)
        return time.perf_counter() - start, frames


def cache_sizes(cfg, job, sizes):
    """Seconds inside libsvm's fits of one job under each cache size, in turn (the same problems)."""
    seconds = []
    for size in sizes:
        floor = TimedLibsvm(precomputed.libsvm)
        cfg = {**cfg, "svm": {**cfg["svm"], "cache_size": size}}
        with mock.patch.object(precomputed, "libsvm", floor):
            if job[0] == "ch4":
                families.run_ch4_job(cfg, "ch4", job[1], job[2])
            else:
                families.run_ch5_job(cfg, "ch5_bag", job[1], job[2])
        seconds.append(floor.seconds)
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", default="default", choices=("smoke", "default", "full"))
    parser.add_argument("--n-ensembles", type=int, help="chapter 5's ensembles (default: the scale's)")
    parser.add_argument("--n-samples", type=int, help="chapter 4's training samples (default: the scale's)")
    parser.add_argument("--jobs", nargs="+",
                        default=["ch5:waveform:linear", "ch5:spam:rbf", "ch4:waveform:rbf"])
    parser.add_argument("--cache-sizes", nargs="*", type=float, default=[200, 1, 1000])
    parser.add_argument("--repeats", type=int, default=1, help="before and after in turn; the least kept")
    args = parser.parse_args()
    # One BLAS thread, as the workflow's jobs run (Snakemake gives each job its one thread).
    with threadpool_limits(limits=1, user_api="blas"):
        run(args)


def run(args):
    with open("config.yaml") as handle:
        config = yaml.safe_load(handle)
    config["valentini2003"]["scale"] = args.scale
    scale = config["valentini2003"]["scales"][args.scale]
    if args.n_ensembles is not None:
        scale["chapter5"]["n_ensembles"] = args.n_ensembles
    if args.n_samples is not None:
        scale["chapter4"]["n_samples"] = {"p2": args.n_samples, "others": args.n_samples}
    cfg, draws = settings(config), draws_for(config["claims"], config["master_seed"])
    totals = np.zeros(3)
    print(f"scale {args.scale}, {cfg['chapter5']['n_ensembles']} ensembles (chapter 5), "
          f"{cfg['chapter4']['n_samples']['waveform']} samples (chapter 4 but P2); seconds")
    for spec in args.jobs:
        job = tuple(spec.split(":"))
        before = after = np.inf
        for _ in range(args.repeats):
            seconds, old = timed(cfg, draws, job, before=True)
            before = min(before, seconds)
            floor = TimedLibsvm(precomputed.libsvm)
            with mock.patch.object(precomputed, "libsvm", floor):
                seconds, new = timed(cfg, draws, job, before=False)
            after = min(after, seconds)
            for a, b in zip(old, new, strict=True):
                pd.testing.assert_frame_equal(a, b, check_exact=True)
        totals += before, after, floor.seconds
        print(f"{spec:>22}: before {before:6.1f}  after {after:6.1f}  floor {floor.seconds:6.1f}  "
              f"before/after {before / after:4.2f}  above floor {before - floor.seconds:6.1f} -> "
              f"{after - floor.seconds:6.1f}  (identical frames)", flush=True)
    above = (totals[0] - totals[2]) / (totals[1] - totals[2])
    print(f"all: before {totals[0]:.1f} s, after {totals[1]:.1f} s, floor {totals[2]:.1f} s; before/after "
          f"{totals[0] / totals[1]:.2f}; above the floor, before/after {above:.2f}")
    if args.cache_sizes:
        job = tuple(args.jobs[0].split(":"))
        seconds = cache_sizes(cfg, job, args.cache_sizes)
        print(f"libsvm fits of {args.jobs[0]} by cache_size (MB): " + ", ".join(
            f"{size:g}: {s:.1f} s" for size, s in zip(args.cache_sizes, seconds, strict=True)))


if __name__ == "__main__":
    main()
