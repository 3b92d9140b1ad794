"""What mavl's estimators share (ensembles, nearest neighbours, the Bayes classifiers): target
encoding and fitted-input checks, seeded members and their class alignment, prefix reads of member
votes, scikit-learn's two-class decision, and methods offered only where they make sense."""

import inspect
from collections import deque
from functools import update_wrapper
from types import MethodType

import numpy as np
from sklearn.base import clone
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, has_fit_parameter, validate_data

from .random import argmax_random_ties, row_keys


class available_if:
    """Decorator: the method exists only where ``check(estimator)`` passes, as scikit-learn's
    :func:`~sklearn.utils.metaestimators.available_if`, but the reason a check gives (the message of
    the AttributeError it raises) is in the error's own message, not only in its ``__cause__``:
    ``hasattr`` is False and ``str(error)`` says why."""

    def __init__(self, check):
        self.check = check

    def __call__(self, method):
        return _AvailableIf(method, self.check)


class _AvailableIf:
    def __init__(self, method, check):
        self.method, self.check = method, check
        update_wrapper(self, method)

    def _require(self, estimator, owner):
        missing = f"This {owner.__name__!r} has no attribute {self.method.__name__!r}"
        try:
            offered = self.check(estimator)
        except AttributeError as reason:
            raise AttributeError(f"{missing}: {reason}") from reason
        if not offered:
            raise AttributeError(missing)

    def __get__(self, estimator, owner=None):
        if estimator is not None:
            self._require(estimator, owner)
            return MethodType(self.method, estimator)

        def checked(estimator, *args, **kwargs):     # read from the class: checked on each call
            self._require(estimator, owner)
            return self.method(estimator, *args, **kwargs)

        return update_wrapper(checked, self.method)


def encode_targets(estimator, X, y, *, two_classes=True):
    """Validate ``X, y`` (float64); set ``classes_``; return ``X, y_encoded``, y as indices into
    ``classes_`` (``two_classes``: fewer than 2 classes is a ValueError)."""
    X, y = validate_data(estimator, X, y, dtype=np.float64)
    check_classification_targets(y)
    estimator.classes_, y_encoded = np.unique(y, return_inverse=True)
    if two_classes:
        require_two_classes(estimator, estimator.classes_)
    return X, y_encoded


def require_two_classes(estimator, classes):
    """Raise the ValueError of an ``estimator`` fitted on fewer than 2 ``classes``."""
    if classes.size < 2:
        raise ValueError(
            f"{type(estimator).__name__} needs samples of at least 2 classes; got one class."
        )


def seeded_clone(estimator, seed):
    """An unfitted clone of ``estimator`` seeded with ``seed`` when it takes a ``random_state``."""
    member = clone(estimator)
    if "random_state" in member.get_params():
        member.set_params(random_state=int(seed))
    return member


def check_sizes(sizes, largest):
    """``sizes`` as ints, each an ensemble size B in [1, ``largest``]; a ValueError names the others."""
    sizes = [int(b) for b in sizes]
    bad = [b for b in sizes if not 1 <= b <= largest]
    if bad:
        raise ValueError(f"sizes must lie in [1, {largest}]; got {bad}.")
    return sizes


def two_class_decision(scores):
    """Class scores (n_samples, n_classes) as ``decision_function`` returns them: with two classes,
    as scikit-learn expects, the second class's score minus the first's, shape (n_samples,)."""
    return scores[:, 1] - scores[:, 0] if scores.shape[1] == 2 else scores


def checked_X(estimator, X):
    """``X`` for a fitted ``estimator``: it must be fitted, and X have its features (float64)."""
    check_is_fitted(estimator)
    return validate_data(estimator, X, dtype=np.float64, reset=False)


def member_input(estimator, X):
    """``(X, options)`` as the members of ``estimator``'s kind read the checked ``X``.

    scikit-learn's trees, and those of :mod:`mavl.trees`, split on float32 and take
    ``check_input=False`` on arrays so prepared, as scikit-learn's forests pass them: X is cast
    once for all the members instead of once by each member's every call (the same float32
    values, so the same trees and predictions). Any other member, or an X with values beyond
    float32 (which the members' own checks reject), gets X itself and checks it.
    """
    takes_flag = (has_fit_parameter(estimator, "check_input")
                  and "check_input" in inspect.signature(estimator.predict_proba).parameters)
    if takes_flag:
        with np.errstate(over="ignore"):
            X32 = np.asarray(X, dtype=np.float32)
        if np.isfinite(X32).all():
            return X32, {"check_input": False}
    return X, {}


