"""AdaBoost.MO's rounds: the compiled route (numba) against today's numpy route, in the same run.

Issue 52 (c) asks the compiled stump search to earn its dependency with at least 3x on the rounds
of Letter, thyroid and satimage codes. For each data set and code family this fits the same
T rounds with ``algorithm="binned"`` (the numpy route) and ``algorithm="compiled"`` (the default),
three times each in turn, asserts the two fitted models are bit-identical, and prints the best CPU
time per round (``time.process_time``: the machine may be shared) and the ratio, per code, per data
set and in all; ``results/benchmarks/adaboost_mo_compiled.tsv`` gets the table. The kernels are
compiled (or read from numba's cache) before the timing. Needs the UCI mirror (``MAVL_DATA_MIRROR``).
Run: ``python benchmarks/adaboost_mo_compiled.py [rounds]`` (default 200).
"""

import sys
import time
from pathlib import Path

import numpy as np

from mavl.data.uci import load_letter_split, load_satellite
from mavl.data.uci_multiclass import load_thyroid
from mavl.output_codes.adaboost_mo import AdaBoostMOClassifier
from mavl.output_codes.codes import make_code
from mavl.papers.allwein2000.preprocess import fit_transform_split

OUT = Path("results/benchmarks/adaboost_mo_compiled.tsv")
ATTRIBUTES = ("features_", "thresholds_", "signs_", "alphas_", "errors_")


def data_sets():
    satimage = load_satellite()
    letter = load_letter_split()
    thyroid = load_thyroid(resolve="last")
    return {
        "satimage": (satimage.X, satimage.y),
        "letter16000": (np.vstack([letter.X, letter.X_test])[:16000],
                        np.concatenate([letter.y, letter.y_test])[:16000]),
        "thyroid": (fit_transform_split("stumps", thyroid.nominal, thyroid.X)[0], thyroid.y),
    }


def timed(X, y, code, rounds, algorithm):
    start = time.process_time()
    model = AdaBoostMOClassifier(code, n_estimators=rounds, algorithm=algorithm).fit(X, y)
    return model, (time.process_time() - start) / rounds


def row(name, family, ell, numpy_s, compiled_s):
    return f"{name}\t{family}\t{ell}\t{numpy_s * 1e3:.3f}\t{compiled_s * 1e3:.3f}\t{numpy_s / compiled_s:.2f}"


def main(rounds=200, repeats=3):
    sets = data_sets()
    for X, y in sets.values():                            # compile every kernel and layout first
        for family in ("one_vs_all", "sparse"):
            AdaBoostMOClassifier(family, n_estimators=3, algorithm="compiled").fit(X[::20], y[::20])
    rows, everything = [], np.zeros(2)
    for name, (X, y) in sets.items():
        per_set = np.zeros(2)
        for family in ("one_vs_all", "all_pairs", "dense", "sparse"):
            if name == "thyroid" and family == "all_pairs":
                continue                                      # not run in Table 2
            code = make_code(family, np.unique(y).size, np.random.default_rng(2000))
            best = {"binned": np.inf, "compiled": np.inf}
            for _ in range(repeats):
                models = {}
                for algorithm in best:
                    models[algorithm], seconds = timed(X, y, code, rounds, algorithm)
                    best[algorithm] = min(best[algorithm], seconds)
                for attribute in ATTRIBUTES:
                    assert np.array_equal(getattr(models["binned"], attribute),
                                          getattr(models["compiled"], attribute)), (name, family, attribute)
            per_set += best["binned"], best["compiled"]
            rows.append(row(name, family, code.shape[1], best["binned"], best["compiled"]))
        rows.append(row(name, "all", "", *per_set))
        everything += per_set
    lines = ["data\tcode\tell\tnumpy_ms_per_round\tcompiled_ms_per_round\tratio", *rows,
             row("all", "all", "", *everything)]
    print("\n".join(lines))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
