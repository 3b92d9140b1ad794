"""STree: an emulation of S-PLUS ``tree()`` on top of scikit-learn's CART (spec james-ch2 §3.1).

S grows a tree top-down, choosing each split by the largest reduction in deviance
``D = 2 * sum n_ik log(n_i / n_ik)`` and stopping by three controls: ``mincut`` (fewest cases in
either child), ``minsize`` (smallest node that may be split) and ``mindev`` (a node is split only
if its deviance is at least ``mindev`` times the root deviance). Entropy impurity weighted by node
size is proportional to that deviance, so scikit-learn's ``criterion="entropy"`` picks the same
splits; ``mincut`` and ``minsize`` map onto ``min_samples_leaf`` and ``min_samples_split``.
``mindev`` has no scikit-learn counterpart: we grow the tree fully and then collapse, top-down,
every node whose deviance is below the threshold. Because S splits each node independently of the
others, this gives the tree S would have grown.
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._sklearn import Interval, StrOptions, _check_sample_weight, _fit_context

__all__ = ["STreeClassifier"]


class STreeClassifier(ClassifierMixin, BaseEstimator):
    """Classification tree grown like S-PLUS ``tree()``.

    Parameters
    ----------
    mincut : int, default=5
        Fewest training cases allowed in either child of a split.
    minsize : int, default=10
        Smallest node that may be split.
    mindev : float, default=0.01
        A node is split only if its deviance is at least ``mindev`` times the root deviance.
        ``0`` grows the deep trees of the thesis's Table 2.12.
    max_leaf_nodes : int or None, default=None
        Grow best-first to at most this many leaves (the thesis's fixed-size trees, AMB-06).
    weight_semantics : {"weights", "counts"}, default="weights"
        Whether ``mincut`` counts observation weight, as S does (``minsize`` is then implied by
        ``2 * mincut``), or samples, as scikit-learn does, with ``minsize`` as
        ``min_samples_split`` (AMB-07). Unweighted fits give the same tree either way when
        ``minsize <= 2 * mincut``. The Chapter 2 workflow uses ``"counts"`` (spec §3.1).
    random_state : int, RandomState instance or None, default=None
        Seeds scikit-learn's random feature order, which only matters for tied splits.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    tree_ : DecisionTreeClassifier
        The fully grown tree before collapsing.
    node_leaf_ : ndarray of shape (n_nodes,)
        For every node of ``tree_``, the node that is its leaf after the ``mindev`` collapse.
    n_leaves_ : int
        Number of leaves after the collapse.

    References
    ----------
    Clark, L. A. and Pregibon, D. (1992). Tree-based models. In *Statistical Models in S*.
    James (1998), §2.6; spec james-ch2 §3.1.
    """

    _parameter_constraints = {
        "mincut": [Interval(numbers.Integral, 1, None, closed="left")],
        "minsize": [Interval(numbers.Integral, 2, None, closed="left")],
        "mindev": [Interval(numbers.Real, 0, None, closed="left")],
        "max_leaf_nodes": [Interval(numbers.Integral, 2, None, closed="left"), None],
        "weight_semantics": [StrOptions({"counts", "weights"})],
        "random_state": ["random_state"],
    }

    def __init__(
        self,
        *,
        mincut=5,
        minsize=10,
        mindev=0.01,
        max_leaf_nodes=None,
        weight_semantics="weights",
        random_state=None,
    ):
        self.mincut = mincut
        self.minsize = minsize
        self.mindev = mindev
        self.max_leaf_nodes = max_leaf_nodes
        self.weight_semantics = weight_semantics
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Grow the tree on ``(X, y)``, optionally with observation weights."""
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, y_encoded = np.unique(y, return_inverse=True)
        if sample_weight is not None:
            sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64)
        self.tree_ = self._grow(X, y_encoded, sample_weight)
        self.node_leaf_ = _collapse(self.tree_.tree_, self.mindev)
        self.n_leaves_ = int(np.unique(self.node_leaf_[self.tree_.tree_.children_left == -1]).size)
        return self

    def _grow(self, X, y_encoded, sample_weight):
        if self.weight_semantics == "counts":
            limits = {"min_samples_leaf": self.mincut, "min_samples_split": self.minsize}
        else:
            # S counts weight: each child needs weight >= mincut (which implies minsize when
            # minsize <= 2 * mincut, as with the defaults).
            total = X.shape[0] if sample_weight is None else sample_weight.sum()
            fraction = 0.0 if total <= 0 else min(0.5, self.mincut / total)
            limits = {"min_samples_leaf": 1, "min_weight_fraction_leaf": fraction}
        tree = DecisionTreeClassifier(
            criterion="entropy",
            max_leaf_nodes=self.max_leaf_nodes,
            random_state=self.random_state,
            **limits,
        )
        return tree.fit(X, y_encoded, sample_weight=sample_weight)

    def apply(self, X):
        """Index of the (collapsed) leaf that each sample falls in, as a node id of ``tree_``."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float32, reset=False)
        return self.node_leaf_[self.tree_.tree_.apply(X)]

    def leaf_values(self):
        """Class fractions of every node, shape (n_nodes, n_classes); index with :meth:`apply`."""
        check_is_fitted(self)
        return self.tree_.tree_.value[:, 0, :]

    def predict_proba(self, X):
        """Class fractions of the leaf each sample falls in."""
        return self.leaf_values()[self.apply(X)]

    def predict(self, X):
        """Majority class of the leaf, ties to the lowest class index."""
        proba = self.predict_proba(X)
        return self.classes_[proba.argmax(axis=1)]



def node_deviance(tree):
    """S deviance ``2 * n * entropy`` (in nats) of every node of a fitted scikit-learn tree."""
    fractions = tree.value[:, 0, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(fractions > 0, np.log(fractions), 0.0)
    return -2.0 * tree.weighted_n_node_samples * (fractions * logs).sum(axis=1)


def _collapse(tree, mindev):
    """Map every node to its leaf after turning low-deviance internal nodes into leaves."""
    n_nodes = tree.node_count
    deviance = node_deviance(tree)
    stops = tree.children_left == -1
    if mindev > 0:
        stops = stops | (deviance < mindev * deviance[0])
    parent = np.full(n_nodes, -1)
    internal = np.flatnonzero(tree.children_left != -1)
    parent[tree.children_left[internal]] = internal
    parent[tree.children_right[internal]] = internal
    node_leaf = np.arange(n_nodes)
    # scikit-learn numbers a child after its parent, so one pass in id order sees parents first.
    for node in range(1, n_nodes):
        above = node_leaf[parent[node]]
        if stops[above]:
            node_leaf[node] = above
    return node_leaf
