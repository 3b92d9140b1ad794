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
from sklearn.utils import check_random_state
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._sklearn import Interval, StrOptions, _check_sample_weight, _fit_context

__all__ = ["CategoricalTreeClassifier", "PrunedTreeClassifier", "STreeClassifier",
           "WeightedSplitTreeClassifier", "pruning_alphas"]


class _CollapsedTree(ClassifierMixin, BaseEstimator):
    """A fully grown scikit-learn tree (``tree_``) read through ``node_leaf_``, the map of every
    node to its leaf after some internal nodes were turned into leaves (see :func:`_collapse`).

    A subclass gives ``_grow(X, y_encoded, sample_weight)`` (the fitted scikit-learn tree) and
    ``_stops(tree)`` (the nodes of its ``tree_`` that become leaves).
    """

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None, check_input=True):
        """Grow the tree on ``(X, y)``, optionally with sample (observation) weights.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples (split on as float32, as scikit-learn's trees do).
        y : array-like of shape (n_samples,)
            The class labels.
        sample_weight : array-like of shape (n_samples,) or None, default=None
            Non-negative observation weights; ``None`` weighs every sample the same.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X``, ``y`` and ``sample_weight`` to be
            checked already (float32 ``X``, arrays an ensemble has checked).

        Returns
        -------
        self : object
            The fitted estimator.
        """
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
                sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64,
                                                     ensure_non_negative=True)
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
        """Index of the (collapsed) leaf that each sample falls in, as a node id of ``tree_``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X`` to be float32 with the fitted features
            (arrays an ensemble has checked).

        Returns
        -------
        leaves : ndarray of shape (n_samples,)
            The node id of each sample's leaf.
        """
        check_is_fitted(self)
        if check_input:
            X = validate_data(self, X, dtype=np.float32, reset=False)
        return self.node_leaf_[self.tree_.tree_.apply(X)]

    def leaf_values(self):
        """Class fractions of every node of ``tree_``; index with :meth:`apply`.

        Returns
        -------
        values : ndarray of shape (n_nodes, n_classes)
            The weighted class fractions of the training samples in each node, columns in
            ``classes_`` order.
        """
        check_is_fitted(self)
        return self.tree_.tree_.value[:, 0, :]

    def predict_proba(self, X, check_input=True):
        """Class fractions (weighted) of the leaf each sample falls in.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X`` to be float32 with the fitted features
            (arrays an ensemble has checked).

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The class fractions, columns in ``classes_`` order.
        """
        return self.leaf_values()[self.apply(X, check_input)]

    def predict(self, X, check_input=True):
        """Majority class of the leaf, ties to the lowest class index.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X`` to be float32 with the fitted features
            (arrays an ensemble has checked).

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
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

    See Also
    --------
    mavl.WeightedSplitTreeClassifier : CART whose split limit counts sample weight.
    mavl.PrunedTreeClassifier : CART pruned by cost complexity.
    sklearn.tree.DecisionTreeClassifier : The CART tree this one is grown from.

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

    See Also
    --------
    mavl.STreeClassifier : A tree grown like S-PLUS ``tree()``.
    mavl.PrunedTreeClassifier : CART pruned by cost complexity.

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


class PrunedTreeClassifier(_CollapsedTree):
    r"""CART grown in full, then cut back by minimal cost-complexity pruning, the subtree chosen by
    V-fold cross-validation on the (weighted) training set, as CART does (Breiman, Friedman,
    Olshen and Stone 1984, §3.3-3.4, §11.5).

    The pruning sequence is the weakest-link one: the nested subtrees :math:`T(\alpha)` minimising
    :math:`R(T)` plus :math:`\alpha` times the number of leaves, where R is the resubstitution cost of
    the leaves (``cost``). The training points are split at random into ``cv`` folds; a tree grown
    (with the same limits) on all folds but one is pruned at each representative
    :math:`\alpha'_k = \sqrt{\alpha_k \alpha_{k+1}}` of the full tree's sequence and scored on the
    fold left out, weighted. Each :math:`\alpha'_k` thus gets a cross-validated error
    :math:`R_{cv}(k)` and its standard error, that of a weighted mean of 0/1 misses (CART's
    :math:`\sqrt{R(1 - R)/N}` when the weights are equal). ``selection="one_se"`` keeps the smallest
    tree whose :math:`R_{cv}` is within one SE of the least (CART's rule, which the book prefers
    because :math:`R_{cv}` is flat and noisy near its minimum); ``"min"`` the tree of the least
    :math:`R_{cv}` (ties: the smaller tree).

    Parameters
    ----------
    criterion : {"gini", "entropy", "log_loss"}, default="gini"
    min_samples_split : int, default=2
        scikit-learn's limit on the grown trees (the full tree and every fold's): the fewest
        samples a node needs to be split.
    min_samples_leaf : int, default=1
        scikit-learn's limit on the grown trees: the fewest samples of a leaf.
    min_weight_fraction_leaf : float, default=0.0
        scikit-learn's limit on the grown trees: the smallest share of the total weight in a leaf.
    cv : int >= 2, default=10
        Folds (CART's default is 10).
    selection : {"one_se", "min"}, default="one_se"
    cost : {"misclassification", "impurity"}, default="misclassification"
        :math:`R(t)`: the node's weighted misclassified share (CART's classification trees), or its weighted
        impurity (scikit-learn's ``cost_complexity_pruning_path``).
    random_state : int, RandomState instance or None, default=None
        Draws the folds and seeds every tree's random feature order (ties between splits).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    tree_ : DecisionTreeClassifier
        The full tree.
    ccp_alphas_ : ndarray
        The full tree's pruning sequence :math:`\alpha_1 = 0 < \alpha_2 < \dots` (the last prunes it
        to its root).
    cv_errors_, cv_se_ : ndarray of the same shape
        :math:`R_{cv}` and its SE at each :math:`\alpha'_k`.
    ccp_alpha_ : float
        The :math:`\alpha` of the subtree kept.
    node_leaf_ : ndarray of shape (n_nodes,)
    n_leaves_ : int

    See Also
    --------
    mavl.trees.pruning_alphas : The weakest-link pruning sequence of a fitted tree.
    mavl.STreeClassifier : A tree grown like S-PLUS ``tree()``.
    mavl.WeightedSplitTreeClassifier : CART whose split limit counts sample weight.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from mavl.trees import PrunedTreeClassifier
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> tree = PrunedTreeClassifier(random_state=0).fit(X, y)
    >>> bool(tree.n_leaves_ < tree.tree_.get_n_leaves())      # pruned back from the full tree
    True
    """

    _parameter_constraints = {
        "criterion": [StrOptions({"gini", "entropy", "log_loss"})],
        "min_samples_split": [Interval(numbers.Integral, 2, None, closed="left")],
        "min_samples_leaf": [Interval(numbers.Integral, 1, None, closed="left")],
        "min_weight_fraction_leaf": [Interval(numbers.Real, 0, 0.5, closed="both")],
        "cv": [Interval(numbers.Integral, 2, None, closed="left")],
        "selection": [StrOptions({"one_se", "min"})],
        "cost": [StrOptions({"misclassification", "impurity"})],
        "random_state": ["random_state"],
    }

    def __init__(self, *, criterion="gini", min_samples_split=2, min_samples_leaf=1,
                 min_weight_fraction_leaf=0.0, cv=10, selection="one_se", cost="misclassification",
                 random_state=None):
        self.criterion = criterion
        self.min_samples_split = min_samples_split
        self.min_samples_leaf = min_samples_leaf
        self.min_weight_fraction_leaf = min_weight_fraction_leaf
        self.cv = cv
        self.selection = selection
        self.cost = cost
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None, check_input=True):
        """Grow the full tree, choose its subtree by cross-validation and prune to it.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples (split on as float32, as scikit-learn's trees do).
        y : array-like of shape (n_samples,)
            The class labels.
        sample_weight : array-like of shape (n_samples,) or None, default=None
            Non-negative observation weights, which the cross-validated errors weigh too; ``None``
            weighs every sample the same.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X``, ``y`` and ``sample_weight`` to be
            checked already (float32 ``X``, arrays an ensemble has checked).

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y_encoded, sample_weight = self._validate_fit(X, y, sample_weight, check_input)
        n = X.shape[0]
        w = np.ones(n) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
        rng = check_random_state(self.random_state)
        seeds = rng.randint(np.iinfo(np.int32).max, size=self.cv + 1)
        n_folds = min(self.cv, n)
        folds = rng.permutation(n) % n_folds
        self.tree_ = self._fit_checked(self._cart(seeds[0]), X, y_encoded, w)
        full = self.tree_.tree_
        prune_at, self.ccp_alphas_ = pruning_alphas(full, self.cost)
        if n_folds < 2:                             # one point: nothing to cross-validate or prune
            self.cv_errors_ = self.cv_se_ = np.full(self.ccp_alphas_.size, np.nan)
            self.ccp_alpha_ = 0.0
            self._set_leaves(full.children_left == -1)
            return self
        # CART's representative of each α interval: the geometric mean of its ends (the root's: ∞,
        # the largest float, so that it stays below a root's ∞ "pruned with an ancestor").
        betas = np.r_[np.sqrt(self.ccp_alphas_[:-1] * self.ccp_alphas_[1:]), np.finfo(float).max]
        misses = np.zeros((betas.size, n), dtype=bool)
        for v in range(n_folds):
            train, test = folds != v, folds == v
            fold = self._fit_checked(self._cart(seeds[v + 1]), X[train], y_encoded[train], w[train])
            misses[:, test] = _pruned_misses(fold, X[test], y_encoded[test], betas, self.cost)
        total = w.sum()
        self.cv_errors_ = misses @ w / total
        self.cv_se_ = np.sqrt(((misses - self.cv_errors_[:, None]) ** 2) @ w**2) / total
        least = self.cv_errors_.min()
        if self.selection == "min":
            keep = np.flatnonzero(self.cv_errors_ <= least)[-1]
        else:
            best = np.flatnonzero(self.cv_errors_ <= least)[-1]
            keep = np.flatnonzero(self.cv_errors_ <= least + self.cv_se_[best])[-1]
        self.ccp_alpha_ = float(self.ccp_alphas_[keep])
        self._set_leaves((full.children_left == -1) | (prune_at <= self.ccp_alpha_))
        return self

    def _cart(self, seed):
        return DecisionTreeClassifier(
            criterion=self.criterion, min_samples_split=self.min_samples_split,
            min_samples_leaf=self.min_samples_leaf, min_weight_fraction_leaf=self.min_weight_fraction_leaf,
            random_state=int(seed))


class CategoricalTreeClassifier(ClassifierMixin, BaseEstimator):
    """A classification tree on categorical inputs whose splits are multiway: a node tested on
    variable j gets one child per category of j present among its cases (C4.5's kind of split on a
    nominal variable), chosen by the largest decrease of the weighted Gini impurity.

    scikit-learn's trees split numbers only, so a nominal variable must reach them coded as
    indicators, each split then separating one category from the rest. Here each distinct value of
    a column is a category. Growing follows scikit-learn's CART otherwise: a node is split while it
    is impure, holds at least ``min_samples_split`` cases and some variable takes two categories in
    it, by the best split even if it lowers the impurity by 0; ties go to the lowest column. A case
    whose category its node never saw in training (or an unseen value) stops at that node.

    Parameters
    ----------
    criterion : {"gini", "entropy", "log_loss"}, default="gini"
    min_samples_split : int >= 2, default=2
        A node of fewer cases is not split (Breiman (1997)'s node size under rule ``split``).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    categories_ : list of ndarray
        The categories (sorted values) of each column.
    feature_ : ndarray of shape (n_nodes,)
        The column each node splits on (-1: a leaf).
    children_ : ndarray of shape (n_nodes, max categories)
        The child of each node for each category code (-1: none).
    value_ : ndarray of shape (n_nodes, n_classes)
        Weighted class fractions of each node.
    impurity_, weighted_n_node_samples_ : ndarray of shape (n_nodes,)
    n_features_in_ : int

    See Also
    --------
    mavl.PrunedTreeClassifier : CART, whose splits on numbers separate one range from the rest.

    Examples
    --------
    >>> import numpy as np
    >>> from mavl.trees import CategoricalTreeClassifier
    >>> X = np.array([[0], [1], [2], [0], [1], [2]])      # one variable, three categories
    >>> y = np.array([0, 1, 2, 0, 1, 2])
    >>> tree = CategoricalTreeClassifier().fit(X, y)
    >>> tree.children_[0].tolist(), tree.predict([[2], [0]]).tolist()   # one child per category
    ([1, 2, 3], [2, 0])
    """

    _parameter_constraints = {
        "criterion": [StrOptions({"gini", "entropy", "log_loss"})],
        "min_samples_split": [Interval(numbers.Integral, 2, None, closed="left")],
    }

    def __init__(self, *, criterion="gini", min_samples_split=2):
        self.criterion = criterion
        self.min_samples_split = min_samples_split

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None, check_input=True):
        """Grow the tree on ``(X, y)`` with optional sample weights.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples: each distinct value of a column is a category.
        y : array-like of shape (n_samples,)
            The class labels.
        sample_weight : array-like of shape (n_samples,) or None, default=None
            Non-negative case weights; a case of weight 0 is left out. ``None`` weighs every case
            the same.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X``, ``y`` and ``sample_weight`` to be
            checked already (arrays an ensemble has checked).

        Returns
        -------
        self : object
            The fitted estimator.
        """
        if check_input:
            X, y = validate_data(self, X, y, dtype=np.float32)
            check_classification_targets(y)
            if sample_weight is not None:
                sample_weight = _check_sample_weight(sample_weight, X, dtype=np.float64,
                                                     ensure_non_negative=True)
        else:
            self.n_features_in_ = X.shape[1]
        self.classes_, y = np.unique(y, return_inverse=True)
        w = np.ones(X.shape[0]) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
        # A case of weight 0 is no case: it counts towards no node size and shows no category.
        X, y, w = X[w > 0], y[w > 0], w[w > 0]
        self.categories_ = [np.unique(column) for column in X.T]
        codes = self._codes(X)
        width = max(c.size for c in self.categories_)
        self._grow(codes, y, w, width)
        return self

    def _codes(self, X):
        """Category codes of X, column by column (-1: a value not seen in training)."""
        codes = np.empty(X.shape, dtype=np.intp)
        for j, categories in enumerate(self.categories_):
            at = np.clip(np.searchsorted(categories, X[:, j]), 0, categories.size - 1)
            codes[:, j] = np.where(categories[at] == X[:, j], at, -1)
        return codes

    def _impurity(self, counts):
        """Impurity of class-weight rows ``counts`` (..., n_classes), 0 where a row weighs 0."""
        total = counts.sum(axis=-1, keepdims=True)
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where(total > 0, counts / total, 0.0)
            if self.criterion == "gini":
                return 1.0 - (p**2).sum(axis=-1)
            return -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=-1)

    def _grow(self, codes, y, w, width):
        n, d = codes.shape
        k = self.classes_.size
        feature, children, value, impurity, weight = [], [], [], [], []
        # Depth first, the left-most child first, so a child's id is larger than its parent's.
        stack = [np.arange(n)]
        parents = [(-1, -1)]
        while stack:
            rows = stack.pop()
            parent, code = parents.pop()
            node = len(feature)
            if parent >= 0:
                children[parent][code] = node
            counts = np.bincount(y[rows], weights=w[rows], minlength=k)
            node_weight = counts.sum()
            feature.append(-1)
            children.append(np.full(width, -1, dtype=np.intp))
            value.append(counts / node_weight if node_weight > 0 else counts)
            impurity.append(float(self._impurity(counts)))
            weight.append(node_weight)
            if rows.size < self.min_samples_split or impurity[-1] <= 0.0:
                continue
            # Class weight of every (column, category) among the node's cases.
            sub = codes[rows]
            keys = ((np.arange(d) * width + sub) * k + y[rows, None]).ravel()
            table = np.bincount(keys, weights=np.repeat(w[rows], d), minlength=d * width * k)
            table = table.reshape(d, width, k)
            present = np.bincount((np.arange(d) * width + sub).ravel(), minlength=d * width) > 0
            present = present.reshape(d, width)
            splittable = present.sum(axis=1) >= 2
            if not splittable.any() or node_weight <= 0:
                continue
            after = (table.sum(axis=2) * self._impurity(table)).sum(axis=1) / node_weight
            after[~splittable] = np.inf
            j = int(np.argmin(after))                   # the largest decrease; ties: lowest column
            feature[-1] = j
            for c in np.flatnonzero(present[j])[::-1]:  # pushed last-first: popped first-first
                stack.append(rows[sub[:, j] == c])
                parents.append((node, c))
        self.feature_ = np.array(feature, dtype=np.intp)
        self.children_ = np.array(children, dtype=np.intp).reshape(len(feature), width)
        self.value_ = np.array(value, dtype=np.float64).reshape(len(feature), k)
        self.impurity_ = np.array(impurity)
        self.weighted_n_node_samples_ = np.array(weight)

    def apply(self, X, check_input=True):
        """The node each sample stops at: a leaf, or a node whose test meets an unseen category.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X`` to be checked already, with the fitted
            features (arrays an ensemble has checked).

        Returns
        -------
        nodes : ndarray of shape (n_samples,)
            The id of each sample's node (a row of ``value_``).
        """
        check_is_fitted(self)
        if check_input:
            X = validate_data(self, X, dtype=np.float32, reset=False)
        codes = self._codes(X)
        node = np.zeros(X.shape[0], dtype=np.intp)
        moving = np.arange(X.shape[0])
        while moving.size:
            j = self.feature_[node[moving]]
            inner = j >= 0
            moving, j = moving[inner], j[inner]
            code = codes[moving, j]
            nxt = np.where(code >= 0, self.children_[node[moving], np.maximum(code, 0)], -1)
            go = nxt >= 0
            node[moving[go]] = nxt[go]
            moving = moving[go]
        return node

    def predict_proba(self, X, check_input=True):
        """Weighted class fractions of the node each sample stops at.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X`` to be checked already, with the fitted
            features (arrays an ensemble has checked).

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The class fractions, columns in ``classes_`` order.
        """
        node = self.apply(X, check_input)          # first: it says when the tree is not fitted
        return self.value_[node]

    def predict(self, X, check_input=True):
        """The node's weighted majority class, ties to the lowest class index.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        check_input : bool, default=True
            As in scikit-learn's trees: False trusts ``X`` to be checked already, with the fitted
            features (arrays an ensemble has checked).

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        proba = self.predict_proba(X, check_input)
        return self.classes_[proba.argmax(axis=1)]


def _node_cost(tree, cost):
    """R(t) of every node as a share of the root's weight: misclassified or impurity."""
    share = tree.weighted_n_node_samples / tree.weighted_n_node_samples[0]
    if cost == "impurity":
        return share * tree.impurity
    return share * (1.0 - tree.value[:, 0, :].max(axis=1))


