"""Bagging and random aggregating of SVMs by majority vote (Valentini 2003, spec §1.5 and §1.7).

One estimator covers the thesis's three ensembles, which differ only in the sample each member is
trained on: bagging (bootstrap replicates of the training set, ``max_samples=None``), undersampled
bagging and random aggregating on a finite pool (samples of size s ≪ n drawn with replacement from
the training set, which stands in for the population, ``max_samples=s``).

Vote ties (an even number of members, or a prefix) follow spec §1.5 and A15: the sign of the
summed real-valued outputs, then the positive class.
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.dummy import DummyClassifier
from sklearn.svm import SVC

from .._ensemble import PrefixMixin, VoteProbaMixin, encode_targets, seeded_clone
from .._sklearn import HasMethods, Interval, StrOptions, _fit_context
from ..random import draw_seeds

__all__ = ["RandomAggregatingClassifier"]

#: How a tied vote is resolved (A15): "decision_sum" by the summed decision values, then the
#: last class (+1 of {−1, +1}); "last_class" directly by the last tied class.
VOTE_TIES = ("decision_sum", "last_class")


def sample_rows(seed, n_points, size):
    """Indices of one member's sample: ``size`` draws, uniform with replacement (thesis §5.2)."""
    return np.random.default_rng(int(seed)).integers(0, n_points, size)


def fit_member(estimator, X, y, rows, seed):
    """Fit a clone of ``estimator`` on ``X[rows], y[rows]``, seeded with ``seed`` when it has one.

    A sample holding one class (possible for small samples) cannot train an SVM; that member is a
    constant predictor of the class, with no decision values.
    """
    if np.unique(y[rows]).size < 2:
        return DummyClassifier(strategy="most_frequent").fit(X[rows], y[rows])
    return seeded_clone(estimator, seed).fit(X[rows], y[rows])


def member_votes_and_scores(member, X, n_classes):
    """One-hot vote and decision values of a member trained on encoded labels, aligned to 0..k-1.

    Members without ``decision_function`` (the constant fallback, or a base learner lacking it)
    contribute zero scores, so they never break a tie.
    """
    cols = member.classes_.astype(np.intp)
    votes = np.zeros((X.shape[0], n_classes))
    votes[np.arange(X.shape[0]), member.predict(X).astype(np.intp)] = 1.0
    scores = np.zeros_like(votes)
    if hasattr(member, "decision_function") and not isinstance(member, DummyClassifier):
        d = member.decision_function(X)
        if d.ndim == 1:                   # two classes: d > 0 favours classes_[1]
            d = np.column_stack([-d, d])
        scores[:, cols] = d
    return votes, scores


class VoteEnsembleMixin(VoteProbaMixin, PrefixMixin):
    """Majority vote with the thesis's tie rule over ``estimators_`` (trained on encoded labels).

    ``predict``, ``staged_predict`` and ``predict_prefixes`` come from :class:`PrefixMixin`; the
    votes of the first k members are the ensemble of size k (spec §1.7, curves against k).
    ``predict_proba`` is the share of the members voting for each class; on a tied vote the class
    ``vote_ties`` picks gets 1e-9 more, so its argmax is ``predict``.
    """

    def _keys(self, X):
        return None                       # ties are broken by rule, not at random

    def _member_scores(self, X):
        k = self.classes_.size
        for member in self.estimators_:
            yield np.hstack(member_votes_and_scores(member, X, k))

    def _combine(self, running, keys):
        k = self.classes_.size
        votes, scores = running[:, :k], running[:, k:]
        tied = votes == votes.max(axis=1, keepdims=True)
        if self.vote_ties == "decision_sum":
            masked = np.where(tied, scores, -np.inf)
            tied &= masked == masked.max(axis=1, keepdims=True)
        return k - 1 - tied[:, ::-1].argmax(axis=1)          # the last of the remaining classes

    def _vote_shares(self, running, n_members):
        return running[:, : self.classes_.size] / n_members


class RandomAggregatingClassifier(VoteEnsembleMixin, ClassifierMixin, BaseEstimator):
    """Majority vote of learners trained on samples drawn with replacement from the training set.

    ``predict_proba`` is the share of the members voting for each class (``staged_predict_proba``:
    after each member); its argmax is ``predict``: on a tied vote, the class ``vote_ties`` picks gets
    1e-9 more than the other tied classes.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner; ``None`` means :class:`~sklearn.svm.SVC` with its defaults, the thesis's learner.
    n_estimators : int, default=10
        Number of members (the thesis's m, or T for bagging).
    max_samples : int, float or None, default=None
        Size of each member's sample: ``None`` the training-set size (bagging, thesis §5.2); an int
        s the sample size (undersampled bagging / random aggregating on the finite pool, §5.3;
        the thesis uses s = 100); a float that fraction of the training-set size.
    vote_ties : {"decision_sum", "last_class"}, default="decision_sum"
        Tie rule of the vote, :data:`~mavl.ensemble.aggregating.VOTE_TIES` (A15).
    random_state : int, RandomState instance or None, default=None
        Member b's sample depends only on (random_state, b), so prefixes are smaller ensembles, and
        ensembles with the same random_state and data share their samples whatever the base
        learner's parameters (common random numbers, A29).

    Attributes
    ----------
    estimators_ : list of fitted members (trained on labels encoded 0..k-1)
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    max_samples_ : int
        The sample size used.

    See Also
    --------
    mavl.VoteBaggingClassifier : Bagging by majority vote, ties broken by the members' probabilities.
    mavl.LobagClassifier : The bag of the base-learner setting of lowest out-of-bag bias, voting as
        this one does.

    References
    ----------
    Valentini, G. (2003). Ensemble methods based on bias–variance analysis. PhD thesis, DISI-TH-2003-04,
    §5.1–5.3 (spec valentini2003 §1.7). Breiman, L. (1996). Bagging predictors.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import RandomAggregatingClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = RandomAggregatingClassifier(n_estimators=10, max_samples=30, random_state=0).fit(X, y)
    >>> clf.predict_proba(X[[0, 70]])                        # shares of the ten SVMs' votes
    array([[1. , 0. , 0. ],
           [0. , 0.5, 0.5]])
    >>> clf.predict(X[[0, 70]])                              # the tie goes by the summed decision values
    array([0, 1])
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict"]), None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "max_samples": [Interval(numbers.Integral, 1, None, closed="left"),
                        Interval(numbers.Real, 0, None, closed="neither"), None],
        "vote_ties": [StrOptions(set(VOTE_TIES))],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, *, n_estimators=10, max_samples=None, vote_ties="decision_sum",
                 random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.max_samples = max_samples
        self.vote_ties = vote_ties
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y):
        """Fit ``n_estimators`` members, member b on the sample drawn from seed b.

        A sample that holds one class makes that member a constant predictor of the class.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training set, from which the samples are drawn with replacement.
        y : array-like of shape (n_samples,)
            The class labels, of at least two classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y_encoded = encode_targets(self, X, y)
        n = X.shape[0]
        if self.max_samples is None:
            self.max_samples_ = n
        elif isinstance(self.max_samples, numbers.Integral):
            self.max_samples_ = int(self.max_samples)
        else:
            self.max_samples_ = max(1, round(self.max_samples * n))
        base = SVC() if self.estimator is None else self.estimator
        self.estimators_ = [
            fit_member(base, X, y_encoded, sample_rows(seed, n, self.max_samples_), seed)
            for seed in draw_seeds(self.random_state, self.n_estimators)
        ]
        return self
