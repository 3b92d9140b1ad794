"""Shared kernel blocks against one plain SVC per setting, for the single-SVM grid (Valentini 2003).

One slice of the chapter-4 RBF family on P2 (spec valentini2003 §1.6, §3.4, §4.0): a pool 𝒟 of
10000 P2 points, n samples of 100 drawn with replacement, the test set 𝒯 of 10000 points, six σ
spanning the regions of Fig. 4.3 × the full C grid (12 values), γ = 1/σ (A1). Two routes of
:func:`mavl.svm.grid.svm_grid_predictions`, timed in the same run:

* ``naive``: ``SVC(kernel="rbf")`` fitted on each raw sample per setting, then ``predict(𝒯)``;
* ``shared``: per (sample, σ) the Gram matrix is computed once on the sample's unique points and
  shared by the 12 C values (``kernel="precomputed"``); the kernel between 𝒯 and the union of their
  support vectors is computed once, and all 12 decision rows are one matrix product (§3.5).

Asserts identical predictions (the decision values agree to 1e-8: tests/library/test_svm_grid.py), prints
both times and the ratio naive / shared. Run: ``python benchmarks/svm_grid_routes.py``
(``--n-samples`` changes the handful of samples, default 10).
"""

import argparse
import time

import numpy as np

from mavl.data.two_class import p2
from mavl.svm.grid import draw_samples, svm_grid_predictions

SIGMA = [0.01, 0.1, 1.0, 20.0, 100.0, 1000.0]
CGRID = [0.01, 0.1, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
POOL, TEST = 10_000, 10_000


def timed(route, X, y, X_test, samples):
    start = time.perf_counter()
    result = svm_grid_predictions(X, y, X_test, samples, kernel="rbf", C=CGRID, values=SIGMA,
                                  route=route)
    return time.perf_counter() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-samples", type=int, default=10)
    n_samples = parser.parse_args().n_samples
    rng = np.random.default_rng(2003)
    (X, y), (X_test, y_test) = p2(POOL, rng), p2(TEST, rng)
    samples = draw_samples(0, POOL, n_samples)
    times, results = {}, {}
    for route in ("naive", "shared"):
        times[route], results[route] = timed(route, X, y, X_test, samples)
        print(f"{route:>7}: {times[route]:7.2f} s")
    np.testing.assert_array_equal(results["naive"].predictions, results["shared"].predictions)
    n_svm = results["shared"].predictions.shape[0] * n_samples
    errors = (results["shared"].predictions != y_test).mean(axis=(1, 2))
    print(f"identical predictions of {n_svm} SVMs on {TEST} test points (mean error over the grid "
          f"{errors.mean():.3f}, best {errors.min():.3f}); {results['shared'].hit_max_iter.sum()} fits "
          f"stopped by max_iter")
    print(f"naive / shared = {times['naive'] / times['shared']:.2f}x "
          f"(P2, RBF, {len(SIGMA)} sigma x {len(CGRID)} C, {n_samples} samples of 100)")


if __name__ == "__main__":
    main()
