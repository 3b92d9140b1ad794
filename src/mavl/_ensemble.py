"""What bagging and boosting share: member class alignment and prefix reads of member votes."""

import numpy as np
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .random import argmax_random_ties, row_keys


def encode_targets(estimator, X, y):
    """Validate ``X, y``; set ``classes_``; return ``X, y_encoded`` (≥ 2 classes required)."""
    X, y = validate_data(estimator, X, y, dtype=np.float64)
    check_classification_targets(y)
    estimator.classes_, y_encoded = np.unique(y, return_inverse=True)
    if estimator.classes_.size < 2:
        raise ValueError(
            f"{type(estimator).__name__} needs samples of at least 2 classes; got one class."
        )
    return X, y_encoded


def member_predictions(member, X, n_classes):
    """A member's class indices into the ensemble's classes (members may have seen fewer)."""
    proba = member_probabilities(member, X, n_classes)
    return proba.argmax(axis=1)


def member_probabilities(member, X, n_classes):
    """A member's class probabilities, aligned to the ensemble's encoded classes 0..k-1."""
    out = np.zeros((X.shape[0], n_classes))
    out[:, member.classes_.astype(int)] = member.predict_proba(X)
    return out


class PrefixMixin:
    """``predict_prefixes`` and ``staged_predict`` from per-member class scores.

    Subclasses implement ``_member_scores(X)``, yielding one (n_samples, n_classes) array per
    member whose running sum, with ``_combine``, gives the ensemble's decision.
    """

    def _check_X(self, X):
        check_is_fitted(self)
        return validate_data(self, X, dtype=np.float64, reset=False)

    def _keys(self, X):
        return row_keys(X, self.classes_.size, self._tie_seed)

    def _combine(self, running, keys):
        return argmax_random_ties(running, keys)

    def _staged_indices(self, X):
        X = self._check_X(X)
        keys = self._keys(X)
        running = None
        for scores in self._member_scores(X):
            running = scores.copy() if running is None else running + scores
            yield self._combine(running, keys)

    def staged_predict(self, X):
        """Predicted labels after each member: a generator of arrays (n_samples,)."""
        for indices in self._staged_indices(X):
            yield self.classes_[indices]

    def predict_prefixes(self, X, sizes):
        """Labels predicted by the first B members for each B in ``sizes``.

        Returns
        -------
        ndarray of shape (len(sizes), n_samples)
        """
        check_is_fitted(self)
        sizes = [int(b) for b in sizes]
        bad = [b for b in sizes if not 1 <= b <= len(self.estimators_)]
        if bad:
            raise ValueError(f"sizes must lie in [1, {len(self.estimators_)}]; got {bad}.")
        last = max(sizes)
        out = None
        for b, indices in enumerate(self._staged_indices(X), start=1):
            if out is None:
                out = np.empty((len(sizes), indices.size), dtype=np.intp)
            for i, size in enumerate(sizes):
                if size == b:
                    out[i] = indices
            if b == last:
                break
        return self.classes_[out]

    def predict(self, X):
        """Predicted class labels of the whole ensemble."""
        check_is_fitted(self)
        return self.predict_prefixes(X, [len(self.estimators_)])[0]
