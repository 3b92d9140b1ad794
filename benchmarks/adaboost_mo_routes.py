"""The two stump searches of AdaBoost.MO (spec allwein2000 §4.5 (b), §9), timed in the same run.

* satimage (4435 training rows, 36 features, k = 6) with the all-pairs (ℓ = 15) and dense (ℓ = 26)
  codes, T = 100: ``algorithm="naive"`` (cumulative sums in each feature's sorted order, the route
  spec §9 times) against ``algorithm="binned"`` (per-bin sums by one sparse product a round). The
  two must fit identical stumps and predict identically; the script asserts both.
* letter (the first 16000 rows of the UCI file, 16 features) with the all-pairs code (ℓ = 325):
  T = 1000 with the binned route, and the first rounds with the naive route for its time per round
  and for the same identity check on those rounds.

Each code is drawn once and passed as a matrix, so the random-code search is not timed. Prints the
times and ratios and writes them to ``results/benchmarks/adaboost_mo_routes.tsv``. Needs the UCI
mirror (``MAVL_DATA_MIRROR``). Run: ``python benchmarks/adaboost_mo_routes.py``.
"""

import time
from pathlib import Path

import numpy as np

from mavl.data.uci import load_letter_split, load_satellite
from mavl.output_codes.adaboost_mo import AdaBoostMOClassifier
from mavl.output_codes.codes import make_code

OUT = Path("results/benchmarks/adaboost_mo_routes.tsv")
SATIMAGE_ROUNDS = 100
LETTER_ROUNDS, LETTER_NAIVE_ROUNDS = 1000, 5


def timed_fit(X, y, code, n_estimators, algorithm):
    model = AdaBoostMOClassifier(code, n_estimators=n_estimators, algorithm=algorithm)
    start = time.perf_counter()
    model.fit(X, y)
    return model, time.perf_counter() - start


def same_stumps(a, b, rounds):
    return all(np.array_equal(getattr(a, name)[:rounds], getattr(b, name)[:rounds])
               for name in ("features_", "thresholds_", "signs_", "alphas_"))


def main():
    rows = []
    data = load_satellite()
    for family in ("all_pairs", "dense"):
        code = make_code(family, data.n_classes, np.random.default_rng(2000))
        naive, t_naive = timed_fit(data.X, data.y, code, SATIMAGE_ROUNDS, "naive")
        binned, t_binned = timed_fit(data.X, data.y, code, SATIMAGE_ROUNDS, "binned")
        assert same_stumps(naive, binned, SATIMAGE_ROUNDS), family
        assert np.array_equal(naive.predict(data.X_test), binned.predict(data.X_test)), family
        error = float(np.mean(binned.predict(data.X_test) != data.y_test))
        rows.append(("satimage", family, code.shape[1], SATIMAGE_ROUNDS, t_naive / SATIMAGE_ROUNDS,
                     t_binned / SATIMAGE_ROUNDS, error))

    letter = load_letter_split()
    X = np.vstack([letter.X, letter.X_test])[:16000]
    y = np.concatenate([letter.y, letter.y_test])[:16000]
    code = make_code("all_pairs", letter.n_classes)
    binned, t_binned = timed_fit(X, y, code, LETTER_ROUNDS, "binned")
    naive, t_naive = timed_fit(X, y, code, LETTER_NAIVE_ROUNDS, "naive")
    assert same_stumps(naive, binned, LETTER_NAIVE_ROUNDS)
    rows.append(("letter16000", "all_pairs", code.shape[1], LETTER_ROUNDS, t_naive / LETTER_NAIVE_ROUNDS,
                 t_binned / LETTER_ROUNDS, float("nan")))

    header = "data\tcode\tell\trounds\tnaive_s_per_round\tbinned_s_per_round\tratio\ttest_error"
    lines = [header] + [f"{d}\t{c}\t{ell}\t{T}\t{n:.5f}\t{b:.5f}\t{n / b:.1f}\t{e:.4f}"
                        for d, c, ell, T, n, b, e in rows]
    print("\n".join(lines))
    print(f"letter all_pairs, T = {LETTER_ROUNDS}, binned: {t_binned:.1f} s in all "
          f"({t_binned / LETTER_ROUNDS * 1e3:.1f} ms per round, set-up included)")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
