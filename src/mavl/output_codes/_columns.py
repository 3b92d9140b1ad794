"""The binary column learners of an output code: fitting and real-valued outputs.

For each column s of a code M, the learner sees the examples whose class has a non-zero entry,
labelled 1 (super group one, M = +1) or 0 (super group two, M = −1). Degenerate columns are not
fitted (spec allwein2000 §4.1): one label c gives the constant output f_s ≡ c (p̂ = 1 or 0), no
example gives f_s ≡ 0 (p̂ = ½). With ``kernel`` the SVM columns share one Gram matrix (spec §9).
"""

import numpy as np
from sklearn.metrics.pairwise import pairwise_kernels
from sklearn.svm import SVC

from .._ensemble import seeded_clone

__all__ = ["ConstantColumn", "SharedKernel", "column_outputs", "column_probas", "fit_columns",
           "leaf_fractions", "staged_column_outputs"]


class ConstantColumn:
    """f_s ≡ ``value`` ∈ {−1, 0, +1} for a degenerate column (spec allwein2000 §4.1)."""

    #: A constant is a tree with one leaf (James's mean tree size counts it so).
    n_leaves_ = 1

    def __init__(self, value):
        self.value = int(value)

    @property
    def probability(self):
        """p̂ of super group one: 1, 0 or ½."""
        return (1 + self.value) / 2


class SharedKernel:
    """The kernel of an :class:`~sklearn.svm.SVC`, computed once for all columns of a fit.

    Fit computes the Gram matrix of the training points once; each column's SVC is fitted on its
    block with ``kernel="precomputed"``. Prediction computes the kernel between X and the union
    of the columns' support vectors once; all decision values are then one matrix product.
    """

    def __init__(self, svc, n_features):
        if not isinstance(svc, SVC):
            raise ValueError(f"share_kernel=True needs an sklearn.svm.SVC estimator; got {svc!r}.")
        kernel, gamma = svc.kernel, svc.gamma
        if not isinstance(kernel, str) or kernel == "precomputed":
            raise ValueError(f"share_kernel=True needs a named SVC kernel; got kernel={kernel!r}.")
        if gamma == "scale" and kernel != "linear":
            raise ValueError(
                "share_kernel=True cannot share gamma='scale': it depends on each column's rows. "
                "Give a number or 'auto' (1/n_features)."
            )
        gamma = 1.0 / n_features if gamma in ("auto", "scale") else float(gamma)
        self.params = {"metric": kernel, "gamma": gamma, "degree": svc.degree, "coef0": svc.coef0}

    def __call__(self, X, Y=None):
        return pairwise_kernels(X, Y, filter_params=True, **self.params)

    def keep_support(self, X, learners, used):
        """Keep the training points that are support vectors of some column, and the columns'
        dual coefficients on them as one matrix (zero rows where a point is not a column's)."""
        fitted = {j: used[j][learner.support_] for j, learner in enumerate(learners)
                  if not isinstance(learner, ConstantColumn)}
        union = np.unique(np.concatenate([*fitted.values(), np.empty(0, np.intp)]))
        self.points_ = X[union]
        self.positions_ = {j: np.searchsorted(union, sv) for j, sv in fitted.items()}
        self.dual_coef_ = np.zeros((union.size, len(learners)))
        self.intercept_ = np.zeros(len(learners))
        for j, positions in self.positions_.items():
            self.dual_coef_[positions, j] = learners[j].dual_coef_[0]
            self.intercept_[j] = learners[j].intercept_[0]

    def to_support(self, X):
        """K(x, x_i) for the kept support vectors x_i: shape (n_samples, n_support)."""
        return self(X, self.points_) if len(self.points_) else np.zeros((X.shape[0], 0))

    def decisions(self, X):
        """Every column's SVC decision value Σ_i α_i y_i K(x, x_i) + b, by one matrix product."""
        return self.to_support(X) @ self.dual_coef_ + self.intercept_

    def full_width(self, K, j, learner):
        """The precomputed-kernel input of column j's SVC (only support columns are read)."""
        out = np.zeros((K.shape[0], learner.shape_fit_[0]))
        out[:, learner.support_] = K[:, self.positions_[j]]
        return out


def fit_columns(base, X, y_encoded, code, seeds, kernel=None):
    """Fit one clone of ``base`` per column of ``code`` (spec allwein2000 §4.1, james-ch2 §4.2).

    Parameters
    ----------
    base : classifier
    X : ndarray of shape (n_samples, n_features)
    y_encoded : ndarray of shape (n_samples,)
        Class indices into the rows of ``code``.
    code : ndarray of shape (n_classes, n_columns)
    seeds : ndarray of shape (n_columns,)
        ``random_state`` of each column's learner.
    kernel : SharedKernel or None

    Returns
    -------
    learners : list
        Fitted clones, or :class:`ConstantColumn` for degenerate columns.
    fractions : list
        Per column, the k-class training proportions of each leaf (learners with ``apply``),
        else None.
    train_p : ndarray of shape (n_samples, n_columns) or None
        Training p̂ (learners with ``predict_proba``).
    """
    n_classes = code.shape[0]
    gram = kernel(X) if kernel is not None else None
    with_proba, with_leaves = hasattr(base, "predict_proba"), hasattr(base, "apply")
    train_p = np.empty((X.shape[0], code.shape[1])) if with_proba else None
    learners, fractions, used_rows = [], [], []
    for j, column in enumerate(code.T):
        target = column[y_encoded]
        used = np.flatnonzero(target != 0)
        labels = np.unique(target[used])
        if labels.size < 2:
            learner = ConstantColumn(labels[0] if labels.size else 0)
            if with_proba:
                train_p[:, j] = learner.probability
        else:
            learner = seeded_clone(base, seeds[j])
            group_one = (target[used] > 0).astype(np.int8)
            if gram is None:
                learner.fit(X[used], group_one)
            else:
                block = gram if used.size == X.shape[0] else gram[np.ix_(used, used)]
                learner.set_params(kernel="precomputed").fit(block, group_one)
            if with_proba:
                train_p[:, j] = _group_one(learner, X if gram is None else gram[:, used])
        learners.append(learner)
        used_rows.append(used)
        fractions.append(_fractions(learner, X[used], y_encoded[used], n_classes) if with_leaves
                         else None)
    if kernel is not None:
        kernel.keep_support(X, learners, used_rows)
    return learners, fractions, train_p


