"""One nearest neighbour with the thesis's tie rule (spec james-ch2 §3.2, AMB-08)."""

import numpy as np
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._sklearn import _fit_context
from .random import argmax_random_ties, draw_seeds, row_keys

__all__ = ["OneNearestNeighborClassifier"]


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
