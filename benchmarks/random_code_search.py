"""The dense and sparse random codes' search (Allwein et al. 2000, §3): draws judged in batches
against one at a time.

``searched_random_code`` keeps the valid code of largest ρ among 10,000 draws, on every fit of an
estimator with ``code="dense"`` or ``"sparse"``. It judges ``_TRIALS_PER_BATCH`` (500) draws at once
by their Gram matrices. Two routes, timed in the same run, for the k of a small set and of Table 1's
largest:

* ``one_at_a_time``: the same search with batches of one draw, as the search ran before issue 63
  (which also judged each draw's validity with ``np.unique``, slower still);
* ``batched``: the library's search as it is.

``tests/library/test_output_codes.py`` checks that the batched search keeps the code a plain
one-draw-at-a-time loop keeps. Prints the CPU seconds of each route and their ratio.
Run: ``python benchmarks/random_code_search.py``.
"""

import time

import numpy as np

from mavl.output_codes import codes


def cpu_seconds(k, family, batch):
    default, codes._TRIALS_PER_BATCH = codes._TRIALS_PER_BATCH, batch
    try:
        start = time.process_time()
        code = codes.searched_random_code(k, family, np.random.default_rng(0))
        return time.process_time() - start, code
    finally:
        codes._TRIALS_PER_BATCH = default


def main():
    print(f"{'k':>3} {'family':>7} {'one at a time (s)':>18} {'batched (s)':>12} {'ratio':>6}")
    for k, family in ((3, "sparse"), (6, "dense"), (6, "sparse"), (26, "dense"), (26, "sparse")):
        plain, reference = cpu_seconds(k, family, batch=1)
        batched, code = cpu_seconds(k, family, batch=codes._TRIALS_PER_BATCH)
        assert np.array_equal(code, reference), "the two routes must keep the same code"
        print(f"{k:>3} {family:>7} {plain:>18.3f} {batched:>12.3f} {plain / batched:>6.1f}")


if __name__ == "__main__":
    main()
