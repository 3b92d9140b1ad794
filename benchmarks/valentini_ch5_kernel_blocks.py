"""Chapter 5's kernel against the test set: once per group of samples, or once per pool point.

A Valentini (2003) chapter-5 job (:func:`mavl.papers.valentini2003.chapter5.jobs.run_ensembles`, spec
§4.0 F5/F6) fits every member of every ensemble on s = 100 points of one set X, then needs each
member's decision values on the test set 𝒯. Two routes, timed in the same run on the same fits:

* ``per_group`` (the route before 2026-11-27): the kernel between 𝒯 and a group's support vectors
  computed for each group of samples (a bagging ensemble, or one random-aggregating member), so a
  pool point that is a support vector in 500 members has its kernel row computed 500 times;
* ``pooled`` (:func:`mavl.svm.pooled.pooled_decisions`, the workflow's route): the kernel between 𝒯
  and the union of every fit's support vectors, one block of 𝒯 at a time, each row once.

The **floor** is the time inside libsvm's ``fit`` (timed around each call in the pooled run). The
two job frames must be identical (every error, bias, variance and count column, equal as floats):
the kernel values differ in the last bits between the routes, the predictions do not. Prints the
seconds, per_group / pooled and pooled / floor per job. Run from the project's root:
``python benchmarks/valentini_ch5_kernel_blocks.py [--n-ensembles 2] [--jobs p2:rbf spam:poly]``.
"""

import argparse
import time

import numpy as np
import pandas as pd
import yaml
from valentini_profile import TimedLibsvm

from mavl.papers.valentini2003.chapter5 import jobs as chapter5
from mavl.svm import precomputed
from mavl.svm.pooled import pooled_decisions

NORMALISATION = {"p2": {"rbf": "raw"}}


def per_group_decisions(X, X_test, fits, kernel, value, *, rbf_gamma_rule):
    """The route before: each group's kernel against all of 𝒯, one group at a time."""
    whole = slice(0, X_test.shape[0])
    decisions = []
    for fit in fits:
        budget = max(1, fit.points.size) * X_test.shape[0]            # one block: all of 𝒯
        (_, (dec,)), = pooled_decisions(X, X_test, [fit], kernel, value, rbf_gamma_rule=rbf_gamma_rule,
                                        budget=budget)
        decisions.append(dec)
    yield whole, decisions


def job(data_set, kernel, n_ensembles, grid):
    """Both methods of one chapter-5 job on the default scale's grid, ``n_ensembles`` of 60 members."""
    frames = [chapter5.run_ensembles(data_set, kernel, method, grid=grid, n_ensembles=n_ensembles,
                                     n_members=60, seed=20030101, svm={"max_iter": 100_000},
                                     normalisation=NORMALISATION.get(data_set, {}).get(kernel))
              for method in ("bagging", "randagg")]
    return pd.concat(frames, ignore_index=True)


def timed(route, *args):
    chapter5.pooled_decisions = route
    try:
        start = time.perf_counter()
        frame = job(*args)
        return time.perf_counter() - start, frame
    finally:
        chapter5.pooled_decisions = pooled_decisions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-ensembles", type=int, default=2, help="of the default scale's 20")
    parser.add_argument("--jobs", nargs="+",
                        default=["p2:rbf", "waveform:poly", "spam:rbf", "letter_two:linear"])
    args = parser.parse_args()
    with open("config.yaml") as handle:
        grids = yaml.safe_load(handle)["valentini2003"]["grids"]["default_ch5"]
    totals = np.zeros(3)
    print(f"chapter 5 jobs (bagging and random aggregating), {args.n_ensembles} ensembles of 60, seconds")
    for spec in args.jobs:
        data_set, kernel = spec.split(":")
        before, old = timed(per_group_decisions, data_set, kernel, args.n_ensembles, grids[kernel])
        floor = TimedLibsvm(precomputed.libsvm)
        precomputed.libsvm = floor
        try:
            after, new = timed(pooled_decisions, data_set, kernel, args.n_ensembles, grids[kernel])
        finally:
            precomputed.libsvm = floor.module
        pd.testing.assert_frame_equal(old, new, check_exact=True)
        totals += before, after, floor.seconds
        print(f"{data_set:>16} {kernel:>6}: per_group {before:7.1f}  pooled {after:7.1f}  "
              f"floor {floor.seconds:7.1f}  per_group/pooled {before / after:4.2f}  "
              f"pooled/floor {after / floor.seconds:4.2f}  "
              f"(identical frames, {len(new)} rows)", flush=True)
    print(f"all: per_group {totals[0]:.1f} s, pooled {totals[1]:.1f} s, floor {totals[2]:.1f} s; "
          f"per_group/pooled {totals[0] / totals[1]:.2f}, pooled/floor {totals[1] / totals[2]:.2f}")


if __name__ == "__main__":
    main()
