"""Decoders of the ECOC family: pure functions of column outputs and a code slice.

Every decoder maps per-column estimates ``P`` (p̂_j(x), the estimated probability that x is in
super group one of column j) to class scores, higher being better. Because they only read the
first B columns, one fit serves every B and every decoder (spec james-ch2 §4.10).
"""

import numpy as np
from scipy.special import logsumexp

from .codes import to_zero_one
from .losses import MARGIN_LOSSES, margin_loss

__all__ = [
    "DECODERS",
    "MARGIN_DECODERS",
    "PROBABILITY_DECODERS",
    "centroid_scores",
    "expected_errors",
    "hamming_distances",
    "loss_distances",
    "tie_aware_error",
    "tied_minimisers",
    "l1_scores",
    "one_vs_rest_scores",
    "regression_scores",
]

#: James's decoders, which read p̂ (``predict_proba``) of the column learners.
PROBABILITY_DECODERS = ("l1", "regression", "centroid", "substitution", "one_vs_rest")
#: Allwein et al.'s decoders, which read the real-valued outputs f (Eqs. 4 and 5).
MARGIN_DECODERS = ("hamming", "loss_exp", "loss_l1", "loss_logistic", "loss_hinge", "loss_square")
#: Every decoder, by name.
DECODERS = PROBABILITY_DECODERS + MARGIN_DECODERS

#: Why the class scores of the other decoders are not class probabilities: ``predict_proba`` exists
#: for "substitution" (James's p_i^S) and "loss_logistic" (the softmax of −d_L, a likelihood) only.
NOT_PROBABILITIES = {
    "l1": "the thesis's D̄_i, mean L1 distances between the columns' probabilities and the code rows",
    "regression": "least-squares coefficients, which may be negative and need not sum to one",
    "centroid": "distances to the classes' centroids of the column outputs",
    "one_vs_rest": "each class's own column probability, estimated column by column, not summing to one",
    "hamming": "counts of the columns whose sign disagrees with the class's code row",
    **{name: f"distances under the {name.removeprefix('loss_')} loss; exp(−d_L) is a likelihood for the "
             "logistic loss only (Allwein et al. 2000, §3)"
       for name in ("loss_exp", "loss_l1", "loss_hinge", "loss_square")},
}


def require_probabilities(decoder):
    """True if ``decoder``'s class scores give probabilities; otherwise the AttributeError that
    ``predict_proba`` raises, saying why."""
    if decoder in NOT_PROBABILITIES:
        raise AttributeError(f"predict_proba needs decoder='substitution' or 'loss_logistic': the "
                             f"{decoder} decoder's class scores are {NOT_PROBABILITIES[decoder]}.")
    return True


#: Margins computed at a time by :func:`loss_distances` (32 MB of floats).
_BLOCK_ENTRIES = 1 << 22


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
    r"""Regression PICT: least-squares :math:`\hat q = (Z Z^T)^{-1} Z \hat p` (spec §4.5, equation 2.9).

    Returns ``None`` when B < k, where :math:`Z Z^T` is singular and the thesis prints its 100.0
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
    r"""Centroid PICT: minus the squared distance of :math:`\hat p(x)` to each class centroid
    (spec §4.6)."""
    sq = (P**2).sum(axis=1)[:, None] - 2.0 * P @ centroids.T + (centroids**2).sum(axis=1)[None, :]
    return -sq


def one_vs_rest_scores(P, code):
    r"""One-vs-rest: :math:`\hat p` of each class's own column; needs the identity code (spec §4.4)."""
    code = np.asarray(code)
    if code.shape[0] != code.shape[1] or not np.array_equal(code, 2 * np.eye(len(code)) - 1):
        raise ValueError("one-vs-rest decoding needs the identity code (code='identity').")
    return P


# --- Allwein, Schapire & Singer (2000), §3: decoding real-valued column outputs -------------------

def hamming_distances(F, code):
    r"""Twice the Hamming distance :math:`\sum_s (1 - \operatorname{sign}(M(r,s) f_s(x)))/2` of every
    example to every row (Eq. 4), as exact integers so ties are found exactly; a zero output or code
    entry costs 1 here (½ of the distance).

    Parameters
    ----------
    F : ndarray of shape (n_samples, ℓ)
        Real-valued column outputs :math:`f_s(x)`.
    code : ndarray of shape (n_classes, ℓ), entries in {−1, 0, +1}

    Returns
    -------
    ndarray of int64, shape (n_samples, n_classes); the prediction is the argmin.
    """
    signs = np.sign(np.asarray(F, dtype=float)).astype(np.int64)
    code = np.asarray(code, dtype=np.int64)
    return code.shape[1] - signs @ code.T


def loss_distances(F, code, loss):
    r"""Loss-based distance :math:`d_L(M(r), f(x)) = \sum_s L(M(r,s) f_s(x))` (Eq. 5) for every
    example and row.

    For ``loss="exp"`` the log of the distance is returned (``logsumexp``), which has the same
    argmin and does not overflow when the outputs reach the hundreds.
    """
    F = np.asarray(F, dtype=float)
    code = np.asarray(code, dtype=float)
    if loss != "exp" and loss not in MARGIN_LOSSES:
        raise ValueError(f"loss must be one of {sorted(MARGIN_LOSSES)}; got {loss!r}.")
    out = np.empty((F.shape[0], code.shape[0]))
    # Blocks of examples, so that the (examples, classes, ℓ) margins stay near _BLOCK_ENTRIES
    # floats (Letter's 16,000 training rows × 26 classes × 325 columns would take 1.1 GB a copy);
    # each example's row is computed alone, so the blocks give the same bits as one pass.
    step = max(1, _BLOCK_ENTRIES // max(1, code.size))
    for a in range(0, F.shape[0], step):
        if loss == "exp":
            out[a:a + step] = logsumexp(-F[a:a + step, None, :] * code[None, :, :], axis=2)
        else:
            out[a:a + step] = margin_loss(loss, F[a:a + step, None, :] * code[None, :, :]).sum(axis=2)
    return out


def tied_minimisers(distances, atol=0.0):
    """Boolean (n_samples, n_classes): the rows within ``atol`` of each example's smallest distance."""
    distances = np.asarray(distances, dtype=float)
    return distances <= distances.min(axis=1, keepdims=True) + atol


def expected_errors(distances, y, atol=0.0):
    """Per example, ``1 − [[y ∈ T]]/|T|`` with T the tied minimisers: the error of uniform random
    tie-breaking (spec allwein2000 §4.3, A1)."""
    tied = tied_minimisers(distances, atol)
    return 1.0 - tied[np.arange(len(y)), np.asarray(y)] / tied.sum(axis=1)


def tie_aware_error(distances, y, atol=0.0):
    """Decode by the smallest distance, with ties shared out evenly (spec allwein2000 §4.3, A1).

    Parameters
    ----------
    distances : ndarray of shape (n_samples, n_classes)
    y : ndarray of shape (n_samples,)
        True class indices 0..k−1.
    atol : float, default=0
        Distances within ``atol`` of the smallest count as tied (0 for the exact integer Hamming
        distances).

    Returns
    -------
    expected_error : float
        Mean of ``1 − [[y ∈ T]]/|T|`` over examples, T the tied minimisers (uniform random tie-breaking).
    lowest_index : ndarray of shape (n_samples,)
        The smallest minimising class index.
    tie_rate : float
        Share of examples with more than one minimiser.
    """
    tied = tied_minimisers(distances, atol)
    expected_error = float(np.mean(expected_errors(distances, y, atol)))
    return expected_error, tied.argmax(axis=1), float(np.mean(tied.sum(axis=1) > 1))
