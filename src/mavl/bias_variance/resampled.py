"""Domingos's summaries on bootstrap resamples of the classifiers (a claim's replicate noise).

Valentini's bias and variance are not means of per-classifier numbers: the main prediction is a
vote over all n classifiers. Their noise over the training samples is therefore measured by
re-deciding the whole decomposition on resamples of the classifiers, which
:func:`domingos_resampled_summaries` does from vote counts, never copying a prediction matrix.
"""

import numpy as np

from .domingos import (
    MAIN_PREDICTION_TIES,
    SUMMARY,
    _class_indices,
    _point_columns,
    _summary_means,
    _two_class_columns,
)

__all__ = ["domingos_resampled_summaries"]
def domingos_resampled_summaries(predictions, y_true, weights, *, classes, ties="biased", summary=SUMMARY):
    """:func:`~mavl.bias_variance.domingos.domingos_summaries` on resamples of the classifiers,
    without copying the predictions.

    Resample ``b`` counts classifier ``i`` ``weights[b, i]`` times (a bootstrap draw's
    multiplicities), so its numbers are, bit for bit, those of
    :func:`~mavl.bias_variance.domingos.domingos_summaries` on the matrix that repeats row ``i``
    that often: the vote counts are products of integers, exact in any summation order.

    Parameters
    ----------
    predictions : array-like of shape (..., n_classifiers, n_test)
    y_true : array-like of shape (n_test,)
    weights : array-like of int, shape (n_resamples, n_classifiers)
        Non-negative multiplicities; every row holds at least one vote.
    classes : array-like
        All class labels.
    ties : {"biased", "lowest_index"}, default="biased"
    summary : sequence of str, default=SUMMARY
        The columns returned, names of :data:`~mavl.bias_variance.domingos.SUMMARY`. For two classes,
        ``error`` and ``bias`` alone are counted in integers (a fifth of the cost of all eight):
        the same values up to the rounding of their last bit.

    Returns
    -------
    ndarray of shape (..., n_resamples, len(summary))

    Examples
    --------
    >>> p = [[1, 1, 0], [1, 0, 0]]
    >>> domingos_resampled_summaries(p, [1, 1, 1], [[2, 0], [1, 1]], classes=(0, 1))[:, :2].round(4).tolist()
    [[0.3333, 0.3333], [0.5, 0.6667]]
    """
    predictions, y_true, classes = np.asarray(predictions), np.asarray(y_true), np.unique(classes)
    weights = np.asarray(weights)
    if predictions.ndim < 2 or y_true.shape != predictions.shape[-1:]:
        raise ValueError(f"predictions must be (..., n_classifiers, n_test) and y_true (n_test,); got "
                         f"{predictions.shape} and {y_true.shape}.")
    if weights.ndim != 2 or weights.shape[1] != predictions.shape[-2] or np.any(weights < 0) \
            or np.any(weights != np.round(weights)) or np.any(weights.sum(axis=1) == 0):
        raise ValueError(f"weights must be non-negative integers of shape (n_resamples, "
                         f"{predictions.shape[-2]}) with a vote in every row; got shape {weights.shape}.")
    summary = list(summary)
    if not summary or not set(summary) <= set(SUMMARY):
        raise ValueError(f"summary must name columns of {SUMMARY}; got {summary}.")
    y_idx = _class_indices(y_true, classes, "y_true")
    lead, n_test = predictions.shape[:-2], predictions.shape[-1]
    w = weights.astype(float)
    votes = _VoteCounts(weights)
    out = np.empty((*lead, w.shape[0], len(summary)))
    totals = w.sum(axis=1, keepdims=True)
    # One matrix at a time, as a view: a sliced stack is never copied whole.
    for j in np.ndindex(*lead):
        matrix = predictions[j]
        if not np.isin(matrix, classes).all():       # per matrix: no index array of the whole stack
            raise ValueError(f"predictions holds labels outside classes {classes.tolist()}.")
        # Votes per resample and point: products and sums of integers, exact in float.
        if classes.size == 2 and set(summary) <= {"error", "bias"}:
            out[j] = _two_class_error_bias(matrix == classes[1], y_idx == 1, w, totals, ties, votes)[:, [
                ("error", "bias").index(name) for name in summary]]
            continue
        if classes.size == 2:
            c1 = votes(matrix == classes[1])
            columns = _two_class_columns(totals - c1, c1, y_idx, ties, summary)
        else:
            counts = np.stack([votes(matrix == c) for c in classes], axis=-1)
            columns = _point_columns(counts.reshape(-1, classes.size), np.tile(y_idx, w.shape[0]), classes,
                                     ties)
        out[j] = _summary_means(columns, (w.shape[0], n_test), summary)
    return out



def _two_class_error_bias(is_one, y1, w, totals, ties, votes):
    """Error and bias of every resample (n_resamples, 2) from integer counts: the error is linear in
    the classifiers' own error counts, the bias a count of the points the main prediction misses."""
    if ties not in MAIN_PREDICTION_TIES:
        raise ValueError(f"ties must be one of {MAIN_PREDICTION_TIES}; got {ties!r}.")
    n_test = is_one.shape[-1]
    if ties == "biased":
        # The main prediction misses where the true class holds at most half the votes (a tie goes
        # to the other class): one count of the true class's votes, the same integers as before.
        correct = is_one == y1
        errors = (n_test - np.count_nonzero(correct, axis=1)).astype(float)
        twice = votes.counts(correct)
        twice *= 2
        missed = twice <= totals.astype(twice.dtype)
    else:                                     # "lowest_index": class 0 on a tie
        errors = np.count_nonzero(is_one != y1, axis=1).astype(float)
        missed = (2.0 * votes(is_one) > totals) != y1
    return np.column_stack([(w @ errors) / (totals[:, 0] * n_test),
                            np.count_nonzero(missed, axis=1) / n_test])


class _VoteCounts:
    """``weights @ mask`` in float64 for 0/1 masks (n_classifiers, n_test): each resample's votes per
    point. Every product and partial sum is an integer no larger than a row's total weight, so below
    2**24 float32's matrix product is exact in any summation order: the same numbers as float64's,
    at half the memory traffic. Larger totals keep float64."""

    def __init__(self, weights):
        exact = weights.sum(axis=1).max(initial=0) < 2**24
        self.dtype = np.float32 if exact else np.float64
        self.weights = weights.astype(self.dtype)

    def __call__(self, mask):
        return self.counts(mask).astype(np.float64, copy=False)

    def counts(self, mask):
        """The votes in :attr:`dtype` (exact integers)."""
        return self.weights @ mask.astype(self.dtype)
