"""AdaBoost.MO's rounds: the compiled route (numba) against today's numpy route, in the same run.

Issue 52 (c) asks the compiled stump search to earn its dependency with at least 3x on the rounds
of Letter, thyroid and satimage codes. For each data set and code family this fits the same
T rounds with ``algorithm="binned"`` (the numpy route, the default) and ``algorithm="compiled"``,
asserts the two fitted models are bit-identical, and prints the time per round and the ratio;
``results/benchmarks/adaboost_mo_compiled.tsv`` gets the table. The kernels are compiled (or read
from numba's cache) before the timing. Needs the UCI mirror (``MAVL_DATA_MIRROR``).
Run: ``python benchmarks/adaboost_mo_compiled.py [rounds]`` (default 64).
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
    start = time.perf_counter()
    model = AdaBoostMOClassifier(code, n_estimators=rounds, algorithm=algorithm).fit(X, y)
    return model, (time.perf_counter() - start) / rounds


def main(rounds=64):
    sets = data_sets()
    X, y = sets["satimage"]
    AdaBoostMOClassifier("one_vs_all", n_estimators=2, algorithm="compiled").fit(X[::50], y[::50])  # compile
    rows, totals = [], np.zeros(2)
    for name, (X, y) in sets.items():
        for family in ("one_vs_all", "all_pairs", "dense", "sparse"):
            if name == "thyroid" and family == "all_pairs":
                continue                                      # not run in Table 2
            code = make_code(family, np.unique(y).size, np.random.default_rng(2000))
            numpy_model, numpy_s = timed(X, y, code, rounds, "binned")
            compiled_model, compiled_s = timed(X, y, code, rounds, "compiled")
            for attribute in ATTRIBUTES:
                assert np.array_equal(getattr(numpy_model, attribute), getattr(compiled_model, attribute)), \
                    (name, family, attribute)
            totals += numpy_s, compiled_s
            rows.append(f"{name}\t{family}\t{code.shape[1]}\t{numpy_s * 1e3:.3f}\t{compiled_s * 1e3:.3f}\t"
                        f"{numpy_s / compiled_s:.2f}")
    lines = ["data\tcode\tell\tnumpy_ms_per_round\tcompiled_ms_per_round\tratio", *rows,
             f"all\t\t\t{totals[0] * 1e3:.3f}\t{totals[1] * 1e3:.3f}\t{totals[0] / totals[1]:.2f}"]
    print("\n".join(lines))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
