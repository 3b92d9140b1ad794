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

__all__ = ["STreeClassifier", "WeightedSplitTreeClassifier"]


class _CollapsedTree(ClassifierMixin, BaseEstimator):
    """A fully grown scikit-learn tree (``tree_``) read through ``node_leaf_``, the map of every
    node to its leaf after some internal nodes were turned into leaves (see :func:`_collapse`).

    A subclass gives ``_grow(X, y_encoded, sample_weight)`` (the fitted scikit-learn tree) and
    ``_stops(tree)`` (the nodes of its ``tree_`` that become leaves).
    """

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None, check_input=True):
        """Grow the tree on ``(X, y)``, optionally with sample (observation) weights
        (``check_input``: as scikit-learn's trees, False for arrays an ensemble has checked)."""
        X, y_encoded, sample_weight = self._validate_fit(X, y, sample_weight, check_input)
        self.tree_ = self._grow(X, y_encoded, sample_weight)
        self._set_leaves(self._stops(self.tree_.tree_))
        return self

    def _validate_fit(self, X, y, sample_weight, check_input=True):
        """Checked ``X`` (float32, the dtype scikit-learn's trees split on), ``y`` as class indices
        (``classes_`` set) and ``sample_weight``. ``check_input=False`` trusts the caller, as
        scikit-learn's trees do: X float32 and finite, y and the weights 1-D and of its length."""
        if check_input:
            X, y = validate_data(self, X, y, dtype=np.float32)
            check_classification_targets(y)
            if sample_weight is not None:
                sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64)
        else:
            self.n_features_in_ = X.shape[1]
        self.classes_, y_encoded = np.unique(y, return_inverse=True)
        return X, y_encoded, sample_weight

    @staticmethod
    def _fit_checked(tree, X, y_encoded, sample_weight):
        """``tree.fit`` on arrays :meth:`_validate_fit` checked: X is float32 and finite, so
        scikit-learn's second pass over them would change nothing (``check_input=False``)."""
        return tree.fit(X, y_encoded, sample_weight=sample_weight, check_input=False)

    def _set_leaves(self, stops):
        self.node_leaf_ = _collapse(self.tree_.tree_, stops)
        self.n_leaves_ = int(np.unique(self.node_leaf_[self.tree_.tree_.children_left == -1]).size)

    def apply(self, X, check_input=True):
        """Index of the (collapsed) leaf that each sample falls in, as a node id of ``tree_``
        (``check_input=False``: X is trusted to be float32 with the fitted features)."""
        check_is_fitted(self)
        if check_input:
            X = validate_data(self, X, dtype=np.float32, reset=False)
        return self.node_leaf_[self.tree_.tree_.apply(X)]

    def leaf_values(self):
        """Class fractions of every node, shape (n_nodes, n_classes); index with :meth:`apply`."""
        check_is_fitted(self)
        return self.tree_.tree_.value[:, 0, :]

    def predict_proba(self, X, check_input=True):
        """Class fractions (weighted) of the leaf each sample falls in."""
        return self.leaf_values()[self.apply(X, check_input)]

    def predict(self, X, check_input=True):
        """Majority class of the leaf, ties to the lowest class index."""
        proba = self.predict_proba(X, check_input)
        return self.classes_[proba.argmax(axis=1)]


class STreeClassifier(_CollapsedTree):
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

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import STreeClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> tree = STreeClassifier(mindev=0.01).fit(X, y)
    >>> tree.n_leaves_, tree.predict_proba(X[[70]]).round(2)  # the leaf's class fractions
    (6, array([[0.  , 0.17, 0.83]]))
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
        return self._fit_checked(tree, X, y_encoded, sample_weight)

    def _stops(self, tree):
        """The leaves, and the nodes whose deviance is below ``mindev`` times the root's."""
        stops = tree.children_left == -1
        if self.mindev > 0:
            deviance = node_deviance(tree)
            stops = stops | (deviance < self.mindev * deviance[0])
        return stops


