"""Fit-once-read-prefixes against refitting scikit-learn's ensembles once per B.

One replicate of Table 2.10's design (Letter, 50 per class, default trees, grid L). Three routes,
timed in the same run:

* ``fit_once``: mavl's ECOC family (four decoders from one set of 200 super-group trees),
  Bagging and both Boosting variants, each fitted once at B = 200 and read at every B.
* ``refit``: what a user has today: scikit-learn's ``OutputCodeClassifier``, ``BaggingClassifier``
  and ``AdaBoostClassifier`` with the same trees, refitted for every B in the grid, predictions
  included. scikit-learn has one ECOC decoder; the ratio is printed both with its refit shared by
  the four decoders and counted once per decoder.
* ``bare``: fitting the same number of trees as ``fit_once`` (800) with nothing else.

Prints the two ratios refit / fit_once and fit_once / bare. Run: ``python benchmarks/fit_once_vs_refit.py``.
"""

import time

import numpy as np
from sklearn.base import clone
from sklearn.ensemble import AdaBoostClassifier, BaggingClassifier
from sklearn.multiclass import OutputCodeClassifier

from mavl import AdaBoostM1Classifier, ECOCClassifier, STreeClassifier, VoteBaggingClassifier
from mavl.papers.james1998.experiments import draw_replicate

GRID = [2, 5, 10, 20, 40, 60, 80, 100, 120, 160, 200]
OPTIONS = {"letter_test_set": "redraw"}
SPEC = {"name": "L50", "data": "letter", "train_per_class": 50, "test_per_class": 20}


def fit_once(X, y, Xt, tree):
    ecoc = ECOCClassifier(tree, n_estimators=200, random_state=0).fit(X, y)
    ecoc.decode_prefixes(Xt, GRID, ["l1", "regression", "centroid", "substitution"])
    VoteBaggingClassifier(tree, n_estimators=200, random_state=0).fit(X, y).predict_prefixes(Xt, GRID)
    for error in ("standard", "adapted"):
        boost = AdaBoostM1Classifier(tree, n_estimators=200, error=error, random_state=0)
        boost.fit(X, y).predict_prefixes(Xt, GRID)


def refit_ecoc(X, y, Xt, tree):
    k = len(np.unique(y))
    for b in GRID:  # code_size is B / k, so B columns
        OutputCodeClassifier(tree, code_size=b / k, random_state=0).fit(X, y).predict(Xt)


def refit_others(X, y, Xt, tree):
    for b in GRID:
        BaggingClassifier(tree, n_estimators=b, random_state=0).fit(X, y).predict(Xt)
        for _ in range(2):  # standard and adapted boosting
            AdaBoostClassifier(tree, n_estimators=b, random_state=0).fit(X, y).predict(Xt)


def bare(X, y, Xt, tree):
    rng = np.random.default_rng(0)
    binary = rng.integers(0, 2, size=(200, 26))
    for j in range(200):
        clone(tree).fit(X, binary[j][y])
    for _ in range(3 * 200):
        idx = rng.integers(0, len(y), len(y))
        clone(tree).fit(X[idx], y[idx])


def timed(route, *args):
    start = time.perf_counter()
    route(*args)
    return time.perf_counter() - start


def main():
    X, y, Xt, _ = draw_replicate(SPEC, 0, 1998, OPTIONS)
    tree = STreeClassifier(weight_semantics="counts")
    times = {name: timed(route, X, y, Xt, tree) for name, route in
             [("bare", bare), ("fit_once", fit_once), ("refit_ecoc", refit_ecoc),
              ("refit_others", refit_others)]}
    for name, seconds in times.items():
        print(f"{name:>12}: {seconds:7.2f} s")
    shared = times["refit_ecoc"] + times["refit_others"]
    # scikit-learn has one ECOC decoder; a user who wants all four either decodes the fitted
    # columns herself (one refit per B, "shared") or refits per decoder ("per decoder").
    per_decoder = 4 * times["refit_ecoc"] + times["refit_others"]
    print(f"refit / fit_once = {shared / times['fit_once']:.2f}x with one ECOC refit per B "
          f"shared by the four decoders; {per_decoder / times['fit_once']:.2f}x with one per "
          f"decoder (the ECOC refit time counted four times)")
    print(f"fit_once / bare  = {times['fit_once'] / times['bare']:.2f}x "
          f"(overhead over fitting the same 800 trees)")


if __name__ == "__main__":
    main()
