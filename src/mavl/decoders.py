"""Decoders of the ECOC family: pure functions of column outputs and a code slice.

Every decoder maps per-column estimates ``P`` (p̂_j(x), the estimated probability that x is in
super group one of column j) to class scores, higher being better. Because they only read the
first B columns, one fit serves every B and every decoder (spec james-ch2 §4.10).
"""

import numpy as np

from .codes import to_zero_one

__all__ = [
    "centroid_scores",
    "l1_scores",
    "one_vs_rest_scores",
    "regression_scores",
]


def l1_scores(P, code):
    """ECOC PICT scores ``D̄_i = 1 - 2 L_i / B`` with ``L_i = Σ_j |p̂_j - Z_ij|`` (spec §4.3).

    Columns where ``code`` is 0 are left out of ``L_i``. The prediction is the argmax.

    Parameters
    ----------
    P : ndarray of shape (n_samples, B)
    code : ndarray of shape (n_classes, B), entries in {-1, 0, +1}

    Returns
    -------
    ndarray of shape (n_samples, n_classes)
    """
    return 1.0 - 2.0 * l1_distances(P, code) / P.shape[1]


def l1_distances(P, code):
    """``L_i(x) = Σ_j |p̂_j(x) - Z_ij|`` over non-zero entries, by matrix products.

    For ``z`` in {0, 1}, ``|p - z| = z + p - 2 p z``, so the sum over columns is two products.
    """
    Z, used = to_zero_one(code)
    Z = np.where(used, Z, 0.0)
    return (Z.sum(axis=1)[None, :] + P @ used.T.astype(np.float64) - 2.0 * P @ Z.T)


def regression_scores(P, code):
    """Regression PICT: least-squares ``q̂ = (Z Zᵀ)⁻¹ Z p̂`` (spec §4.5, equation 2.9).

    Returns ``None`` when B < k, where ``Z Zᵀ`` is singular and the thesis prints its 100.0
    sentinel. When B ≥ k but ``Z`` has rank < k the minimum-norm solution is used.

    Returns
    -------
    scores : ndarray of shape (n_samples, n_classes) or None
    rank_deficient : bool
    """
    Z, _ = to_zero_one(code)
    n_classes, n_columns = Z.shape
    if n_columns < n_classes:
        return None, False
    q, _, rank, _ = np.linalg.lstsq(Z.T, P.T, rcond=None)
    return q.T, bool(rank < n_classes)


def centroid_scores(P, centroids):
    """Centroid PICT: minus the squared distance of p̂(x) to each class centroid (spec §4.6)."""
    sq = (P**2).sum(axis=1)[:, None] - 2.0 * P @ centroids.T + (centroids**2).sum(axis=1)[None, :]
    return -sq


def one_vs_rest_scores(P, code):
    """One-vs-rest: p̂ of each class's own column; needs the identity code (spec §4.4)."""
    code = np.asarray(code)
    if code.shape[0] != code.shape[1] or not np.array_equal(code, 2 * np.eye(len(code)) - 1):
        raise ValueError("one-vs-rest decoding needs the identity code (code='identity').")
    return P