def _fractions(learner, X_used, y_used, n_classes):
    """k-class proportions of the training points in each leaf; one leaf for a constant."""
    if isinstance(learner, ConstantColumn):
        leaves, n_nodes = np.zeros(len(y_used), dtype=np.intp), 1
    else:
        leaves, n_nodes = learner.apply(X_used), _node_count(learner)
    counts = np.zeros((n_nodes, n_classes))
    np.add.at(counts, (leaves, y_used), 1.0)
    if not len(y_used):  # a column without examples says nothing
        return np.full((1, n_classes), 1.0 / n_classes)
    totals = counts.sum(axis=1, keepdims=True)
    return np.divide(counts, totals, out=np.zeros_like(counts), where=totals > 0)


def _node_count(learner):
    tree = learner.tree_
    return getattr(tree, "tree_", tree).node_count


def leaf_fractions(learner, fractions, X):
    """Column's k-class proportions in the leaf of each x: shape (n_samples, n_classes)."""
    if isinstance(learner, ConstantColumn):
        return np.broadcast_to(fractions[0], (X.shape[0], fractions.shape[1]))
    return fractions[learner.apply(X)]


def _group_one(learner, X):
    proba = learner.predict_proba(X)
    return proba[:, np.flatnonzero(learner.classes_ == 1)[0]]


def column_probas(learners, X, kernel=None):
    """p̂_s(x) of super group one for every column: shape (n_samples, n_columns)."""
    K = kernel.to_support(X) if kernel is not None else None
    P = np.empty((X.shape[0], len(learners)))
    for j, learner in enumerate(learners):
        if isinstance(learner, ConstantColumn):
            P[:, j] = learner.probability
        else:
            P[:, j] = _group_one(learner, X if K is None else kernel.full_width(K, j, learner))
    return P


def column_outputs(learners, X, kernel=None, P=None):
    """Real-valued outputs f_s(x): shape (n_samples, n_columns) (spec allwein2000 §1).

    ``decision_function`` when the learner has one (positive means super group one), else
    2p̂ − 1; ``P`` are the p̂ if already computed.
    """
    fitted = [learner for learner in learners if not isinstance(learner, ConstantColumn)]
    if fitted and not hasattr(fitted[0], "decision_function"):
        return 2.0 * (column_probas(learners, X, kernel) if P is None else P) - 1.0
    F = kernel.decisions(X) if kernel is not None else np.empty((X.shape[0], len(learners)))
    for j, learner in enumerate(learners):
        if isinstance(learner, ConstantColumn):
            F[:, j] = learner.value
        elif kernel is None:
            F[:, j] = learner.decision_function(X)
    return F


def staged_column_outputs(learners, X, proba):
    """Every column's output after each round of its learner: a generator of (n_samples, n_columns).

    Round t reads each learner's t-th stage, p̂ (``staged_predict_proba``) if ``proba``, else f
    (``staged_decision_function``, or 2p̂ − 1 for a learner without ``decision_function``, as
    :func:`column_outputs` does). A learner with fewer rounds stays at its last
    stage, and a constant column at its constant.
    """
    fitted = [learner for learner in learners if not isinstance(learner, ConstantColumn)]
    as_proba = proba or (bool(fitted) and not hasattr(fitted[0], "decision_function"))
    current = np.empty((X.shape[0], len(learners)))
    stages = {}
    for j, learner in enumerate(learners):
        if isinstance(learner, ConstantColumn):
            current[:, j] = learner.probability if as_proba else learner.value
        else:
            stages[j] = learner.staged_predict_proba(X) if as_proba else learner.staged_decision_function(X)
    while True:
        moved = False
        for j, stage in stages.items():
            out = next(stage, None)
            if out is not None:
                current[:, j], moved = _stage_output(learners[j], out, as_proba), True
        if not moved:
            return
        yield current.copy() if proba or not as_proba else 2.0 * current - 1.0


def _stage_output(learner, out, as_proba):
    """Super group one's p̂, or f from a decision of shape (n,) or (n, 2) (mavl's boosting engine)."""
    if as_proba:
        return out[:, np.flatnonzero(learner.classes_ == 1)[0]]
    return out if out.ndim == 1 else out[:, 1] - out[:, 0]
