"""The boosting engine, and the AdaBoost.M1 family of James (1998) §2.5.2 and §2.6 (spec james-ch2
§4.9).

One loop, :meth:`BoostingEngine.fit`, serves AdaBoost.M1 and every arcing algorithm of
:mod:`mavl.ensemble.arcing`: a round's work is the ``_boost`` step, so a variant overrides that one method
(and ``_start`` for its running state). The engine records the weights each member was fitted
under and the member's misses on the training points, so the edges of the ensemble after every
step can be read without refitting.
"""

import logging
import numbers
import warnings
from abc import ABCMeta, abstractmethod
from collections import deque

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import has_fit_parameter

from .._ensemble import (
    PrefixMixin,
    VoteProbaMixin,
    checked_X,
    encode_targets,
    member_input,
    member_predictions,
    seeded_clone,
    two_class_decision,
)
from .._sklearn import HasMethods, Interval, StrOptions, _check_sample_weight, _fit_context
from ..random import draw_seeds
from ..trees import STreeClassifier

__all__ = ["AdaBoostM1Classifier", "BoostingEngine", "EarlyStopWarning"]

log = logging.getLogger(__name__)


def refit_seed(seed, attempt):
    """The seed of refit number ``attempt`` (1, 2, ...) of the round seeded ``seed``."""
    return int(np.random.SeedSequence([seed, attempt]).generate_state(1)[0])


class EarlyStopWarning(UserWarning):
    """A boosting or arcing run stopped before ``n_estimators`` rounds, so the later rounds repeat
    the last member with vote 0. Arcing says why (:mod:`mavl.ensemble.arcing`); AdaBoost.M1 stops
    only when its options ask to (``zero_error="stop"``, ``bad_round="stop"`` or ``"retry"``). A
    UserWarning, so test and workflow runs never fail on it; filter this class to silence
    it alone."""


