"""Stratified replicate draws (spec james-ch2 §5, AMB-01)."""

import numpy as np

__all__ = ["stratified_indices"]


def stratified_indices(y, n_per_class, rng, exclude=None):
    """``n_per_class`` indices of each class, uniformly without replacement, classes in order.

    Parameters
    ----------
    y : ndarray of int
    n_per_class : int
    rng : numpy.random.Generator
    exclude : ndarray of int, optional
        Indices that may not be drawn (e.g. the training set when drawing a test set).
    """
    available = np.ones(len(y), dtype=bool)
    if exclude is not None:
        available[exclude] = False
    chosen = []
    for label in np.unique(y):
        pool = np.flatnonzero((y == label) & available)
        if pool.size < n_per_class:
            raise ValueError(
                f"class {label} has {pool.size} rows available, fewer than n_per_class="
                f"{n_per_class}."
            )
        chosen.append(np.sort(rng.choice(pool, n_per_class, replace=False)))
    return np.concatenate(chosen)
