"""Multi-call discrete AdaBoost with thresholds on ``|x|`` (Allwein, Schapire & Singer 2000, §6 Figure 3;
spec allwein2000 §4.5 (a), A6, A6b).

Both estimators are binary and follow scikit-learn's convention: a positive decision means
``classes_[1]``. As the column learner of an output code, ``classes_[1]`` is super group one (+1).
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import type_of_target

from .._ensemble import checked_X, encode_targets
from .._sklearn import HasMethods, Interval, StrOptions, _check_sample_weight, _fit_context
from ..output_codes._stump_search import _midpoints
from ..output_codes.adaboost_mo import TIE_RTOL
from .boosting import BoostingEngine

__all__ = ["AbsThresholdStump", "DiscreteAdaBoostClassifier"]


def _binary_only(estimator, y):
    if estimator.classes_.size > 2:
        raise ValueError(
            "Only binary classification is supported. The type of the target is "
            f"{type_of_target(y, input_name='y')}."
        )


def _binary_tags(tags, poor_score=True):
    tags.classifier_tags.multi_class = False
    # Thresholds on |x_0| alone cannot reach scikit-learn's 0.83 training accuracy on its blobs.
    tags.classifier_tags.poor_score = poor_score
    return tags


class AbsThresholdStump(ClassifierMixin, BaseEstimator):
    r"""Threshold on the absolute value of the first feature: :math:`h(x) = +1` if :math:`|x_0| < t`,
    else :math:`-1`.

    Candidates t are 0 (always −1), the midpoints between consecutive distinct :math:`|x_i|` of the
    points of positive weight, and +inf (always +1), so the weighted error is at most ½. The smallest
    weighted error wins; ties (within ``TIE_RTOL``) go to the smallest t. ``polarity="both"`` also
    offers −h; at equal t the unnegated hypothesis comes first. Points of zero weight create no
    candidates, so a zero weight is the same as leaving the point out.

    Parameters
    ----------
    polarity : {"single", "both"}, default="single"
        One polarity, as the paper's text says (A6b), or both.

    Attributes
    ----------
    threshold_ : float
    polarity_ : int
        +1, or −1 for the negated hypothesis.
    error_ : float
        Weighted training error, the weights normalised to sum 1.
    classes_ : ndarray of shape (2,)
        h = +1 predicts ``classes_[1]``.
    n_features_in_ : int

    See Also
    --------
    mavl.ensemble.threshold_boosting.DiscreteAdaBoostClassifier : Discrete AdaBoost, on these stumps by
        default.
    """

    _parameter_constraints = {"polarity": [StrOptions({"single", "both"})]}

    def __init__(self, polarity="single"):
        self.polarity = polarity

    def __sklearn_tags__(self):
        return _binary_tags(super().__sklearn_tags__())

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Pick the threshold of smallest weighted error.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples; only the first feature is read.
        y : array-like of shape (n_samples,)
            The class labels, of exactly two classes.
        sample_weight : array-like of shape (n_samples,) or None, default=None
            Non-negative weights with a positive sum; ``None`` weighs every sample the same.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y_encoded = encode_targets(self, X, y, two_classes=False)
        _binary_only(self, self.classes_)
        if self.classes_.size < 2:
            raise ValueError("AbsThresholdStump needs samples of 2 classes; got one class.")
        w = _check_sample_weight(sample_weight, X, ensure_non_negative=True)
        if not w.sum() > 0:
            raise ValueError("sample_weight must have a positive sum.")
        kept = w > 0
        a, w, positive = np.abs(X[kept, 0]), w[kept] / w[kept].sum(), y_encoded[kept] == 1
        values, inverse = np.unique(a, return_inverse=True)
        w_pos = np.bincount(inverse, weights=w * positive, minlength=values.size)
        w_neg = np.bincount(inverse, weights=w * ~positive, minlength=values.size)
        # Candidate q = 0, …, n: t = 0, the n − 1 midpoints, +inf. The first q values are inside
        # (+1): the error is the negative weight inside plus the positive weight outside.
        inside_neg = np.concatenate([[0.0], np.cumsum(w_neg)])
        inside_pos = np.concatenate([[0.0], np.cumsum(w_pos)])
        errors = inside_neg + (inside_pos[-1] - inside_pos)
        thresholds = np.concatenate([[0.0], _midpoints(values[:-1], values[1:]), [np.inf]])
        polarities = np.ones(errors.size, dtype=int)
        if self.polarity == "both":
            errors = np.column_stack([errors, 1.0 - errors]).ravel()
            thresholds, polarities = np.repeat(thresholds, 2), np.tile([1, -1], thresholds.size)
        best = int(np.argmax(errors <= errors.min() + TIE_RTOL))
        self.threshold_, self.polarity_ = float(thresholds[best]), int(polarities[best])
        self.error_ = float(errors[best])
        return self

    def decision_function(self, X):
        r"""The hypothesis :math:`h(x) \in \{-1, +1\}`: ``polarity_`` times +1 where
        :math:`|x_0| <` ``threshold_``, else times −1.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        h : ndarray of shape (n_samples,)
            +1 (``classes_[1]``) or −1 (``classes_[0]``) for each sample.
        """
        X = checked_X(self, X)
        return self.polarity_ * np.where(np.abs(X[:, 0]) < self.threshold_, 1.0, -1.0)

    def predict(self, X):
        """The class of each row of ``X``: ``classes_[1]`` where :meth:`decision_function` is +1.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        decision = self.decision_function(X)
        return self.classes_[(decision > 0).astype(np.intp)]

    def predict_proba(self, X):
        """Hard probabilities (0 or 1), so that :class:`~mavl.ensemble.boosting.BoostingEngine` can
        read votes.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, 2)
            1 in the column of the predicted class, in ``classes_`` order, 0 in the other.
        """
        positive = self.decision_function(X) > 0
        return np.column_stack([~positive, positive]).astype(np.float64)


