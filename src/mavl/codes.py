"""Coding matrices (spec james-ch2 §4.1).

A code matrix ``M`` has one row per class and one column per binary problem, with entries in
{-1, 0, +1}: +1 puts the class in super group one, -1 in super group two, and 0 leaves it out of
that column's problem (ternary codes of Allwein et al. 2000). The thesis's 0/1 matrix ``Z`` is
``(M + 1) / 2`` on the non-zero entries.
"""

import itertools

import numpy as np

__all__ = ["exhaustive_code", "identity_code", "random_code", "to_zero_one"]


def random_code(n_classes, n_columns, rng, zero_probability=0.0):
    """Random code matrix with i.i.d. entries (the thesis's Bernoulli(1/2) matrix by default).

    Columns are drawn one after another, so the first ``b`` columns of a matrix with more columns
    are exactly the matrix drawn with ``b`` columns from the same generator state. No column or
    row is rejected: constant columns are allowed (spec §4.1).

    Parameters
    ----------
    n_classes, n_columns : int
    rng : numpy.random.Generator
    zero_probability : float, default=0.0
        Probability of a 0 entry; the non-zero entries are ±1 with equal probability.

    Returns
    -------
    ndarray of shape (n_classes, n_columns), dtype int8
    """
    if zero_probability > 0:
        draws = rng.random((n_columns, n_classes, 2))
        signs = np.where(draws[..., 1] < zero_probability, 0, np.where(draws[..., 0] < 0.5, 1, -1))
    else:
        signs = np.where(rng.random((n_columns, n_classes)) < 0.5, 1, -1)
    return np.ascontiguousarray(signs.T, dtype=np.int8)


def identity_code(n_classes):
    """One-vs-rest code: +1 on the diagonal, -1 elsewhere."""
    return (2 * np.eye(n_classes, dtype=np.int8) - 1).astype(np.int8)


def exhaustive_code(n_classes):
    """All ``2**(k-1) - 1`` distinct non-constant columns, up to complement (Dietterich–Bakiri)."""
    columns = [
        (1,) + bits
        for bits in itertools.product((1, -1), repeat=n_classes - 1)
        if any(b == -1 for b in bits)
    ]
    return np.array(columns, dtype=np.int8).T


def to_zero_one(code):
    """The thesis's 0/1 matrix ``Z = (M + 1) / 2`` (0 entries become 0.5) and the non-zero mask."""
    code = np.asarray(code)
    return (code + 1) / 2.0, code != 0
