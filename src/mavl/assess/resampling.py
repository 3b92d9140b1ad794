"""K-fold cross-validation, bootstrap estimates and the paired comparison over shared folds
(Zaki & Meira Algorithms 22.2–22.4; spec zaki-ch22 §2.2–2.5).

Folds are the chapter's plain random split (shuffle, then ``numpy.array_split``), which is what
scikit-learn's ``KFold(shuffle=True)`` gives up to the permutation; the tests check they agree.
"""

import numpy as np
from sklearn.base import clone

from .intervals import paired_t_test

__all__ = ["bootstrap_estimates", "cross_validation_estimates", "error_rate", "kfold_indices",
           "paired_cv_test"]


def error_rate(model, X, y):
    r"""The default measure :math:`\theta`: the error rate of a fitted model on (X, y)."""
    return float(np.mean(model.predict(X) != y))


def kfold_indices(n, K, rng):
    """The chapter's folds: a seeded permutation split into K almost equal parts (test indices)."""
    return np.array_split(rng.permutation(n), K)


def _folds(n, K, rng):
    everything = np.arange(n)
    for test in kfold_indices(n, K, rng):
        yield np.setdiff1d(everything, test), test


def cross_validation_estimates(estimator, X, y, K, rng, measure=error_rate):
    r""":math:`\theta_i` of Algorithm 22.2: train on :math:`D \setminus D_i`, measure on :math:`D_i`, for
    each of K folds."""
    X, y = np.asarray(X), np.asarray(y)
    return np.array([measure(clone(estimator).fit(X[train], y[train]), X[test], y[test])
                     for train, test in _folds(len(y), K, rng)])


def bootstrap_estimates(estimator, X, y, K, rng, measure=error_rate):
    r"""Algorithm 22.3: K bootstrap samples; :math:`\theta` on all of D (the box) and out of bag.

    Returns a dict of arrays: ``theta`` (tested on D, optimistic), ``theta_oob`` (tested on the
    points not drawn; NaN if every point was drawn) and ``distinct`` (share of D drawn, ≈ 0.632).
    """
    X, y = np.asarray(X), np.asarray(y)
    n = len(y)
    theta, oob, distinct = [], [], []
    for _ in range(K):
        rows = rng.integers(0, n, n)
        model = clone(estimator).fit(X[rows], y[rows])
        out = np.setdiff1d(np.arange(n), rows)
        theta.append(measure(model, X, y))
        oob.append(measure(model, X[out], y[out]) if out.size else np.nan)
        distinct.append(1.0 - out.size / n)
    return {"theta": np.array(theta), "theta_oob": np.array(oob), "distinct": np.array(distinct)}


def paired_cv_test(estimator_a, estimator_b, X, y, K, rng, alpha=0.05, measure=error_rate):
    """Algorithm 22.4: both classifiers on the same K folds, then :func:`paired_t_test`.

    Returns the test's dict plus the per-fold ``theta_a``, ``theta_b``.
    """
    X, y = np.asarray(X), np.asarray(y)
    theta_a, theta_b = [], []
    for train, test in _folds(len(y), K, rng):
        theta_a.append(measure(clone(estimator_a).fit(X[train], y[train]), X[test], y[test]))
        theta_b.append(measure(clone(estimator_b).fit(X[train], y[train]), X[test], y[test]))
    out = paired_t_test(theta_a, theta_b, alpha)
    out.update(theta_a=np.array(theta_a), theta_b=np.array(theta_b))
    return out
