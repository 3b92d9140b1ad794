"""Many small SVMs trained on samples of one point set, and their decision values on a test set from
kernel blocks that all of them share (spec valentini2003 §3.5).

The ensembles of Valentini's chapter 5 fit thousands of SVMs whose training points are rows of one
set X (a pool 𝒟 of 10,000 points, or a data set's training part). Their support vectors are rows of
X, so their decision values on a test set 𝒯 need K(x, t) only for the rows of X that are support
vectors of some fit, and each of those rows only once, however many fits share it. :func:`fit_group`
solves one group of samples (the Gram matrix of their unique points shared by every sample and C);
:func:`pooled_decisions` then computes the kernel of the union of the groups' support vectors
against 𝒯 one block of test points at a time (memory bounded by ``budget``) and gives each group its
decision values on the block, one group at a time.

The kernel values are numpy's (:func:`.kernels.thesis_kernel`) either way; computed in blocks of other
shapes they may differ from a per-fit computation in the last bit (BLAS sums in an order that depends
on the shapes), so decision values agree with it to rounding, not bit for bit.
"""

from typing import NamedTuple

import numpy as np

from .kernels import thesis_kernel
from .precomputed import fit_encoded

__all__ = ["GroupFit", "fit_group", "pooled_decisions"]

#: Kernel entries per test block (32 MB of float64): bounds the block and sklearn's temporaries.
BLOCK_BUDGET = 1 << 22


class GroupFit(NamedTuple):
    """One SVM per (C, sample) of a group of g samples, as coefficients on rows of X.

    ``points`` (sorted rows of X that are a support vector of some fit), ``coef`` (n_c, g,
    len(points)) the dual coefficients on them (copies of a point summed), ``intercept`` (n_c, g, 1),
    ``one_class`` (g,) the label of a sample with one class (no SVM is fitted; -1 otherwise),
    ``hit_max_iter`` (n_c, g) and ``n_support`` (n_c, g, duplicates of the sample counted).
    """

    points: np.ndarray
    coef: np.ndarray
    intercept: np.ndarray
    one_class: np.ndarray
    hit_max_iter: np.ndarray
    n_support: np.ndarray

    def select(self, samples):
        """The fits of the samples ``samples`` (a slice) only, on the same points."""
        return GroupFit(self.points, self.coef[:, samples], self.intercept[:, samples],
                        self.one_class[samples], self.hit_max_iter[:, samples], self.n_support[:, samples])


def fit_group(X, y, group, kernel, value, C_grid, *, rbf_gamma_rule="inv_sigma", svm):
    """Fit one SVM per C to each sample of ``group`` (g, s), rows of ``X``, on one shared Gram matrix.

    The Gram matrix of the group's unique points is computed once and indexed per sample (a bagging
    ensemble's replicates and its D_i hold at most s distinct points). ``svm`` holds libsvm's ``tol``,
    ``max_iter`` and ``cache_size``. A constant sample's label is kept in ``one_class``, where -1
    means none, so labels must be non-negative integers (any two labels do where no sample is
    constant).
    """
    group = np.asarray(group)
    unique, inverse = np.unique(group, return_inverse=True)
    inverse = inverse.reshape(group.shape)
    gram = thesis_kernel(X[unique], None, kernel, value, rbf_gamma_rule=rbf_gamma_rule)
    n_c, g = len(C_grid), group.shape[0]
    coef, intercept = np.zeros((n_c, g, unique.size)), np.zeros((n_c, g, 1))
    one_class, hit = np.full(g, -1, dtype=np.int64), np.zeros((n_c, g), dtype=bool)
    n_support = np.zeros((n_c, g), dtype=np.int64)
    for j, rows in enumerate(group):
        labels, encoded = np.unique(y[rows], return_inverse=True)
        if labels.size < 2:                   # a constant sample: its class, no decision value
            one_class[j] = labels[0]
            continue
        K = gram[np.ix_(inverse[j], inverse[j])]
        encoded = encoded.astype(np.float64)  # as fit_precomputed encodes them, once for every C
        for c, C in enumerate(C_grid):
            fit = fit_encoded(K, encoded, labels, C, **svm)
            hit[c, j] = fit.n_iter >= svm["max_iter"]
            n_support[c, j] = fit.support.size
            # Copies of one point share a kernel row, so their coefficients add up on it.
            np.add.at(coef[c, j], inverse[j][fit.support], fit.dual_coef)
            intercept[c, j, 0] = fit.intercept
    used = np.flatnonzero(np.any(coef != 0, axis=(0, 1)))
    return GroupFit(unique[used], coef[:, :, used], intercept, one_class, hit, n_support)


def pooled_decisions(X, X_test, fits, kernel, value, *, rbf_gamma_rule="inv_sigma", budget=BLOCK_BUDGET):
    """Decision values of every group in ``fits`` on ``X_test``, one block of test points at a time.

    Yields
    ------
    block : slice
        The test points of this block.
    decisions : iterator of ndarray (n_c, g, block size)
        One per fit, in order, each computed as it is read: a block's decision values for every fit
        at once would take n_c × (fits' samples) × block × 8 bytes, several times the kernel block.
        A constant sample's rows are 0 (use ``one_class``). Read it before the next block.
    """
    pool = np.unique(np.concatenate([f.points for f in fits])) if fits else np.empty(0, np.intp)
    where = [np.searchsorted(pool, f.points) for f in fits]
    X_pool = X[pool]
    step = max(1, budget // max(1, pool.size))
    for start in range(0, X_test.shape[0], step):
        block = slice(start, min(start + step, X_test.shape[0]))
        K = thesis_kernel(X_pool, X_test[block], kernel, value, rbf_gamma_rule=rbf_gamma_rule) \
            if pool.size else None
        yield block, _block_decisions(fits, where, K, block.stop - start)


def _block_decisions(fits, where, K, width):
    """Each fit's decision values on one block of test points, whose kernel against the pool is ``K``."""
    for fit, rows in zip(fits, where, strict=True):
        if rows.size:
            dec = fit.coef @ K[rows]
            dec += fit.intercept              # intercept + Σ, as a sum of two: the same bits either way
        else:
            dec = np.broadcast_to(fit.intercept, (*fit.coef.shape[:2], width)).copy()
        dec[:, fit.one_class >= 0] = 0.0
        yield dec
