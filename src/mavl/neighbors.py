"""Nearest-neighbour classifiers with the thesis's tie rules (james-ch2 §3.2, james-ch3-4 AMB-7)."""

import numbers

import numpy as np
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.neighbors import NearestNeighbors

from ._ensemble import checked_X, encode_targets, settle_ties
from ._sklearn import Interval, _fit_context
from .random import argmax_random_ties, draw_seeds, row_keys

__all__ = ["KNearestNeighborsClassifier", "OneNearestNeighborClassifier"]


class _NeighbourVote(ClassifierMixin, BaseEstimator):
    """``predict`` and ``predict_proba`` from ``_votes(X)``: checked X and each point's neighbour
    counts per class."""

    def _encode(self, X, y):
        """Checked training ``X``; sets ``classes_`` and ``_y``, each point's class index."""
        X, self._y = encode_targets(self, X, y, two_classes=False)
        return X

    def _winners(self, X, votes):
        return argmax_random_ties(votes, row_keys(X, self.classes_.size, self._tie_seed))

    def predict(self, X):
        """Majority class of the neighbours; a tie is broken at random (seeded, batch-independent).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        winners = self._winners(*self._votes(X))
        return self.classes_[winners]

    def predict_proba(self, X):
        """Share of the neighbours in each class; its argmax is ``predict``: on a tie, the class
        ``predict`` picks gets 1e-9 more than the others.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The shares, columns in ``classes_`` order; rows sum to one.
        """
        X, votes = self._votes(X)
        return settle_ties(votes / votes.sum(axis=1, keepdims=True), self._winners(X, votes))


class OneNearestNeighborClassifier(_NeighbourVote):
    """1NN on raw Euclidean distance with majority-then-random tie-breaking.

    ``predict_proba`` is the class share of the training points at the minimum distance: one-hot
    for a single nearest point; on a tie, the class ``predict`` picks at random gets 1e-9 more.

    Among all training points at exactly the minimum distance the majority class wins; a remaining
    tie is broken uniformly at random, with a key that depends only on the test point and the seed
    (so a point's prediction does not depend on the batch it is in). Distances are computed
    directly (no dot-product expansion), so integer features tie exactly.

    Parameters
    ----------
    random_state : int, RandomState instance or None, default=None
        Seeds the tie-breaking keys.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int

    See Also
    --------
    mavl.KNearestNeighborsClassifier : K nearest neighbours with the same tie rule.

    Examples
    --------
    >>> from mavl import OneNearestNeighborClassifier
    >>> X, y = [[0.0], [0.0], [0.0], [2.0]], ["a", "a", "b", "c"]
    >>> clf = OneNearestNeighborClassifier(random_state=0).fit(X, y)
    >>> clf.predict_proba([[0.5], [1.5]]).round(2)     # classes of the points at the smallest distance
    array([[0.67, 0.33, 0.  ],
           [0.  , 0.  , 1.  ]])
    >>> clf.predict([[0.5], [1.5]])
    array(['a', 'c'], dtype='<U1')
    """

    _parameter_constraints = {"random_state": ["random_state"]}

    def __init__(self, *, random_state=None):
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Store the training set.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X = self._encode(X, y)
        self._X = X
        self._tie_seed = draw_seeds(self.random_state, 1)[0]
        return self

    def _votes(self, X):
        """Checked X and the class counts of the training points at the minimum distance."""
        X = checked_X(self, X)
        onehot = np.eye(self.classes_.size)[self._y]
        votes = np.empty((X.shape[0], self.classes_.size))
        for start in range(0, X.shape[0], 512):
            d = cdist(X[start : start + 512], self._X, "sqeuclidean")
            nearest = d == d.min(axis=1, keepdims=True)
            votes[start : start + 512] = nearest @ onehot
        return X, votes


class KNearestNeighborsClassifier(_NeighbourVote):
    """K nearest neighbours (Euclidean) by majority vote, ties broken uniformly at random.

    ``predict_proba`` is the share of the ``n_neighbors`` neighbours in each class; on a tied vote,
    the class ``predict`` picks at random gets 1e-9 more, so that its argmax is ``predict``.

    scikit-learn's :class:`~sklearn.neighbors.KNeighborsClassifier` gives a tied vote to the lowest
    class; James (1998) §3.6 needs random tie-breaking (spec james-ch3-4 AMB-7), with the same
    batch-independent keys as the other mavl estimators. The neighbour search itself is scikit-learn's.

    Parameters
    ----------
    n_neighbors : int, default=5
    random_state : int, RandomState instance or None, default=None
        Seeds the tie-breaking keys.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int

    See Also
    --------
    mavl.OneNearestNeighborClassifier : 1NN, every training point at the smallest distance voting.
    sklearn.neighbors.KNeighborsClassifier : scikit-learn's, ties to the lowest class.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import KNearestNeighborsClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = KNearestNeighborsClassifier(n_neighbors=5, random_state=0).fit(X, y)
    >>> clf.predict_proba(X[[0, 70]])                        # shares of the 5 neighbours
    array([[1. , 0. , 0. ],
           [0. , 0.4, 0.6]])
    """

    _parameter_constraints = {
        "n_neighbors": [Interval(numbers.Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, n_neighbors=5, *, random_state=None):
        self.n_neighbors = n_neighbors
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Index the training set.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X = self._encode(X, y)
        if self.n_neighbors > X.shape[0]:
            raise ValueError(f"n_neighbors={self.n_neighbors} exceeds n_samples={X.shape[0]}.")
        self._index = NearestNeighbors(n_neighbors=self.n_neighbors).fit(X)
        self._tie_seed = draw_seeds(self.random_state, 1)[0]
        return self

    def _votes(self, X):
        """Checked X and the class counts among the ``n_neighbors`` nearest training points."""
        X = checked_X(self, X)
        neighbours = self._index.kneighbors(X, return_distance=False)
        votes = np.zeros((X.shape[0], self.classes_.size))
        np.add.at(votes, (np.repeat(np.arange(X.shape[0]), self.n_neighbors),
                          self._y[neighbours].ravel()), 1.0)
        return X, votes