class BoostingEngine(PrefixMixin, ClassifierMixin, BaseEstimator, metaclass=ABCMeta):
    r"""The loop every boosting and arcing algorithm of the package shares (not used directly).

    A subclass sets ``estimator``, ``n_estimators`` and ``random_state`` in its ``__init__`` and
    implements ``_boost(iboost, X, y, w, seed) -> (member, vote, epsilon, miss, w_next)``; it may
    override ``_start`` (running state before round 1), ``_check_options`` and
    ``_default_estimator``. Round t's randomness depends only on (random_state, t).

    Fitted attributes common to every subclass: ``estimators_`` (one per round attempted; a
    round after a stop repeats the last member with vote 0), ``estimator_weights_`` (votes),
    ``estimator_errors_`` (weighted error :math:`\varepsilon_t`; NaN after a stop), ``sample_weights_``
    (shape (n_estimators, n_samples): the distribution each member was fitted under; 0 after a stop),
    ``train_misses_`` (bool, same shape: the member's misses on the training points),
    ``stopped_at_`` (1-based round that froze the ensemble, or None), ``estimator_`` (the base
    learner the members are cloned from), ``classes_``, ``n_features_in_``.

    See Also
    --------
    mavl.AdaBoostM1Classifier : AdaBoost.M1 on this loop.
    mavl.ArcFsClassifier, mavl.ArcX4Classifier, mavl.ArcU1Classifier, mavl.ArcU2Classifier : Breiman's
        arcing algorithms on this loop.
    mavl.NormalizedArcingClassifier, mavl.UnnormalizedArcingClassifier : The two arcing frameworks.
    mavl.ensemble.threshold_boosting.DiscreteAdaBoostClassifier : Two-class discrete AdaBoost on this
        loop.
    """

    #: Members are fitted on the weighted rows; a subclass with a ``weighting`` parameter may resample.
    weighting = "weights"
    #: Frames a subclass's own ``fit`` adds between its caller and this class's ``fit``: the early
    #: stop's warning skips them, so that it points at the caller's line.
    _fit_wrappers = 0

    def _default_estimator(self):
        return STreeClassifier()

    def _freeze(self, iboost, why=None):
        """Stop the run after round ``iboost`` (0-based); with a reason ``why``, warn if rounds remain."""
        self.stopped_at_ = iboost + 1
        if why is not None and self.stopped_at_ < self.n_estimators:
            # stacklevel 5 skips this method, _boost, fit and _fit_context (and a subclass's fit
            # that wraps this one): the warning points at the caller of fit.
            warnings.warn(f"{type(self).__name__} stopped at round {self.stopped_at_} of "
                          f"{self.n_estimators}: {why}. Later rounds add nothing.", EarlyStopWarning,
                          stacklevel=5 + self._fit_wrappers)

    def _check_options(self):
        """Cross-parameter checks that the constraints cannot express."""

    def _start(self, n_samples, w0):
        """Set up the running state of a fit (called once, before round 1)."""

    @abstractmethod
    def _boost(self, iboost, X, y, w, seed):
        """One round: ``(member, vote, epsilon, miss, w_next)``."""

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Run ``n_estimators`` rounds from the starting distribution ``sample_weight``.

        Round t's randomness depends only on (random_state, t).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels, of at least two classes.
        sample_weight : array-like of shape (n_samples,) or None, default=None
            The starting distribution: non-negative weights with a positive sum, normalised to sum
            to one; ``None`` is uniform, 1/n each. Refused with ``weighting="resample"`` (weighted
            rows would not mean repeated rows).

        Returns
        -------
        self : object
            The fitted estimator.
        """
        self._check_options()
        X, y_encoded = encode_targets(self, X, y)
        n = X.shape[0]
        if sample_weight is None:
            w = np.full(n, 1.0 / n)
        elif self.weighting == "resample":
            # A row of weight 2 is then drawn with twice the chance of another, which is not the
            # same as the row twice in X (the draws differ), so the weight would not mean what a
            # user's weights mean in scikit-learn (AdaBoost.M1 refuses them for the same reason).
            raise ValueError("sample_weight is not supported with weighting='resample': weighted rows "
                             "are then not equivalent to repeated rows. Use weighting='weights', or "
                             "repeat the rows.")
        else:
            sample_weight = _check_sample_weight(sample_weight, X, ensure_non_negative=True)
            if not sample_weight.sum() > 0:
                raise ValueError("sample_weight must have a positive sum.")
            w = sample_weight / sample_weight.sum()
        self._w0 = w
        self._tie_seed, round_seed = draw_seeds(self.random_state, 2)
        self.estimator_ = self._default_estimator() if self.estimator is None else self.estimator
        if self.weighting == "weights" and not has_fit_parameter(self.estimator_, "sample_weight"):
            # Said here, as scikit-learn's AdaBoost does, rather than by the first member's fit.
            hint = " Use weighting='resample'." if "weighting" in self.get_params() else ""
            raise ValueError(f"{type(self.estimator_).__name__} doesn't support sample_weight.{hint}")
        self.estimators_ = []
        self.estimator_weights_ = np.zeros(self.n_estimators)
        self.estimator_errors_ = np.full(self.n_estimators, np.nan)
        self.sample_weights_ = np.zeros((self.n_estimators, n))
        self.train_misses_ = np.zeros((self.n_estimators, n), dtype=bool)
        self.stopped_at_ = None
        self._start(n, w)
        # The members' view of X (float32 once, for trees), kept for the fit only.
        X, self._member_options = member_input(self.estimator_, X)
        for t, seed in enumerate(draw_seeds(int(round_seed), self.n_estimators)):
            if self.stopped_at_ is not None:
                # Frozen: the round counts towards B but fits nothing; its slot repeats the last
                # member with weight 0 and error NaN.
                self.estimators_.append(self.estimators_[-1])
                continue
            self.sample_weights_[t] = w
            member, weight, epsilon, miss, w = self._boost(t, X, y_encoded, w, int(seed))
            self.estimators_.append(member)
            self.estimator_weights_[t] = weight
            self.estimator_errors_[t] = epsilon
            self.train_misses_[t] = miss
        del self._member_options
        nonpositive = int(np.sum(self.estimator_weights_.cumsum() <= 0))
        if nonpositive:
            log.warning(
                "the running sum of boosting vote weights is not positive for %d of %d prefixes",
                nonpositive, self.n_estimators,
            )
        return self

    def _fit_member(self, X, y, w, seed, resample=False):
        """Fit a member under weights ``w``: on the rows themselves with ``sample_weight = n·w``, or
        (``resample``) on n rows drawn from ``w``. Returns the member, its misses on X and the rows
        drawn (None without resampling)."""
        n = X.shape[0]
        member = seeded_clone(self.estimator_, seed)
        rows = None
        options = self._member_options
        if resample:
            rows = np.random.default_rng(seed).choice(n, size=n, p=w)
            member.fit(X[rows], y[rows], **options)
        else:
            member.fit(X, y, sample_weight=n * w, **options)
        miss = member_predictions(member, X, self.classes_.size, **options) != y
        return member, miss, rows

    def staged_edges(self, X, y):
        """Edge of every point after each round: the vote share of the members that misclassify it
        (Breiman 1997, §1).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The points.
        y : array-like of shape (n_samples,)
            Their labels, each one of ``classes_`` (a ValueError otherwise).

        Yields
        ------
        edges : ndarray of shape (n_samples,)
            After round b = 1, ..., ``n_estimators``: the share of the vote of the first b members
            cast by those that misclassify each point; 0 before any vote is cast.
        """
        X = checked_X(self, X)
        y_index = np.searchsorted(self.classes_, np.asarray(y))
        if not np.array_equal(self.classes_[np.clip(y_index, 0, self.classes_.size - 1)], y):
            raise ValueError("y holds labels that are not among the estimator's classes_.")
        wrong, total = np.zeros(X.shape[0]), 0.0
        X, options = member_input(self.estimator_, X)
        for member, weight in zip(self.estimators_, self.estimator_weights_, strict=True):
            if weight != 0.0:
                wrong = wrong + weight * (member_predictions(member, X, self.classes_.size, **options)
                                          != y_index)
                total += weight
            yield wrong / total if total > 0 else np.zeros(X.shape[0])

    def _member_scores(self, X):
        k = self.classes_.size
        X, options = member_input(self.estimator_, X)
        for member, weight in zip(self.estimators_, self.estimator_weights_, strict=True):
            scores = np.zeros((X.shape[0], k))
            if weight != 0.0:
                scores[np.arange(X.shape[0]), member_predictions(member, X, k, **options)] = weight
            yield scores

    def _vote_shares(self, running, n_members):
        """Weighted vote shares (``predict_proba`` of the subclasses that offer it). A member with a
        negative vote a < 0 counts as |a| for each class it does not predict, which moves every class
        by |a| (the argmax stays) and keeps the shares ≥ 0; before any vote, 1/k each."""
        against = -np.minimum(self.estimator_weights_[:n_members], 0.0).sum()
        shares = running + against
        total = shares.sum(axis=1, keepdims=True)
        return np.divide(shares, total, out=np.full_like(shares, 1.0 / shares.shape[1]), where=total > 0)

    def staged_votes(self, X):
        r"""Weighted votes :math:`\sum_{t \le b} a_t 1[C_t(x) = i]` after each round b, for every number
        of classes (two included).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        votes : ndarray of shape (n_samples, n_classes)
            After round b = 1, ..., ``n_estimators``: column i is the weighted vote of the first b
            members for ``classes_[i]``.
        """
        X = checked_X(self, X)
        running = np.zeros((X.shape[0], self.classes_.size))
        for scores in self._member_scores(X):
            running = running + scores
            yield running

    def staged_decision_function(self, X):
        """:meth:`decision_function` after each round: the weighted votes.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        decision : ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            After round b = 1, ..., ``n_estimators``: the weighted votes of the first b members, columns
            in ``classes_`` order; with two classes, as scikit-learn expects, the second class's
            votes minus the first's.
        """
        for votes in self.staged_votes(X):
            yield two_class_decision(votes)

    def decision_function(self, X):
        """Weighted votes of all rounds.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        decision : ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            The weighted vote for each class, columns in ``classes_`` order; with two classes, as
            scikit-learn expects, the second class's vote minus the first's.
        """
        return two_class_decision(deque(self.staged_votes(X), maxlen=1)[0])


class AdaBoostM1Classifier(VoteProbaMixin, BoostingEngine):
    r"""AdaBoost.M1 with the thesis's weighting, error and bad-round variants.

    ``predict`` takes the class of largest weighted vote :math:`\sum_t a_t 1[C_t(x) = i]`, ties
    (within a relative 1e-10) broken at random, seeded per point. ``predict_proba`` is the weighted
    vote share, that vote over :math:`\sum_t a_t`; a round with :math:`a_t < 0` counts :math:`|a_t|`
    for each class it does not predict (the same argmax, and no negative share); before any vote,
    1/k each. Its argmax is ``predict``: on a tie, the class ``predict`` picks gets 1e-9 more.
    ``staged_predict_proba`` gives the shares after each round.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner; ``None`` means :class:`~mavl.trees.STreeClassifier`. Deterministic weighting
        needs ``sample_weight`` in its ``fit``.
    n_estimators : int, default=50
        Rounds attempted, :math:`B_{\max}`.
    weighting : {"resample", "weights"}, default="resample"
        Random weighting (fit on n rows drawn from the weights) or deterministic weighting (fit
        all rows with ``sample_weight = n * w``).
    error : {"standard", "adapted"}, default="standard"
        :math:`\varepsilon_t` as the weighted error on the training points, or (adapted, resampling
        only) the plain error on the round's resampled rows. Only :math:`\varepsilon_t` changes; the
        weight update always uses the misclassified original points.
    bad_round : {"literal", "stop", "reset", "skip", "retry"}, default="literal"
        What a round with :math:`\varepsilon_t \ge 1/2` does (AMB-15): follow the formulas
        (:math:`a_t \le 0`); freeze the ensemble; discard the member and reset the weights to the
        starting distribution (1/n, or ``sample_weight``); discard it and keep the weights; or
        discard it and refit on a fresh resample, up to 100 times, before freezing (Zaki & Meira
        Algorithm 22.6).
    eps_floor : float, default=0.5
        :math:`\varepsilon_t = 0` is replaced by ``eps_floor / n`` (AMB-16).
    zero_error : {"floor", "stop"}, default="floor"
        After a round with :math:`\varepsilon_t = 0` (weighted by the floored :math:`\varepsilon`),
        go on, or freeze the ensemble as Zaki & Meira's Algorithm 22.6 does.
    random_state : int, RandomState instance or None, default=None
        Seeds the resamples, the members and the tie-breaking keys: round t's randomness depends
        only on (random_state, t).

    Attributes
    ----------
    estimator_ : estimator
        The base learner every member is cloned from (``estimator``, or the default).
    estimators_ : list
        One member per round attempted, so the first B entries are the B-round ensemble. A
        discarded round keeps its member with weight 0; a round after a stop repeats the last
        member with weight 0 (no tree is fitted).
    estimator_weights_ : ndarray of shape (n_estimators,)
        :math:`a_t = \log(1/\beta_t)` (0 for discarded or frozen rounds).
    estimator_errors_ : ndarray of shape (n_estimators,)
        :math:`\varepsilon_t` before the zero floor; NaN for rounds after a stop.
    n_bad_rounds_ : int
        Rounds with :math:`\varepsilon_t \ge 1/2`.
    n_eps_floored_ : int
        Rounds where :math:`\varepsilon_t = 0` was floored.
    stopped_at_ : int or None
        The round that froze the ensemble (1-based): ``bad_round="stop"`` (or ``"retry"`` out of
        retries), or ``zero_error="stop"``.
    sample_weights_ : ndarray of shape (n_estimators, n_samples)
        The weights :math:`w_t` each member was fitted under (0 after a stop).
    train_misses_ : ndarray of bool, same shape
        Each member's misses on the training points.
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int

    See Also
    --------
    mavl.ArcFsClassifier : AdaBoost in Breiman's arcing framework; with ``weighting="weights"``
        the same run.
    mavl.ArcX4Classifier, mavl.ArcU2Classifier : Other arcing algorithms on the same loop.
    mavl.AdaBoostMOClassifier : AdaBoost.MO, one boosting run over the columns of an output code.
    mavl.VoteBaggingClassifier : Bagging by majority vote, the other ensemble of James (1998) §2.5.

    References
    ----------
    Freund, Y. and Schapire, R. E. (1997). A decision-theoretic generalization of on-line learning
    and an application to boosting. JCSS 55, 119–139. James (1998), §2.5.2, §2.6.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import AdaBoostM1Classifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = AdaBoostM1Classifier(n_estimators=10, random_state=0).fit(X, y)
    >>> clf.predict(X[[0, 70, 100]])
    array([0, 1, 2])
    >>> clf.predict_proba(X[[0, 70, 100]]).round(2)         # weighted vote shares
    array([[0.81, 0.19, 0.  ],
           [0.  , 0.71, 0.29],
           [0.  , 0.19, 0.81]])
    >>> [round(float(p[1, 1]), 2) for p in clf.staged_predict_proba(X[[0, 70]])][:3]
    [0.0, 0.54, 0.68]
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict_proba"]), None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "weighting": [StrOptions({"resample", "weights"})],
        "error": [StrOptions({"standard", "adapted"})],
        "bad_round": [StrOptions({"literal", "stop", "reset", "skip", "retry"})],
        "zero_error": [StrOptions({"floor", "stop"})],
        "eps_floor": [Interval(numbers.Real, 0, 1, closed="right")],
        "random_state": ["random_state"],
    }

    #: Refits allowed per round with bad_round="retry".
    max_retries = 100

    def __init__(self, estimator=None, *, n_estimators=50, weighting="resample",
                 error="standard", bad_round="literal", eps_floor=0.5, zero_error="floor",
                 random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.error = error
        self.bad_round = bad_round
        self.eps_floor = eps_floor
        self.zero_error = zero_error
        self.random_state = random_state

    def fit(self, X, y):
        """Run ``n_estimators`` rounds from uniform weights.

        Round t's randomness depends only on (random_state, t). (Resampling makes weighted and
        repeated rows differ, so this estimator takes no ``sample_weight``.)

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
        return super().fit(X, y)

    _fit_wrappers = 1                                   # the fit above

    def _check_options(self):
        if self.error == "adapted" and self.weighting != "resample":
            raise ValueError(
                f"error='adapted' needs weighting='resample'; got weighting={self.weighting!r}."
            )

    def _start(self, n_samples, w0):
        self.n_bad_rounds_ = self.n_eps_floored_ = 0

    def _boost(self, iboost, X, y, w, seed):
        """One AdaBoost.M1 round (spec §4.9 steps 1–4 and the edge cases).

        Parameters
        ----------
        iboost : int
            Round index t - 1 (0-based).
        X, y : ndarray
            Training data, ``y`` encoded as 0..k-1.
        w : ndarray of shape (n_samples,)
            Current weights w_t, summing to 1.
        seed : int
            The round's seed, drawn up front: it seeds the resample and the member.

        Returns
        -------
        member : fitted estimator
            Kept even when the round is discarded; its vote weight is then 0.
        weight : float
            Vote weight a_t = log(1/β_t).
        epsilon : float
            ε_t as measured (before the zero floor).
        miss : ndarray of bool
            The member's misses on the training points.
        w : ndarray
            Weights w_{t+1}.
        """
        n = X.shape[0]
        member, epsilon, miss = self._fit_round(X, y, w, seed)
        retries = 0
        while epsilon >= 0.5 and self.bad_round == "retry" and retries < self.max_retries:
            # Discarded without using up the round; the refit's seed depends on (seed, attempt).
            self.n_bad_rounds_ += 1
            retries += 1
            member, epsilon, miss = self._fit_round(X, y, w, refit_seed(seed, retries))
        if epsilon >= 0.5:
            self.n_bad_rounds_ += 1
            if self.bad_round in ("stop", "retry"):
                tried = f" after {retries} refits" if self.bad_round == "retry" else ""
                self._freeze(iboost, f"ε = {epsilon:.4g} ≥ 1/2{tried} (bad_round={self.bad_round!r})")
                # A first round that stops keeps its tree, so the ensemble can still predict.
                return member, 1.0 if iboost == 0 else 0.0, epsilon, miss, w
            if self.bad_round == "reset":
                return member, 0.0, epsilon, miss, self._w0
            if self.bad_round == "skip":
                return member, 0.0, epsilon, miss, w
        floored = epsilon
        if epsilon == 0.0:
            floored = self.eps_floor / n
            self.n_eps_floored_ += 1
        beta = floored / (1.0 - floored)
        if epsilon == 0.0 and self.zero_error == "stop":
            self._freeze(iboost, "ε = 0, the member misclassifies no training point (zero_error='stop'; "
                                 "'floor' goes on with ε floored at eps_floor / n)")
        w = w * np.where(miss, 1.0, beta)
        return member, float(np.log(1.0 / beta)), epsilon, miss, w / w.sum()

    def _fit_round(self, X, y, w, seed):
        """Fit a member under weights ``w``; return it, ε_t and its misses on the original X."""
        member, miss, rows = self._fit_member(X, y, w, seed, resample=self.weighting == "resample")
        if self.error == "adapted":
            # The member's error on its own resample, duplicates counted (spec §4.9 step 2).
            epsilon = float(np.mean(miss[rows]))
        else:
            epsilon = float(np.sum(w[miss]))
        return member, epsilon, miss