def pruning_alphas(tree, cost="misclassification"):
    """The weakest-link pruning sequence of a fitted scikit-learn tree (``tree_``).

    Returns ``(prune_at, alphas)``: ``prune_at[t]`` is the α at which internal node t becomes a
    leaf (∞ for leaves and for nodes cut away with an ancestor first), ``alphas`` the sequence's
    distinct α, starting at 0, ending with the one that prunes the root. The tree pruned at α keeps
    as leaves its leaves and every node with ``prune_at <= α``. ``cost="impurity"`` gives
    scikit-learn's ``cost_complexity_pruning_path``.
    """
    left, right = tree.children_left, tree.children_right
    n = tree.node_count
    r = _node_cost(tree, cost)
    parent = np.full(n, -1)
    internal = np.flatnonzero(left != -1)
    parent[left[internal]] = internal
    parent[right[internal]] = internal
    leaves, below = np.ones(n), r.copy()            # |leaves(T_t)| and R(T_t) of the current tree
    for t in internal[::-1]:                        # a child's id is larger than its parent's
        leaves[t] = leaves[left[t]] + leaves[right[t]]
        below[t] = below[left[t]] + below[right[t]]
    active = left != -1
    prune_at = np.full(n, np.inf)
    alphas, last = [0.0], 0.0
    while active.any():
        nodes = np.flatnonzero(active)
        g = (r[nodes] - below[nodes]) / (leaves[nodes] - 1)
        # Never below the last α (rounding): the sequence is nested.
        alpha = max(float(g.min()), last)
        for t in nodes[g <= alpha + 1e-12 * max(alpha, 1e-300)]:    # ancestors first
            if not active[t]:
                continue                            # cut away with an ancestor in this pass
            prune_at[t] = alpha
            gained, fewer = r[t] - below[t], leaves[t] - 1
            stack = [t]
            while stack:
                u = stack.pop()
                if active[u]:
                    active[u] = False
                    stack += [left[u], right[u]]
            leaves[t], below[t] = 1.0, r[t]
            u = parent[t]
            while u != -1:
                below[u] += gained
                leaves[u] -= fewer
                u = parent[u]
        if alpha > last or len(alphas) == 1:
            alphas.append(alpha)
        last = alpha
    return prune_at, np.unique(alphas)


