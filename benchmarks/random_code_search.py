"""The dense and sparse random codes' search (Allwein et al. 2000, §3): batched against one draw at a time.

``searched_random_code`` keeps the valid code of largest ρ among 10,000 draws, on every fit of an
estimator with ``code="dense"`` or ``"sparse"``. Two routes, timed in the same run, for the k of
a small set and of Table 1's largest:

* ``one_at_a_time``: the search as written before issue 63, a draw, its validity, its ρ, in a loop
  (``tests/library/test_output_codes.py`` keeps it as the reference the batched search must equal);
* ``batched``: the library's search, 500 draws judged at once by their Gram matrices.

Prints the CPU seconds of each and their ratio. Run: ``python benchmarks/random_code_search.py``.
"""

import time

import numpy as np

from mavl.output_codes.codes import code_distance, random_code, searched_random_code


def one_at_a_time(k, family, rng, n_trials=10_000):
    n_columns = int(np.ceil((10 if family == "dense" else 15) * np.log2(k)))
    best, best_rho = None, -np.inf
    for _ in range(n_trials):
        code = random_code(k, n_columns, rng, 0.0 if family == "dense" else 0.5)
        if family == "dense":
            valid = (not (code == code[:1]).all(axis=0).any()
                     and np.unique(code, axis=1).shape[1] == n_columns)
        else:
            valid = ((code != 0).any(axis=0).all() and (code != 0).any(axis=1).all()
                     and np.unique(code, axis=0).shape[0] == k)
        if valid and code_distance(code) > best_rho:
            best, best_rho = code, code_distance(code)
    return best


def cpu_seconds(search, k, family):
    start = time.process_time()
    code = search(k, family, np.random.default_rng(0))
    return time.process_time() - start, code


def main():
    print(f"{'k':>3} {'family':>7} {'one at a time (s)':>18} {'batched (s)':>12} {'ratio':>6}")
    for k, family in ((3, "sparse"), (6, "dense"), (6, "sparse"), (26, "dense"), (26, "sparse")):
        plain, reference = cpu_seconds(one_at_a_time, k, family)
        batched, code = cpu_seconds(searched_random_code, k, family)
        assert np.array_equal(code, reference), "the two routes must keep the same code"
        print(f"{k:>3} {family:>7} {plain:>18.3f} {batched:>12.3f} {plain / batched:>6.1f}")


if __name__ == "__main__":
    main()
