"""Nearest-neighbour classifiers with the thesis's tie rules (james-ch2 §3.2, james-ch3-4 AMB-7)."""

import numbers

import numpy as np
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.neighbors import NearestNeighbors
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._sklearn import Interval, _fit_context
from .random import argmax_random_ties, draw_seeds, row_keys

__all__ = ["KNearestNeighborsClassifier", "OneNearestNeighborClassifier"]


class OneNearestNeighborClassifier(ClassifierMixin, BaseEstimator):
    """1NN on raw Euclidean distance with majority-then-random tie-breaking.

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
    """

    _parameter_constraints = {"random_state": ["random_state"]}

    def __init__(self, *, random_state=None):
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Store the training set."""
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, self._y = np.unique(y, return_inverse=True)
        self._X = X
        self._tie_seed = draw_seeds(self.random_state, 1)[0]
        return self

    def predict(self, X):
        """Class of the nearest training point(s)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        onehot = np.eye(self.classes_.size)[self._y]
        votes = np.empty((X.shape[0], self.classes_.size))
        for start in range(0, X.shape[0], 512):
            d = cdist(X[start : start + 512], self._X, "sqeuclidean")
            nearest = d == d.min(axis=1, keepdims=True)
            votes[start : start + 512] = nearest @ onehot
        keys = row_keys(X, self.classes_.size, self._tie_seed)
        return self.classes_[argmax_random_ties(votes, keys)]


class KNearestNeighborsClassifier(ClassifierMixin, BaseEstimator):
    """K nearest neighbours (Euclidean) by majority vote, ties broken uniformly at random.

    scikit-learn's ``KNeighborsClassifier`` gives a tied vote to the lowest class; James (1998)
    §3.6 needs random tie-breaking (spec james-ch3-4 AMB-7), with the same batch-independent keys
    as the other mavl estimators. The neighbour search itself is scikit-learn's.

    Parameters
    ----------
    n_neighbors : int, default=5
    random_state : int, RandomState instance or None, default=None
        Seeds the tie-breaking keys.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
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
        """Index the training set."""
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, self._y = np.unique(y, return_inverse=True)
        if self.n_neighbors > X.shape[0]:
            raise ValueError(f"n_neighbors={self.n_neighbors} exceeds n_samples={X.shape[0]}.")
        self._index = NearestNeighbors(n_neighbors=self.n_neighbors).fit(X)
        self._tie_seed = draw_seeds(self.random_state, 1)[0]
        return self

    def predict(self, X):
        """Majority class among the ``n_neighbors`` nearest training points."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        neighbours = self._index.kneighbors(X, return_distance=False)
        votes = np.zeros((X.shape[0], self.classes_.size))
        np.add.at(votes, (np.repeat(np.arange(X.shape[0]), self.n_neighbors),
                          self._y[neighbours].ravel()), 1.0)
        keys = row_keys(X, self.classes_.size, self._tie_seed)
        return self.classes_[argmax_random_ties(votes, keys)]