def member_predictions(member, X, n_classes, **options):
    """A member's class indices into the ensemble's classes (members may have seen fewer)."""
    proba = member_probabilities(member, X, n_classes, **options)
    return proba.argmax(axis=1)


def member_probabilities(member, X, n_classes, **options):
    """A member's class probabilities, aligned to the ensemble's encoded classes 0..k-1
    (``options``: those of :func:`member_input`)."""
    out = np.zeros((X.shape[0], n_classes))
    out[:, member.classes_.astype(int)] = member.predict_proba(X, **options)
    return out


class PrefixMixin:
    """``predict_prefixes`` and ``staged_predict`` from per-member class scores.

    Subclasses implement ``_member_scores(X)``, yielding one (n_samples, n_classes) array per
    member whose running sum, with ``_combine``, gives the ensemble's decision.
    """

    def _keys(self, X):
        return row_keys(X, self.classes_.size, self._tie_seed)

    def _combine(self, running, keys):
        return argmax_random_ties(running, keys)

    def _running_scores(self, X):
        """Running sums of ``_member_scores(X)``: one array after each member."""
        running = None
        for scores in self._member_scores(X):
            running = scores.copy() if running is None else running + scores
            yield running

    def _staged_indices(self, X):
        X = checked_X(self, X)
        keys = self._keys(X)
        for running in self._running_scores(X):
            yield self._combine(running, keys)

    def staged_predict(self, X):
        """Predicted labels after each member.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        y : ndarray of shape (n_samples,)
            The labels predicted by the first b members, for b = 1, 2, ..., ``len(estimators_)``.
        """
        for indices in self._staged_indices(X):
            yield self.classes_[indices]

    def predict_prefixes(self, X, sizes):
        """Labels predicted by the first B members for each B in ``sizes``.

        One pass over the members reads every smaller ensemble: the first B members of the fit are
        the ensemble of size B.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        sizes : sequence of int
            Ensemble sizes B, each between 1 and ``len(estimators_)``.

        Returns
        -------
        y : ndarray of shape (len(sizes), n_samples)
            Row i holds the labels predicted by the first ``sizes[i]`` members.
        """
        check_is_fitted(self)
        sizes = check_sizes(sizes, len(self.estimators_))
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
        """Predicted class labels of the whole ensemble.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        check_is_fitted(self)
        return self.predict_prefixes(X, [len(self.estimators_)])[0]


#: How far above the largest share a tie's winner is raised by :func:`settle_ties`.
TIE_NUDGE = 1e-9


def settle_ties(shares, winner):
    """Shares whose argmax is ``winner`` (``predict``'s class indices), as scikit-learn expects.

    Only where the first largest share is another class, a tie that ``predict`` breaks otherwise,
    the winner's share is raised to the largest share plus :data:`TIE_NUDGE` and the row is
    renormalised; every other row is left as it is.
    """
    rows = np.flatnonzero(shares.argmax(axis=1) != winner)
    if rows.size:
        shares = shares.copy()
        shares[rows, winner[rows]] = shares[rows].max(axis=1) + TIE_NUDGE
        shares[rows] /= shares[rows].sum(axis=1, keepdims=True)
    return shares


class VoteProbaMixin:
    """``predict_proba`` and ``staged_predict_proba`` of a :class:`PrefixMixin` ensemble.

    Read from the same running member scores as ``predict``, one pass over the members; the class
    gives ``_vote_shares(running, n_members)``, the class shares after ``n_members`` members, whose
    ties :func:`settle_ties` settles as ``predict`` does.
    """

    def staged_predict_proba(self, X):
        """Class shares after each member; the last is :meth:`predict_proba`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        proba : ndarray of shape (n_samples, n_classes)
            The class shares of the first b members, for b = 1, 2, ..., ``len(estimators_)``,
            columns in ``classes_`` order.
        """
        X = checked_X(self, X)
        keys = self._keys(X)
        for b, running in enumerate(self._running_scores(X), start=1):
            shares = self._vote_shares(running, b)
            yield settle_ties(shares, self._combine(running, keys))

    def predict_proba(self, X):
        """Vote shares of the whole ensemble; rows sum to one.

        Each member counts with the vote ``predict`` gives it (one, or its weight for boosting and
        arcing). The argmax is ``predict``: on a tied vote, the class ``predict`` picks gets 1e-9
        above the other tied classes.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The class shares, columns in ``classes_`` order.
        """
        check_is_fitted(self)
        return deque(self.staged_predict_proba(X), maxlen=1)[0]