class DiscreteAdaBoostClassifier(BoostingEngine):
    r"""Binary discrete AdaBoost with the smoothed weight
    :math:`\alpha_t = \frac{1}{2} \ln((1 - \varepsilon_t + e_0)/(\varepsilon_t + e_0))`,
    :math:`e_0 = 1/(2m)` (spec §4.5 (a), A6); every round is kept, and
    :math:`f(x) = \sum_t \alpha_t h_t(x)`.

    Runs on :class:`~mavl.ensemble.boosting.BoostingEngine`'s loop: ``_boost`` is one round, the
    engine's vote of a member is :math:`\alpha_t`, so ``decision_function`` is f(x). ``predict`` is
    sign f, with f = 0 going to ``classes_[0]``.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Weak learner with ``sample_weight`` in ``fit`` and ``predict_proba``; ``None`` means
        :class:`AbsThresholdStump` (one polarity).
    n_estimators : int, default=10
        Rounds T.
    random_state : int, RandomState instance or None, default=None
        Seeds the members that take a ``random_state``.

    Attributes
    ----------
    estimator_ : estimator
        The weak learner every member is cloned from (``estimator``, or the default).
    estimators_ : list of fitted weak learners
    estimator_weights_ : ndarray of shape (n_estimators,)
        :math:`\alpha_t`.
    estimator_errors_ : ndarray of shape (n_estimators,)
        :math:`\varepsilon_t`.
    sample_weights_ : ndarray of shape (n_estimators, n_samples)
        :math:`D_t`, the distribution member t was fitted under.
    train_misses_ : ndarray of bool, same shape
    classes_ : ndarray of shape (2,)
    n_features_in_ : int

    See Also
    --------
    mavl.ensemble.threshold_boosting.AbsThresholdStump : Its default weak learner.
    mavl.AdaBoostM1Classifier : AdaBoost.M1 for any number of classes.
    mavl.AdaBoostMOClassifier : AdaBoost.MO, one run over the columns of an output code.
    mavl.ECOCClassifier : An output code whose column learner can be this one.
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict_proba"]), None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, *, n_estimators=10, random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.random_state = random_state

    def __sklearn_tags__(self):
        learner = self._default_estimator() if self.estimator is None else self.estimator
        return _binary_tags(super().__sklearn_tags__(), isinstance(learner, AbsThresholdStump))

    def _default_estimator(self):
        return AbsThresholdStump()

    def fit(self, X, y):
        r"""Run ``n_estimators`` rounds from :math:`D_1 = 1/m`.

        (:math:`e_0 = 1/(2m)` counts rows, so weighted and repeated rows would differ; this estimator
        takes no ``sample_weight``.)

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels, of exactly two classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        return super().fit(X, y)

    def _start(self, n_samples, w0):
        _binary_only(self, self.classes_)
        self._e0 = 1.0 / (2 * n_samples)

    def _boost(self, iboost, X, y, w, seed):
        """One round: fit h_t under D_t, then α_t and D_{t+1}(i) ∝ D_t(i) exp(−α_t y_i h_t(x_i))."""
        member, miss, _ = self._fit_member(X, y, w, seed)
        epsilon = float(np.sum(w[miss]))
        alpha = 0.5 * np.log((1.0 - epsilon + self._e0) / (epsilon + self._e0))
        w = w * np.where(miss, np.exp(alpha), np.exp(-alpha))
        return member, float(alpha), epsilon, miss, w / w.sum()

    def _combine(self, running, keys):
        # sign f with f = 0 to classes_[0], the same rule as decision_function > 0.
        return (running[:, 1] > running[:, 0]).astype(np.intp)