class WeightedSplitTreeClassifier(_CollapsedTree):
    """CART that splits a node only while it holds enough of the sample weight.

    scikit-learn's ``min_samples_split`` counts cases; a tree grown on weighted points (a boosting
    member) may instead count weight: Breiman (1997)'s "minimum node size 10" on the weighted
    training set read as "a node is not split when N·Q(node) < 10" (spec breiman1997, decision 5),
    i.e. ``min_weight_fraction_split = 10 / N``. scikit-learn has no such limit, so the tree is grown
    fully and every node below the limit becomes a leaf. CART chooses each node's split from that
    node's points alone, so this is the tree grown with the limit, except where two splits tie
    exactly: scikit-learn breaks such ties by a random feature order that depends on how many nodes
    were grown before.

    Parameters
    ----------
    criterion : {"gini", "entropy", "log_loss"}, default="gini"
    min_weight_fraction_split : float in [0, 1], default=0.0
        A node holding less than this share of the total sample weight is not split. Shares within
        a relative 1e-9 of the limit count as reaching it, so that with equal weights a node of
        exactly ``min_weight_fraction_split * n`` cases is split, as ``min_samples_split`` would.
    min_weight_fraction_leaf : float in [0, 0.5], default=0.0
        scikit-learn's limit on the weight of each leaf, applied while growing.
    random_state : int, RandomState instance or None, default=None
        Seeds scikit-learn's random feature order (ties between splits).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    tree_ : DecisionTreeClassifier
        The fully grown tree.
    node_leaf_ : ndarray of shape (n_nodes,)
        Every node's leaf once the nodes below the limit are leaves.
    n_leaves_ : int

    Examples
    --------
    >>> import numpy as np
    >>> from mavl.trees import WeightedSplitTreeClassifier
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X = np.arange(40.0).reshape(-1, 1)
    >>> y = (X[:, 0] % 2).astype(int)                  # alternating labels: every split counts
    >>> tree = WeightedSplitTreeClassifier(min_weight_fraction_split=0.1).fit(X, y)
    >>> cases = DecisionTreeClassifier(min_samples_split=4).fit(X, y)
    >>> bool(tree.n_leaves_ == cases.get_n_leaves())        # equal weights: min_samples_split's tree
    True
    >>> w = np.r_[np.full(20, 1.9), np.full(20, 0.1)]      # the first half holds 95 % of the weight
    >>> tree = WeightedSplitTreeClassifier(min_weight_fraction_split=0.1).fit(X, y, sample_weight=w)
    >>> [int(np.unique(tree.apply(half)).size) for half in (X[:20], X[20:])]   # leaves per half
    [20, 1]
    """

    _parameter_constraints = {
        "criterion": [StrOptions({"gini", "entropy", "log_loss"})],
        "min_weight_fraction_split": [Interval(numbers.Real, 0, 1, closed="both")],
        "min_weight_fraction_leaf": [Interval(numbers.Real, 0, 0.5, closed="both")],
        "random_state": ["random_state"],
    }

    #: Relative tolerance of the weight limit (equal weights summed in another order).
    rtol = 1e-9

    def __init__(self, *, criterion="gini", min_weight_fraction_split=0.0, min_weight_fraction_leaf=0.0,
                 random_state=None):
        self.criterion = criterion
        self.min_weight_fraction_split = min_weight_fraction_split
        self.min_weight_fraction_leaf = min_weight_fraction_leaf
        self.random_state = random_state

    def _grow(self, X, y_encoded, sample_weight):
        return self._fit_checked(DecisionTreeClassifier(
            criterion=self.criterion, min_weight_fraction_leaf=self.min_weight_fraction_leaf,
            random_state=self.random_state,
        ), X, y_encoded, sample_weight)

    def _stops(self, tree):
        """The leaves, and the nodes holding less than the split limit's share of the weight."""
        weight = tree.weighted_n_node_samples
        limit = self.min_weight_fraction_split * weight[0] * (1.0 - self.rtol)
        return (tree.children_left == -1) | (weight < limit)



def node_deviance(tree):
    """S deviance ``2 * n * entropy`` (in nats) of every node of a fitted scikit-learn tree."""
    fractions = tree.value[:, 0, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.where(fractions > 0, np.log(fractions), 0.0)
    return -2.0 * tree.weighted_n_node_samples * (fractions * logs).sum(axis=1)


def _collapse(tree, stops):
    """Map every node to its leaf after turning the internal nodes marked in ``stops`` into leaves.

    A node below a stop belongs to the highest stop above it: the tree grown with the stopping
    rule never grows it.
    """
    n_nodes = tree.node_count
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
