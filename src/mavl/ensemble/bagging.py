"""Bagging with the thesis's majority vote (spec james-ch2 §4.8, AMB-14).

scikit-learn's :class:`~sklearn.ensemble.BaggingClassifier` averages probabilities and has no
staged predictions; this one votes, breaks ties by summed probabilities, and reads any smaller
ensemble as a prefix.
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin

from .._ensemble import (
    PrefixMixin,
    VoteProbaMixin,
    encode_targets,
    member_input,
    member_probabilities,
    seeded_clone,
)
from .._sklearn import HasMethods, Interval, StrOptions, _fit_context
from ..random import argmax_random_ties, draw_seeds
from ..trees import STreeClassifier

__all__ = ["VoteBaggingClassifier"]

# predict_proba of vote_probtie adds the probability sums at this scale: below one vote for any
# B < 1e6, so its argmax follows the votes and, among tied votes, the probability sums.
_TIE_SCALE = 1e-6


class VoteBaggingClassifier(VoteProbaMixin, PrefixMixin, ClassifierMixin, BaseEstimator):
    r"""Bootstrap aggregation by majority vote.

    ``predict_proba`` gives the vote share of each class (the mean member probability with
    ``prob_average``), ``staged_predict_proba`` the shares after each member.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner with ``predict_proba``; ``None`` means :class:`~mavl.trees.STreeClassifier`.
    n_estimators : int, default=50
        Number of bootstrap members :math:`B_{\max}`.
    combiner : {"vote_probtie", "prob_average", "vote_random"}, default="vote_probtie"
        Hard vote with ties broken by summed class probabilities, then at random; probability
        averaging; or hard vote with random ties (AMB-14).
    random_state : int, RandomState instance or None, default=None
        Seeds the bootstrap samples, the members and the tie-breaking keys: member b depends only on
        (random_state, b).

    Attributes
    ----------
    estimators_ : list of fitted members
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int

    See Also
    --------
    mavl.RandomAggregatingClassifier : Majority vote of members fitted on samples of any size, with
        Valentini's tie rule.
    mavl.LobagClassifier : The bag of the base-learner setting of lowest out-of-bag bias.
    mavl.AdaBoostM1Classifier : Boosting, the other ensemble of James (1998) §2.5.
    sklearn.ensemble.BaggingClassifier : scikit-learn's bagging, which averages probabilities.

    References
    ----------
    Breiman, L. (1996). Bagging predictors. Machine Learning 24, 123–140. James (1998), §2.5.1.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import VoteBaggingClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = VoteBaggingClassifier(n_estimators=10, random_state=0).fit(X, y)
    >>> clf.predict_proba(X[[0, 70]]).round(2)               # vote shares
    array([[1. , 0. , 0. ],
           [0. , 0.1, 0.9]])
    >>> clf.predict_prefixes(X[[0, 70]], [1, 10])            # the first member, then all ten
    array([[0, 2],
           [0, 2]])
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict_proba"]), None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "combiner": [StrOptions({"vote_probtie", "prob_average", "vote_random"})],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, *, n_estimators=50, combiner="vote_probtie",
                 random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.combiner = combiner
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y):
        """Fit ``n_estimators`` members on bootstrap samples; member b depends only on (seed, b).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels, of at least two classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y_encoded = encode_targets(self, X, y)
        self._tie_seed, member_seed = draw_seeds(self.random_state, 2)
        base = STreeClassifier() if self.estimator is None else self.estimator
        X_members, options = member_input(base, X)
        self.estimators_ = []
        for seed in draw_seeds(int(member_seed), self.n_estimators):
            rows = np.random.default_rng(int(seed)).integers(0, X.shape[0], X.shape[0])
            member = seeded_clone(base, seed)
            self.estimators_.append(member.fit(X_members[rows], y_encoded[rows], **options))
        return self

    def _member_scores(self, X):
        """Per member: probabilities (prob_average), votes (vote_random), or for vote_probtie the
        votes and the probabilities side by side, shape (n_samples, 2k), so ``_combine`` can
        compare them lexicographically."""
        k = self.classes_.size
        X, options = member_input(self.estimators_[0], X)
        for member in self.estimators_:
            proba = member_probabilities(member, X, k, **options)
            if self.combiner == "prob_average":
                yield proba
                continue
            votes = np.zeros_like(proba)
            votes[np.arange(X.shape[0]), proba.argmax(axis=1)] = 1.0
            yield np.hstack([votes, proba]) if self.combiner == "vote_probtie" else votes

    def _combine(self, running, keys):
        if self.combiner != "vote_probtie":
            return argmax_random_ties(running, keys)
        k = self.classes_.size
        votes, probs = running[:, :k], running[:, k:]
        # Vote counts are small integers, exact in floating point: compare them exactly, then the
        # summed probabilities among the top-voted classes, then random keys.
        top = votes == votes.max(axis=1, keepdims=True)
        return argmax_random_ties(np.where(top, probs, -np.inf), keys)

    def _vote_shares(self, running, n_members):
        if self.combiner == "vote_probtie":
            k = self.classes_.size
            running = running[:, :k] + _TIE_SCALE * running[:, k:]
        return running / running.sum(axis=1, keepdims=True)

    def predict_proba(self, X):
        """Class shares of the combined members: mean probabilities for ``prob_average``, vote
        shares otherwise (:meth:`staged_predict_proba` gives them after each member).

        With ``vote_probtie`` the summed probabilities enter with a tiny weight (1e-6 of a vote).
        The argmax is :meth:`predict`, ties included: on a tie that ``predict`` breaks at random
        (tied votes with ``vote_random``, tied votes and probability sums with ``vote_probtie``),
        the class it picks gets 1e-9 above the others.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The class shares, columns in ``classes_`` order; rows sum to one.
        """
        return super().predict_proba(X)
