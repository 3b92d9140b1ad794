"""One Valentini (2003) experiment family through the §3.5 route and through plain scikit-learn.

The job the workflow runs for chapter 4's F1 family on P2 with the RBF kernel (spec valentini2003
§4.0): :func:`mavl.papers.valentini2003.chapter4.jobs.run_family` over the thesis's whole grid (17 σ × 12
C = 204 settings), n samples of 100 points, the 10000-point test set, Domingos's decomposition per
setting. The two routes of :func:`mavl.svm.grid.iter_svm_grid`, timed in the same run:

* ``naive``: one ``SVC(kernel="rbf")`` fitted per sample and setting, then ``predict`` on 𝒯;
* ``shared`` (§3.5, the workflow's ``svm.route``): per (sample, σ) one Gram matrix on the sample's
  unique points shared by the 12 C values, one kernel block between 𝒯 and the union of their support
  vectors, the 12 decision rows as one matrix product.

Asserts that the two family frames are identical (every error, bias and variance column, equal as
floats), prints both times and the ratio naive / shared. Run:
``python benchmarks/valentini_family_routes.py`` (``--n-samples``, default 10; the default scale
runs 200).
"""

import argparse
import time

import pandas as pd
import yaml

from mavl.papers.valentini2003.chapter4.jobs import run_family

GRID = "thesis_ch4"


def thesis_grid():
    """The RBF grid of config.yaml's ``thesis_ch4`` (what the default and full scales run)."""
    with open("config.yaml") as handle:
        return yaml.safe_load(handle)["valentini2003"]["grids"][GRID]["rbf"]


def timed(route, grid, n_samples):
    start = time.perf_counter()
    frame = run_family("p2", "rbf", C_grid=grid["C"], values=grid["sigma"], n_samples=n_samples, seed=2003,
                       capacity=False, route=route)
    return time.perf_counter() - start, frame


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-samples", type=int, default=10)
    n_samples = parser.parse_args().n_samples
    grid = thesis_grid()
    times, frames = {}, {}
    for route in ("naive", "shared"):
        times[route], frames[route] = timed(route, grid, n_samples)
        print(f"{route:>7}: {times[route]:7.2f} s")
    pd.testing.assert_frame_equal(frames["naive"], frames["shared"], check_exact=True)
    best = frames["shared"].loc[frames["shared"]["error"].idxmin()]
    print(f"identical family frames: {len(frames['shared'])} settings x {n_samples} samples "
          f"(best error {best['error']:.4f} at sigma {best['sigma']:g}, C {best['C']:g})")
    print(f"naive / shared = {times['naive'] / times['shared']:.2f}x "
          f"(F1: P2, RBF, {GRID} {len(grid['sigma'])} sigma x {len(grid['C'])} C, {n_samples} samples)")


if __name__ == "__main__":
    main()
