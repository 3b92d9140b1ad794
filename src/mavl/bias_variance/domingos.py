"""Domingos's bias–variance decomposition for 0-1 loss, as Valentini (2003) estimates it.

Spec valentini2003 §1.2–1.5 (thesis §3.1–3.2.1), the out-of-bag estimate of §1.8 (thesis §3.2.2,
§6.2.3) and the per-SVM quantities of §1.10 (thesis §4.2.3).

:func:`domingos` is the entry ``"domingos"`` of
:data:`~mavl.bias_variance.decomposition.DEFINITIONS`: a function of the per-point basics (exact
posteriors ``q`` and prediction distribution ``p``), so noise is defined there.
:func:`domingos_decomposition` and :func:`oob_bias_variance` work from predicted labels and the
observed test labels; noise is then ignored, y_* := t (A21), so any real noise counts as bias.

This module imports nothing from :mod:`mavl.bias_variance`, which imports it to register
:func:`domingos`; the registry thus always holds it, with no import circle.
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

__all__ = [
    "MAIN_PREDICTION_TIES",
    "DomingosResult",
    "domingos",
    "domingos_decomposition",
    "domingos_summaries",
    "main_prediction",
    "oob_bias_variance",
    "svm_capacity",
]

#: How a tie for the mode of the predictions is resolved (A15): "biased" picks a tied class
#: other than y_* (so p_corr = 0.5 counts as biased, as the thesis's "B = 1 iff p_corr ≤ 0.5"),
#: "lowest_index" the lowest tied class index (the rule of the other registry entries).
MAIN_PREDICTION_TIES = ("biased", "lowest_index")

#: Columns of the ``summary`` of :class:`DomingosResult`, in the order the thesis reports them (§1.5).
SUMMARY = ("error", "bias", "net_variance", "unbiased_variance", "biased_variance", "variance",
           "effective_net_variance", "noise")


def main_prediction(p, y_star, ties="biased"):
    """The mode :math:`y_m` of the predictions at each point (spec §1.2), ties resolved by ``ties``.

    Parameters
    ----------
    p : ndarray of shape (n_points, n_classes)
        Share of classifiers predicting each class.
    y_star : ndarray of int, shape (n_points,)
        Optimal class index at each point.
    ties : {"biased", "lowest_index"}
        See :data:`MAIN_PREDICTION_TIES`. For two classes "biased" is the spec's §1.5 tie rule.

    Returns
    -------
    ndarray of int, shape (n_points,)
    """
    if ties not in MAIN_PREDICTION_TIES:
        raise ValueError(f"ties must be one of {MAIN_PREDICTION_TIES}; got {ties!r}.")
    # Shares are counts / n, so equal counts give bit-equal shares and exact comparison is right.
    top = p == p.max(axis=1, keepdims=True)
    if ties == "lowest_index":
        return top.argmax(axis=1)
    wrong = top.copy()
    wrong[np.arange(p.shape[0]), y_star] = False
    return np.where(wrong.any(axis=1), wrong.argmax(axis=1), y_star)


def domingos(b, *, ties="biased"):
    r"""Domingos's decomposition :math:`EL = c_1 N + B + c_2 V` at each point (spec §1.2–1.4, thesis
    eq. 3.6).

    The multi-class coefficients are Domingos's (2000):
    :math:`c_1 = P(y = y_*) - \sum_{y \ne y_*} P(y) q_y / N` and :math:`c_2 = 1` if :math:`y_m = y_*`,
    else :math:`-P(y = y_* \mid y \ne y_m)`; for two classes :math:`c_1 = 2 P(y = y_*) - 1` and
    :math:`c_2 = \pm 1`. The optimal class :math:`y_*` is argmax q (lowest index on ties).

    Parameters
    ----------
    b : dict
        Per-point basics with ``q`` and ``p`` (see :func:`mavl.bias_variance.point_basics`).
    ties : {"biased", "lowest_index"}, default="biased"
        Tie rule of the main prediction (A15).

    Returns
    -------
    dict of per-point arrays: ``main_prediction`` (class index), ``noise``, ``bias``, ``variance``,
    ``unbiased_variance``, ``biased_variance``, ``net_variance`` (:math:`V_u - V_b`), ``c1``, ``c2``,
    ``effective_net_variance`` (:math:`c_2 V`; equals the net variance for two classes) and ``loss``
    (:math:`c_1 N + B + c_2 V`, which equals the expected 0-1 loss exactly).
    """
    q, p = np.asarray(b["q"], dtype=float), np.asarray(b["p"], dtype=float)
    rows = np.arange(q.shape[0])
    y_star = q.argmax(axis=1)
    y_m = main_prediction(p, y_star, ties)
    p_star, variance = p[rows, y_star], 1.0 - p[rows, y_m]
    noise = 1.0 - q[rows, y_star]
    biased = y_m != y_star
    bias = biased.astype(float)
    off = q.copy()
    off[rows, y_star] = 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        # P(y ≠ y_*)·P_t(y = t | t ≠ y_*) is undefined without noise; it is multiplied by N = 0 there.
        c1 = p_star - np.where(noise > 0, (p * off).sum(axis=1) / noise, 0.0)
        # With V = 0 the conditional is undefined; −1 keeps the two-class convention c2 = ±1.
        c2 = np.where(biased, np.where(variance > 0, -p_star / variance, -1.0), 1.0)
    effective = np.where(biased, -p_star, variance)      # c2·V without the 0/0 of V = 0
    unbiased_var, biased_var = variance * (1.0 - bias), variance * bias
    return {"main_prediction": y_m, "noise": noise, "bias": bias, "variance": variance,
            "unbiased_variance": unbiased_var, "biased_variance": biased_var,
            "net_variance": unbiased_var - biased_var, "c1": c1, "c2": c2,
            "effective_net_variance": effective, "loss": c1 * noise + bias + effective}


@dataclass(frozen=True)
class DomingosResult:
    """Per-point and averaged Domingos quantities.

    Attributes
    ----------
    per_point : DataFrame
        One row per test point: ``main_prediction`` (a class label), ``error`` (the mean 0-1 error
        of the individual classifiers, thesis "average loss"), ``bias``, ``variance``,
        ``unbiased_variance``, ``biased_variance``, ``net_variance``, ``effective_net_variance``,
        ``noise`` (0: y_* := t), and for the OOB estimate ``n_oob``, the number of out-of-bag votes.
    summary : Series
        Means over the points of the :data:`SUMMARY` columns (fractions, not percent).
    """

    per_point: pd.DataFrame
    summary: pd.Series


def _class_indices(labels, classes, what):
    idx = np.searchsorted(classes, labels)
    idx = np.clip(idx, 0, classes.size - 1)
    if not np.array_equal(classes[idx], labels):
        raise ValueError(f"{what} holds labels outside classes {classes.tolist()}.")
    return idx


def _point_columns(counts, y_idx, classes, ties):
    """Per-point Domingos quantities from vote counts (n_points, n_classes), y_* := t (A21)."""
    n_votes = counts.sum(axis=1)
    p = counts / n_votes[:, None]
    rows = np.arange(y_idx.size)
    q = np.zeros_like(p)
    q[rows, y_idx] = 1.0
    out = domingos({"q": q, "p": p}, ties=ties)
    columns = {"main_prediction": classes[out["main_prediction"]], "error": 1.0 - p[rows, y_idx]}
    columns.update({name: out[name] for name in SUMMARY[1:]})
    return columns


def _two_class_columns(c0, c1, y_idx, ties, names=SUMMARY):
    """The :data:`SUMMARY` columns of :func:`_point_columns` for two classes from the vote counts of
    class indices 0 and 1 (float arrays of one shape, ``y_idx`` broadcasting to it): the same
    arithmetic on the same operands, so the same bits, without the general k-class tables.
    Only ``error`` and ``bias`` when ``names`` asks for no more; ``effective_net_variance`` and
    ``noise`` only when ``names`` asks for them."""
    if ties not in MAIN_PREDICTION_TIES:
        raise ValueError(f"ties must be one of {MAIN_PREDICTION_TIES}; got {ties!r}.")
    n_votes = c0 + c1
    p0, p1 = c0 / n_votes, c1 / n_votes
    y1 = y_idx == 1
    p_star, p_other = np.where(y1, p1, p0), np.where(y1, p0, p1)
    # main_prediction: "biased" takes the other class on a tie, "lowest_index" class 0.
    missed = p_other >= p_star if ties == "biased" else (p1 > p0) != y1
    bias = missed.astype(float)
    if set(names) <= {"error", "bias"}:
        return {"error": 1.0 - p_star, "bias": bias}
    variance = 1.0 - np.where(missed, p_other, p_star)
    unbiased, biased = variance * (1.0 - bias), variance * bias
    columns = {"error": 1.0 - p_star, "bias": bias, "net_variance": unbiased - biased,
               "unbiased_variance": unbiased, "biased_variance": biased, "variance": variance}
    # The last two only when asked for (a caller's means read no others).
    if "effective_net_variance" in names:
        columns["effective_net_variance"] = np.where(missed, -p_star, variance)
    if "noise" in names:
        columns["noise"] = np.zeros_like(p_star)
    return columns


def _summary_means(columns, shape, names=SUMMARY):
    """Means over the points (last axis of ``shape``) of the columns ``names``: shape (..., len(names)).

    One way for every caller, so the sums run in one order: each mean reduces one contiguous row of
    n_test values (numpy's pairwise sum), never a stack of the columns (a copy of all of them)."""
    rows, n_test = int(np.prod(shape[:-1], dtype=np.int64)), shape[-1]
    means = [np.ascontiguousarray(np.reshape(columns[name], (rows, n_test))).mean(axis=-1) for name in names]
    return np.stack(means, axis=-1).reshape(*shape[:-1], len(names))


def _from_counts(counts, y_idx, classes, ties, index=None):
    per_point = pd.DataFrame(_point_columns(counts, y_idx, classes, ties), index=index)
    return per_point, per_point[list(SUMMARY)].mean()


def domingos_decomposition(predictions, y_true, *, classes=None, ties="biased"):
    r"""Valentini's estimate of Domingos's decomposition from n classifiers on a test set (spec §1.5).

    Noise is ignored (:math:`y_* := t_j`, A21), so for two classes error = bias + net variance exactly
    at every point, and for k classes error = bias + effective net variance.

    Parameters
    ----------
    predictions : array-like of shape (n_classifiers, n_test)
        Labels predicted by classifier i (each trained on its own sample :math:`D_i`) at test point j.
    y_true : array-like of shape (n_test,)
    classes : array-like or None, default=None
        All class labels; default the labels seen in ``predictions`` and ``y_true``.
    ties : {"biased", "lowest_index"}, default="biased"
        Tie rule of the main prediction (A15): "biased" makes :math:`p_{corr} = 0.5` a biased point.

    Returns
    -------
    DomingosResult

    Examples
    --------
    >>> r = domingos_decomposition([[1, 1, -1], [1, -1, -1], [-1, -1, 1]], [1, 1, 1])
    >>> r.summary[["error", "bias", "net_variance"]].round(4).tolist()
    [0.5556, 0.6667, -0.1111]
    """
    predictions, y_true = np.asarray(predictions), np.asarray(y_true)
    if predictions.ndim != 2 or y_true.shape != predictions.shape[1:]:
        raise ValueError(f"predictions must be (n_classifiers, n_test) and y_true (n_test,); got "
                         f"{predictions.shape} and {y_true.shape}.")
    classes = np.unique(np.concatenate([predictions.ravel(), y_true])) if classes is None \
        else np.unique(classes)
    pred_idx = _class_indices(predictions, classes, "predictions")
    counts = (pred_idx[:, :, None] == np.arange(classes.size)).sum(axis=0).astype(float)
    per_point, summary = _from_counts(counts, _class_indices(y_true, classes, "y_true"), classes, ties)
    return DomingosResult(per_point, summary)


def domingos_summaries(predictions, y_true, *, classes, ties="biased"):
    """The summaries of :func:`domingos_decomposition` for a stack of prediction matrices at once.

    The same numbers to the last bit (the same per-point arithmetic, and means over the points
    summed in the same order), without building a table per matrix: for the thousands of
    decompositions of an ensemble's prefixes k = 1..m (Valentini's chapter 5).

    Parameters
    ----------
    predictions : array-like of shape (..., n_classifiers, n_test)
    y_true : array-like of shape (n_test,)
    classes : array-like
        All class labels.
    ties : {"biased", "lowest_index"}, default="biased"

    Returns
    -------
    ndarray of shape (..., len(SUMMARY)): the :data:`SUMMARY` columns' means, in that order.
    """
    predictions, y_true, classes = np.asarray(predictions), np.asarray(y_true), np.unique(classes)
    if predictions.ndim < 2 or y_true.shape != predictions.shape[-1:]:
        raise ValueError(f"predictions must be (..., n_classifiers, n_test) and y_true (n_test,); got "
                         f"{predictions.shape} and {y_true.shape}.")
    lead, (n, n_test) = predictions.shape[:-2], predictions.shape[-2:]
    flat = predictions.reshape(-1, n, n_test)
    counts = np.stack([np.count_nonzero(flat == c, axis=1) for c in classes], axis=-1)
    if not np.all(counts.sum(axis=-1) == n):
        raise ValueError(f"predictions holds labels outside classes {classes.tolist()}.")
    y_idx = _class_indices(y_true, classes, "y_true")
    counts = counts.astype(float)
    if classes.size == 2:
        columns = _two_class_columns(counts[..., 0], counts[..., 1], y_idx, ties)
    else:
        columns = _point_columns(counts.reshape(-1, classes.size), np.tile(y_idx, flat.shape[0]), classes,
                                 ties)
    return _summary_means(columns, (flat.shape[0], n_test)).reshape(*lead, len(SUMMARY))


def _in_bag_mask(in_bag, n_members, n_points):
    if len(in_bag) != n_members:
        raise ValueError(f"in_bag must hold one mask or index set per member ({n_members}); got "
                         f"{len(in_bag)}.")
    mask = np.zeros((n_members, n_points), dtype=bool)
    for b, rows in enumerate(in_bag):
        rows = np.asarray(rows)
        if rows.dtype == bool:
            mask[b] = rows            # raises on a wrong length
        else:
            mask[b, rows.astype(np.intp)] = True
    return mask


def oob_bias_variance(in_bag, predictions, y, *, classes=None, ties="biased"):
    r"""Out-of-bag estimate of bias and net variance from one training set (spec §1.8, thesis §3.2.2).

    Each training point is judged only by the members that did not see it (K ≈ 0.368·B of them);
    points that every member saw are left out. The summary's ``error`` is the OOB loss ls of a
    single member, ``bias`` the OOB bias bs, which is also the OOB error of the bagged ensemble
    (its vote on the OOB votes is :math:`y_m`), and ``net_variance`` the OOB var. Bias is
    :math:`1[y_m \ne t]` (the pseudo-code's :math:`\lfloor (y_m - t)/2 \rfloor` is a typo, A20).

    Parameters
    ----------
    in_bag : bool array of shape (n_members, n_points), or sequence of index arrays
        In-bag mask, or the (repeating) bootstrap indices of each member.
    predictions : array-like of shape (n_members, n_points)
        Member b's label at each training point; entries of in-bag points are ignored (any value).
    y : array-like of shape (n_points,)
    classes : array-like or None, default=None
        All class labels; default those of ``y``.
    ties : {"biased", "lowest_index"}, default="biased"
        Tie rule of the main prediction (A15).

    Returns
    -------
    DomingosResult
        ``per_point`` is indexed by training-point position and has the column ``n_oob`` (K).
    """
    predictions, y = np.asarray(predictions), np.asarray(y)
    if predictions.ndim != 2 or y.shape != predictions.shape[1:]:
        raise ValueError(f"predictions must be (n_members, n_points) and y (n_points,); got "
                         f"{predictions.shape} and {y.shape}.")
    oob = ~_in_bag_mask(in_bag, *predictions.shape)
    classes = np.unique(y) if classes is None else np.unique(classes)
    members, points = np.nonzero(oob)
    pred_idx = _class_indices(predictions[members, points], classes, "out-of-bag predictions")
    counts = np.zeros((y.size, classes.size))
    np.add.at(counts, (points, pred_idx), 1.0)
    used = np.flatnonzero(oob.any(axis=0))
    per_point, summary = _from_counts(counts[used], _class_indices(y[used], classes, "y"), classes,
                                      ties, index=used)
    per_point.insert(0, "n_oob", oob.sum(axis=0)[used])
    return DomingosResult(per_point, summary)


def _kernel_params(svc, X):
    if not isinstance(svc.kernel, str) or svc.kernel == "precomputed":
        raise ValueError("svm_capacity needs a named kernel ('linear', 'poly', 'rbf', 'sigmoid').")
    gamma = svc.gamma
    # The numeric value of gamma="scale"/"auto" as scikit-learn computes it from the training X.
    if gamma == "scale":
        gamma = 1.0 / (X.shape[1] * X.var()) if X.var() != 0 else 1.0
    elif gamma == "auto":
        gamma = 1.0 / X.shape[1]
    return {"metric": svc.kernel, "gamma": gamma, "degree": svc.degree, "coef0": svc.coef0,
            "filter_params": True}


def svm_capacity(svc, X, y):
    r"""Training error, halved support-vector fraction and VC-dimension estimate of one SVM (§1.10).

    Parameters
    ----------
    svc : fitted sklearn.svm.SVC (two classes)
    X, y : array-like
        The sample ``svc`` was trained on, duplicates included (A22).

    Returns
    -------
    dict with ``training_error``; ``sv_fraction`` = #SV / (2·n), support vectors counted with
    multiplicity; ``vc_estimate`` = :math:`R^2 \|w\|^2 + 1`, with :math:`\|w\|^2 = \alpha^T K_{SV} \alpha`
    and :math:`R^2 = \max_i K(x_i, x_i)`, a sphere centred at the origin of feature space (thesis
    §4.2.3, A22).
    """
    # Imported here, by the one function that has a fitted SVM: the decompositions load no scikit-learn.
    from sklearn.metrics.pairwise import pairwise_kernels

    X, y = np.asarray(X, dtype=float), np.asarray(y)
    if svc.dual_coef_.shape[0] != 1:
        raise ValueError("svm_capacity needs a two-class SVM.")
    params = _kernel_params(svc, X)
    sv = svc.support_vectors_
    w2 = float((svc.dual_coef_ @ pairwise_kernels(sv, sv, **params) @ svc.dual_coef_.T)[0, 0])
    r2 = float(np.diag(pairwise_kernels(X, **params)).max())
    return {"training_error": float(np.mean(svc.predict(X) != y)),
            "sv_fraction": svc.support_.size / (2.0 * X.shape[0]), "vc_estimate": r2 * w2 + 1.0}