def _pruned_misses(fitted, X, y, betas, cost):
    """Misses of ``fitted`` (a scikit-learn tree) on (X, y) when pruned at each α in ``betas``:
    bool (len(betas), n_samples).

    A point is classified by the first node on its path that is a leaf of the pruned tree, i.e.
    whose ``prune_at`` is at most α while every ancestor's is above α; so node t serves the
    α in [prune_at[t], min over its ancestors of prune_at) (leaves from −∞).
    """
    tree = fitted.tree_
    prune_at, _ = pruning_alphas(tree, cost)
    start = np.where(tree.children_left == -1, -np.inf, prune_at)
    above = np.full(tree.node_count, np.inf)        # min of prune_at over the strict ancestors
    for t in np.flatnonzero(tree.children_left != -1):
        for child in (tree.children_left[t], tree.children_right[t]):
            above[child] = min(above[t], prune_at[t])
    path = fitted.decision_path(X).tocoo()
    point, node = path.row, path.col
    wrong = fitted.classes_[tree.value[node, 0, :].argmax(axis=1)] != y[point]   # a fold may lack a class
    lo = np.searchsorted(betas, start[node], side="left")
    hi = np.searchsorted(betas, above[node], side="left")
    out = np.zeros((betas.size + 1, X.shape[0]), dtype=np.int64)
    keep = wrong & (lo < hi)
    np.add.at(out, (lo[keep], point[keep]), 1)
    np.add.at(out, (hi[keep], point[keep]), -1)
    return np.cumsum(out, axis=0)[:-1] > 0



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
