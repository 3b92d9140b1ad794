"""Allwein et al.'s SVM jobs: the shared-kernel route against one kernel per column, per data set.

For every data set of Table 3 (config ``allwein2000.svm.data_sets``) and every code the paper runs
on it, one fold of the job as the workflow runs it (`mavl.papers.allwein2000.experiments`: the
data set's first split, its preprocessing, ``SVC(kernel="poly", degree=4, gamma=1/d, coef0=1)``)
is fitted and read (column outputs of the test and the training part) twice in the same run:

* ``per_column``: ``ECOCClassifier(share_kernel=False)``, libsvm's kernel inside every column;
* ``shared``: ``ECOCClassifier(share_kernel=True)``, one Gram matrix for all columns.

Both must give the same column signs. The rule the workflow follows: a job keeps the shared route
(the default) unless one kernel per column was faster by more than timer noise (10 % and 0.1 s).
The script prints the mapping (code family → data sets of the shared jobs) to put in
``allwein2000.svm.share_kernel``, and the time of every data set's jobs under each single route and
under the chosen ones. Needs ``MAVL_DATA_MIRROR``. Run from the project root:
``python benchmarks/allwein_svm_routes.py [--scale paper|quick]``.
"""

import argparse
import time
import warnings
from pathlib import Path

import numpy as np
import yaml

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.experiments import _learner, load, problem_code, splits
from mavl.papers.allwein2000.preprocess import fit_transform_split
from mavl.papers.allwein2000.settings import jobs

ROOT = Path(__file__).resolve().parents[1]


def one_fold(cfg, data_set, family, share):
    """Seconds to fit and read one fold of the (svm, data set, code) job (the best of three where it
    takes under a second, so that timer noise does not pick the route), and its column signs."""
    data = load(cfg, data_set)
    code = problem_code(cfg, data_set, family, data.n_classes)
    X, y, X_test, _, _ = splits(data, cfg, data_set)[0]
    X, X_test = fit_transform_split("svm", data.nominal, X, X_test, scaling=cfg["svm"]["scaling"])
    model = _learner(cfg, "svm", code[np.unique(y)], X.shape[1], share)
    times = []
    while len(times) < 3 and (not times or min(times) < 1.0):
        start = time.perf_counter()
        model.fit(X, y)
        outputs = model.column_outputs(X_test)
        model.column_outputs(X)
        times.append(time.perf_counter() - start)
    return min(times), np.sign(outputs), code.shape[1]


def per_column_wins(naive, shared):
    """One kernel per column is measurably faster: by more than 10 % and more than 0.1 s."""
    return shared - naive > max(0.1, 0.1 * shared)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", default="paper")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message="The least populated class")   # small classes, 10 folds
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    cfg = settings({**config, "scale": args.scale})
    totals, shared_jobs = {}, {}
    print(f"{'data set':<12} {'code':<11} {'columns':>7} {'per_column s':>12} {'shared s':>9} {'ratio':>6}")
    for data_set, family in jobs(cfg, "svm"):
        naive, signs, width = one_fold(cfg, data_set, family, False)
        shared, shared_signs, _ = one_fold(cfg, data_set, family, True)
        agree = np.mean(signs == shared_signs)
        assert agree > 0.9999, (data_set, family, agree)
        if not per_column_wins(naive, shared):
            shared_jobs.setdefault(family, []).append(data_set)
        totals.setdefault(data_set, np.zeros(3))
        totals[data_set] += (naive, shared, naive if per_column_wins(naive, shared) else shared)
        print(f"{data_set:<12} {family:<11} {width:>7} {naive:>12.2f} {shared:>9.2f} {naive / shared:>5.2f}x")
    print()
    for data_set, (naive, shared, chosen) in totals.items():
        print(f"{data_set:<12} all codes: per_column {naive:.2f} s, shared {shared:.2f} s, "
              f"chosen {chosen:.2f} s")
    naive, shared, chosen = np.sum(list(totals.values()), axis=0)
    print(f"all data sets: per_column {naive:.1f} s, shared {shared:.1f} s, chosen per job {chosen:.1f} s")
    print("\nshare_kernel:")
    for family, data_sets in shared_jobs.items():
        print(f"  {family}: [{', '.join(data_sets)}]")


if __name__ == "__main__":
    main()
