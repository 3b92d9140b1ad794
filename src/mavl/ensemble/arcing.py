"""Arcing: Breiman's edge view of boosting (Breiman 1997, "Arcing the Edge"; spec breiman1997 §1-2).

An ensemble votes with weights c_m ≥ 0. The *edge* of a training point is the share of the vote
cast by members that misclassify it, and top(c) is the largest edge on the training set. Every
algorithm here is a round of :class:`mavl.ensemble.boosting.BoostingEngine` (the loop AdaBoost.M1 runs
too) that reweights the points by a function of their running edge:

* :class:`UnnormalizedArcingClassifier` minimises E f((b, i) − φ|b|) (§5; ``loss="exp"`` is arc-ex);
  :class:`ArcFsClassifier` is its φ = 1/2, f = exp case, AdaBoost (§5.3).
* :class:`NormalizedArcingClassifier` minimises E f((c, i)) with f(x) = x^p (§6);
  :class:`ArcX4Classifier` is Breiman's arc-x4 (weights 1 + m(n)^4).
* :class:`ArcU1Classifier` and :class:`ArcU2Classifier` drive top(c) down to the bottom edge φ*
  without knowing it (§7, with §8's floor for arc-u2).

Members are fitted on the weighted points (``sample_weight = n·Q``, the report's §8) or, with
``weighting="resample"``, on n points drawn from Q, as Breiman's arc-x4 was. The edges after every
step, top(c) and the bottom edge φ* are in :mod:`mavl.ensemble.edges`.

When a run stops early (it then says so with :class:`~mavl.ensemble.boosting.EarlyStopWarning`):

* a member misses no training point while members are fitted on the weighted points
  (``weighting="weights"``): the weights would not change, so the same member would come back in
  every later round. With ``zero_error="stop"`` (spec R2) it is kept, its vote computed with ε
  clipped to 1e-10, and the run stops; with ``zero_error="reset"`` (the convention of Breiman's
  arcing papers, spec decision 5) it is dropped, the weights restart from the starting distribution
  and the round is refitted, and the run stops only if the member fitted on the starting
  distribution itself misses nothing. With ``zero_error="floor"`` (spec decision 7: all steps always
  taken) the run never stops for it: the member is kept with the vote of ε floored at half the
  lightest starting weight (1/(2N) from uniform weights), and since the weights do not change, the
  later rounds refit it (or a tree as good) with the same capped vote. Under
  ``weighting="resample"`` a member that misses nothing never stops the run: the next round draws
  other points. ("stop" keeps it with its clipped vote; "reset" drops it and restarts the weights.)
* ε reaches the algorithm's limit: φ for unnormalized arcing (AdaBoost after ``max_resets``
  restarts in a row), the Q-weighted mean edge for normalized arcing.

``predict`` takes the largest weighted vote, ties to the lowest class (R11); ``predict_proba`` gives
the weighted vote shares (their argmax is ``predict``), ``staged_predict_proba`` them after each step.
"""

import numbers

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import expit, log_softmax
from sklearn.tree import DecisionTreeClassifier

from .._ensemble import VoteProbaMixin
from .._sklearn import HasMethods, Interval, StrOptions
from .boosting import BoostingEngine, refit_seed

__all__ = [
    "ArcFsClassifier",
    "ArcU1Classifier",
    "ArcU2Classifier",
    "ArcX4Classifier",
    "NormalizedArcingClassifier",
    "UnnormalizedArcingClassifier",
]

#: f and f′ of the unnormalized framework: f → ∞ at ∞, f → 0 at −∞, f′ > 0, f″ > 0 (§5.1).
LOSSES = {
    "exp": (np.exp, np.exp),
    "softplus": (lambda x: np.logaddexp(0.0, x), expit),
}

#: ε is clipped to [EPS, 1 − EPS] in the vote formulas (spec R2).
EPS = 1e-10


def _log_odds(p):
    p = min(max(p, EPS), 1.0 - EPS)
    return float(np.log((1.0 - p) / p))


class _Arcing(VoteProbaMixin, BoostingEngine):
    """What the arcing algorithms share: the members' fits, the running edge sums and the stops.

    A subclass gives ``_weights()`` (the next round's distribution from the running state) and
    ``_vote(iboost, epsilon, miss)`` (the member's vote), and may give ``_limit(iboost)``.
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict_proba"]), None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "weighting": [StrOptions({"weights", "resample"})],
        "zero_error": [StrOptions({"stop", "reset", "floor"})],
        "random_state": ["random_state"],
    }

    def _default_estimator(self):
        # Depth 3 keeps ε below 1/2 on most problems without fitting the training set at once.
        return DecisionTreeClassifier(max_depth=3)

    def _start(self, n_samples, w0):
        with np.errstate(divide="ignore"):
            self._log_w0 = np.log(w0)               # −inf for points of weight 0: never drawn
        self._positive = w0 > 0
        self._edge_sum = np.zeros(n_samples)        # E_n = Σ_m b_m i(x_n, e_m)
        self._vote_sum = 0.0                        # |b|
        # E and |b| at the last restart of the weights: the weights are a function of what came after.
        self._offset = np.zeros(n_samples)
        self._vote_offset = 0.0
        self._fresh = True                          # no vote since the start or the last restart
        self._floor = 0.5 * float(w0[self._positive].min())     # zero_error="floor"'s ε
        self.n_zero_error_ = 0
        self.n_resets_ = 0

    def _restart(self):
        """Restart the weights from the starting distribution (the votes cast so far stay)."""
        self.n_resets_ += 1
        self._offset = self._edge_sum.copy()
        self._vote_offset = self._vote_sum
        self._fresh = True
        return self._w0

    def _since_restart(self):
        """E_n and |b| counted from the last restart: what the weights are a function of."""
        return self._edge_sum - self._offset, self._vote_sum - self._vote_offset

    def _combine(self, running, keys):
        # Ties in the vote go to the lowest class index (R11), as argmax of decision_function does.
        return running.argmax(axis=1)

    def _softmax(self, log_q):
        return np.exp(log_softmax(self._log_w0 + log_q))

    def _top(self):
        """top(c) of the current ensemble on the points of positive weight (1 before any vote)."""
        if self._vote_sum <= 0:
            return 1.0
        return float(self._edge_sum[self._positive].max() / self._vote_sum)

    def _fit_step(self, X, y, w, seed):
        """Fit the round's member: ``(member, miss, epsilon, w)``, ``w`` the weights it saw."""
        member, miss, _ = self._fit_member(X, y, w, seed, resample=self.weighting == "resample")
        return member, miss, float(np.sum(w[miss])), w

    def _limit(self, iboost):
        """``(name, value)``: the run stops when ε reaches ``value``; None for no such rule."""
        return None

    def _boost(self, iboost, X, y, w, seed):
        member, miss, epsilon, w = self._fit_step(X, y, w, seed)
        perfect = not miss[self._positive].any()
        if perfect and self.zero_error == "reset" and not self._fresh:
            # Breiman's convention: drop the member, restart the weights and refit the round.
            w = self._restart()
            member, miss, epsilon, w = self._fit_step(X, y, w, refit_seed(seed, 1))
            perfect = not miss[self._positive].any()
        self.sample_weights_[iboost] = w                # what the kept member was fitted under
        limit = self._limit(iboost)
        # A resampled member that misses nothing does not stop the run (the next round draws other
        # points), even where it meets the limit: normalized arcing's limit is 0 while no point has
        # been missed yet, and ε = 0 then reaches it.
        resampled_perfect = perfect and self.weighting == "resample"
        if limit is not None and epsilon >= limit[1] and not resampled_perfect:
            # The framework's stop rule: no positive step helps. A first member still predicts.
            self._freeze(iboost, f"ε = {epsilon:.4g} ≥ {limit[0]} = {limit[1]:.4g}, no vote helps")
            return member, 1.0 if iboost == 0 else 0.0, epsilon, miss, w
        capped = perfect and self.zero_error == "floor"
        # "floor": the vote of a member with no miss is capped at that of a member missing half the
        # lightest starting point (ε floored at min w0 / 2, AdaBoostM1Classifier's eps_floor / n from
        # uniform weights), and the run goes on, so every one of n_estimators steps is taken.
        vote = self._vote(iboost, max(epsilon, self._floor) if capped else epsilon, miss)
        if epsilon == 0.0:
            self.n_zero_error_ += 1
        if perfect and self.weighting == "weights" and not capped:
            # A member with no miss leaves every weight as it was, so on the same weighted points it
            # would come back forever: keep it (its vote uses ε clipped to 1e-10) and stop (R2). A
            # resampled member is not stopped for it: the next round draws other points.
            if self.zero_error == "reset":
                why = ("ε = 0 on the starting weights (the member fitted after restarting the weights "
                       "misclassifies no training point, so every later round would refit it)")
            else:
                why = ("ε = 0, the member misclassifies no training point and would be refitted in every "
                       "later round (zero_error='stop'; 'reset' drops it and restarts the weights, "
                       "'floor' keeps it with a capped vote and goes on, weighting='resample' draws "
                       "other points)")
            self._freeze(iboost, why)
        self._edge_sum = self._edge_sum + vote * miss
        self._vote_sum += vote
        self._fresh = False
        return member, vote, epsilon, miss, self._weights()



class UnnormalizedArcingClassifier(_Arcing):
    r"""Unnormalized arcing (Breiman 1997, §5.1): minimise :math:`E f((b, i) - \phi|b|)` one member at a
    time.

    Each round weights the points by :math:`Q_n \propto f'(E_n - \phi|b|)`, fits a member on Q, stops if
    its weighted error :math:`\varepsilon \ge \phi` (no positive step can lower the objective), and
    otherwise adds it with the vote :math:`\Delta^*` that minimises the objective along the new
    direction: in closed form :math:`\log(\phi/(1 - \phi)) + \log((1 - \varepsilon)/\varepsilon)` for
    f = exp (arc-ex, §5.3), by a bounded line search otherwise.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner, with ``predict_proba``; ``None`` means a depth-3 CART tree
        (:class:`~sklearn.tree.DecisionTreeClassifier` with ``max_depth=3``).
    n_estimators : int, default=100
        Steps K.
    loss : {"exp", "softplus"}, default="exp"
        :math:`f(x) = e^x` or :math:`\log(1 + e^x)`.
    phi : float in (0, 1), default=0.5
        The target :math:`\phi > \phi^*`; the bound :math:`P(\mathrm{edge}(c) > \phi) \le
        E f((b, i) - \phi|b|)` holds throughout.
    weighting : {"weights", "resample"}, default="weights"
        Fit each member on all points with ``sample_weight = n·Q`` (the report's §8), or on n
        points drawn from Q (the draw of :class:`~mavl.ensemble.boosting.AdaBoostM1Classifier`,
        seeded by the round).
    zero_error : {"stop", "reset", "floor"}, default="stop"
        A member that misclassifies no training point: keep it (its vote computed with
        :math:`\varepsilon` clipped to 1e-10) and stop the run (spec R2); or drop it, restart the
        weights from the starting distribution and refit the round, stopping only if the member
        fitted on the starting distribution misses nothing too (Breiman's arcing papers, spec
        decision 5); or keep it with :math:`\varepsilon` floored at half the lightest starting weight
        and go on (every round taken, spec decision 7). With ``weighting="resample"`` no run stops
        for it: the next round draws other points.
    random_state : int, RandomState instance or None, default=None
        Seeds the members and the draws: step t's randomness depends only on (random_state, t).

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, sample_weights_, train_misses_,
    stopped_at_, classes_, n_features_in_ : see :class:`mavl.ensemble.boosting.BoostingEngine`.
    n_zero_error_ : int
        Steps with weighted error :math:`\varepsilon = 0` kept in the ensemble.
    n_resets_ : int
        Members dropped and the weights restarted (``zero_error="reset"``).

    See Also
    --------
    mavl.ArcFsClassifier : Its :math:`\phi = 1/2`, f = exp case: AdaBoost.
    mavl.NormalizedArcingClassifier : The normalized framework, unit votes.
    mavl.ArcU2Classifier : Drives top(c) down to the bottom edge without a target :math:`\phi`.
    mavl.ensemble.edges.staged_edges : The edges after every step.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import UnnormalizedArcingClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = UnnormalizedArcingClassifier(n_estimators=10, random_state=0).fit(X, y)
    >>> clf.predict_proba(X[[70]]).round(2)                  # weighted vote shares
    array([[0.  , 0.77, 0.23]])
    """

    _parameter_constraints = {
        **_Arcing._parameter_constraints,
        "loss": [StrOptions(set(LOSSES))],
        "phi": [Interval(numbers.Real, 0, 1, closed="neither")],
    }

    def __init__(self, estimator=None, *, n_estimators=100, loss="exp", phi=0.5, weighting="weights",
                 zero_error="stop", random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.zero_error = zero_error
        self.loss = loss
        self.phi = phi
        self.random_state = random_state

    def _margins(self):
        edges, votes = self._since_restart()
        return edges - self.phi * votes                         # u_n

    def _weights(self):
        if self.loss == "exp":
            return self._softmax(self._margins())
        q = np.exp(self._log_w0) * LOSSES[self.loss][1](self._margins())
        return q / q.sum()

    def _limit(self, iboost):
        return "φ", self.phi

    def _vote(self, iboost, epsilon, miss):
        if self.loss == "exp":
            return _log_odds(1.0 - self.phi) + _log_odds(epsilon)
        f = LOSSES[self.loss][0]
        w0, u, step = np.exp(self._log_w0), self._margins(), miss - self.phi
        found = minimize_scalar(lambda d: float(np.dot(w0, f(u + d * step))), bounds=(0.0, 50.0),
                                method="bounded", options={"xatol": 1e-10})
        return float(found.x)


class ArcFsClassifier(UnnormalizedArcingClassifier):
    r"""AdaBoost as arc-fs (Breiman 1997, Example 1 and §5.3): arc-ex with :math:`\phi = 1/2`.

    The vote is :math:`\log((1 - \varepsilon)/\varepsilon)` and the weights are
    :math:`Q_n \propto \exp(E_n)`, so the run equals AdaBoost.M1 with deterministic weighting
    (:class:`mavl.ensemble.boosting.AdaBoostM1Classifier` with ``weighting="weights"``). A member with
    :math:`\varepsilon \ge 1/2` is discarded and the weights are reset to the starting distribution
    and refitted, up to ``max_resets`` times in a row before the run stops (spec R2);
    :math:`\varepsilon = 0` is handled by ``zero_error``.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner, with ``predict_proba``; ``None`` means a depth-3 CART tree
        (:class:`~sklearn.tree.DecisionTreeClassifier` with ``max_depth=3``).
    n_estimators : int, default=100
        Steps K.
    weighting : {"weights", "resample"}, default="weights"
        Fit each member on all points with ``sample_weight = n·Q`` (the report's §8), or on n
        points drawn from Q (the draw of :class:`~mavl.ensemble.boosting.AdaBoostM1Classifier`,
        seeded by the round).
    zero_error : {"stop", "reset", "floor"}, default="stop"
        A member that misclassifies no training point: keep it (its vote computed with
        :math:`\varepsilon` clipped to 1e-10) and stop the run (spec R2); or drop it, restart the
        weights from the starting distribution and refit the round, stopping only if the member
        fitted on the starting distribution misses nothing too (Breiman's arcing papers, spec
        decision 5); or keep it with :math:`\varepsilon` floored at half the lightest starting weight
        and go on (every round taken, spec decision 7). With ``weighting="resample"`` no run stops
        for it: the next round draws other points.
    random_state : int, RandomState instance or None, default=None
        Seeds the members and the draws: step t's randomness depends only on (random_state, t).

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, sample_weights_, train_misses_,
    stopped_at_, classes_, n_features_in_ : see :class:`mavl.ensemble.boosting.BoostingEngine`.
    n_zero_error_ : int
        Steps with weighted error :math:`\varepsilon = 0` kept in the ensemble.
    n_resets_ : int
        Members discarded and the weights restarted (:math:`\varepsilon \ge 1/2`, or
        :math:`\varepsilon = 0` with ``zero_error="reset"``).

    See Also
    --------
    mavl.AdaBoostM1Classifier : AdaBoost.M1; with ``weighting="weights"`` the same run.
    mavl.UnnormalizedArcingClassifier : The framework, with any target :math:`\phi` and loss f.
    mavl.ArcX4Classifier : Breiman's arc-x4, unit votes.
    mavl.ArcU2Classifier : Drives top(c) down to the bottom edge.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import ArcFsClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> ArcFsClassifier(n_estimators=10, random_state=0).fit(X, y).predict_proba(X[[70]]).round(2)
    array([[0.  , 0.77, 0.23]])
    """

    _parameter_constraints = dict(_Arcing._parameter_constraints)

    #: Refits on the reset weights before a run with ε ≥ 1/2 stops (spec R2).
    max_resets = 3
    #: Fixed: f = exp, φ = 1/2.
    loss, phi = "exp", 0.5

    def __init__(self, estimator=None, *, n_estimators=100, weighting="weights", zero_error="stop",
                 random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.zero_error = zero_error
        self.random_state = random_state

    def _margins(self):
        return self._since_restart()[0]

    def _fit_step(self, X, y, w, seed):
        for attempt in range(self.max_resets + 1):
            member, miss, epsilon, w = super()._fit_step(X, y, w, seed)
            if epsilon < self.phi or attempt == self.max_resets:
                return member, miss, epsilon, w
            # Discard it, restart the weights from the starting distribution and refit (R2).
            w = self._restart()
            seed = refit_seed(seed, attempt + 1)


class NormalizedArcingClassifier(_Arcing):
    r"""Normalized arcing (Breiman 1997, §6.1): minimise :math:`E f((c, i))` with :math:`f(x) = x^p`, unit
    votes.

    Each round weights the points by :math:`Q_n \propto f'(e_n) \propto e_n^{p-1}`, :math:`e_n` the
    current edge (uniform at the first step), and adds the member with vote 1 unless its weighted
    error reaches the Q-weighted mean edge :math:`\sum Q_n e_n`, where the run stops (the rule
    ":math:`Q(e_{m^*}) \ge E_Q (c, i)`", R8).

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner, with ``predict_proba``; ``None`` means a depth-3 CART tree
        (:class:`~sklearn.tree.DecisionTreeClassifier` with ``max_depth=3``).
    n_estimators : int, default=100
        Steps K.
    power : float > 1, default=5
        :math:`p`; :math:`p = 5` weights by the fourth power of the edge, as arc-x4 does.
    weighting : {"weights", "resample"}, default="weights"
        Fit each member on all points with ``sample_weight = n·Q`` (the report's §8), or on n
        points drawn from Q (the draw of :class:`~mavl.ensemble.boosting.AdaBoostM1Classifier`,
        seeded by the round).
    zero_error : {"stop", "reset", "floor"}, default="stop"
        A member that misclassifies no training point: keep it and stop the run (spec R2); or drop
        it, restart the weights from the starting distribution and refit the round, stopping only if
        the member fitted on the starting distribution misses nothing too (Breiman's arcing papers,
        spec decision 5); or keep it and go on (every round taken, spec decision 7). With
        ``weighting="resample"`` no run stops for it: the next round draws other points.
    random_state : int, RandomState instance or None, default=None
        Seeds the members and the draws: step t's randomness depends only on (random_state, t).

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, sample_weights_, train_misses_,
    stopped_at_, classes_, n_features_in_ : see :class:`mavl.ensemble.boosting.BoostingEngine`.
    n_zero_error_ : int
        Steps with weighted error :math:`\varepsilon = 0` kept in the ensemble.
    n_resets_ : int
        Members dropped and the weights restarted (``zero_error="reset"``).

    See Also
    --------
    mavl.ArcX4Classifier : arc-x4: weights :math:`1 + m(n)^4` and no stopping rule.
    mavl.UnnormalizedArcingClassifier : The unnormalized framework, votes by line search.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import NormalizedArcingClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> NormalizedArcingClassifier(n_estimators=10, random_state=0).fit(X, y).predict_proba(X[[70]]).round(2)
    array([[0. , 0.6, 0.4]])
    """

    _parameter_constraints = {
        **_Arcing._parameter_constraints,
        "power": [Interval(numbers.Real, 1, None, closed="neither")],
    }

    #: Weights 1 + m(n)^(p−1) instead of m(n)^(p−1) (arc-x4's "+1"), and whether to stop (R8).
    plus_one, stop_rule = False, True

    def __init__(self, estimator=None, *, n_estimators=100, power=5, weighting="weights", zero_error="stop",
                 random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.zero_error = zero_error
        self.power = power
        self.random_state = random_state

    def _weights(self):
        # With unit votes E_n = m(n), the times point n was missed; m(n)^(p−1) ∝ f′(e_n).
        q = np.exp(self._log_w0) * (float(self.plus_one) + self._since_restart()[0] ** (self.power - 1))
        if not q.sum() > 0:
            return np.exp(self._log_w0)             # every edge 0: f′ = 0 everywhere, start over
        return q / q.sum()

    def _limit(self, iboost):
        if self.stop_rule and self._vote_sum > 0:
            edges = self._edge_sum / self._vote_sum
            return "the Q-weighted mean edge", float(np.dot(self.sample_weights_[iboost], edges))
        return None

    def _vote(self, iboost, epsilon, miss):
        return 1.0


class ArcX4Classifier(NormalizedArcingClassifier):
    r"""arc-x4 (Breiman 1997, Example 2): weights :math:`1 + m(n)^4`, :math:`m(n)` the misses so far;
    unit votes.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner, with ``predict_proba``; ``None`` means a depth-3 CART tree
        (:class:`~sklearn.tree.DecisionTreeClassifier` with ``max_depth=3``).
    n_estimators : int, default=100
        Steps K.
    plus_one : bool, default=True
        Keep the "+1" that keeps every weight positive; without it this is normalized arcing with
        :math:`f(x) = x^5` and no stopping rule.
    weighting : {"weights", "resample"}, default="weights"
        Fit each member on all points with ``sample_weight = n·Q`` (the report's §8), or on n
        points drawn from Q (the draw of :class:`~mavl.ensemble.boosting.AdaBoostM1Classifier`,
        seeded by the round).
    zero_error : {"stop", "reset", "floor"}, default="stop"
        A member that misclassifies no training point: keep it and stop the run (spec R2); or drop
        it, restart the weights from the starting distribution and refit the round, stopping only if
        the member fitted on the starting distribution misses nothing too (Breiman's arcing papers,
        spec decision 5); or keep it and go on (every round taken, spec decision 7). With
        ``weighting="resample"`` no run stops for it: the next round draws other points.
    random_state : int, RandomState instance or None, default=None
        Seeds the members and the draws: step t's randomness depends only on (random_state, t).

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, sample_weights_, train_misses_,
    stopped_at_, classes_, n_features_in_ : see :class:`mavl.ensemble.boosting.BoostingEngine`.
    n_zero_error_ : int
        Steps with weighted error :math:`\varepsilon = 0` kept in the ensemble.
    n_resets_ : int
        Members dropped and the weights restarted (``zero_error="reset"``).

    See Also
    --------
    mavl.NormalizedArcingClassifier : Normalized arcing, :math:`f(x) = x^p`, with its stopping rule.
    mavl.ArcFsClassifier : AdaBoost in the arcing framework.
    mavl.AdaBoostM1Classifier : AdaBoost.M1, which arc-x4 was set against.
    mavl.VoteBaggingClassifier : Bagging, the other ensemble of unit votes.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import ArcX4Classifier
    >>> X, y = load_iris(return_X_y=True)
    >>> ArcX4Classifier(n_estimators=10, random_state=0).fit(X, y).predict_proba(X[[70]]).round(2)
    array([[0. , 0.7, 0.3]])
    """

    _parameter_constraints = {**_Arcing._parameter_constraints, "plus_one": ["boolean"]}
    power, stop_rule = 5, False

    def __init__(self, estimator=None, *, n_estimators=100, plus_one=True, weighting="weights",
                 zero_error="stop", random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.zero_error = zero_error
        self.plus_one = plus_one
        self.random_state = random_state


class ArcU1Classifier(_Arcing):
    r"""arc-u1 (Breiman 1997, §7): :math:`\log \pi_n \mathrel{+}= \Delta_k i_n` with a fixed schedule
    :math:`\Delta_k = k^{-\mathtt{step\_power}}`.

    :math:`Q_n \propto \pi_n`; the member of step k gets vote :math:`\Delta_k`. Any schedule with
    :math:`\Delta_k \to 0` and :math:`\sum \Delta_k = \infty` drives top(c) to the bottom edge
    :math:`\phi^*`; the default :math:`\Delta_k = 1/\sqrt{k}` is ours (R7).

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner, with ``predict_proba``; ``None`` means a depth-3 CART tree
        (:class:`~sklearn.tree.DecisionTreeClassifier` with ``max_depth=3``).
    n_estimators : int, default=100
        Steps K.
    step_power : float in (0, 1], default=0.5
        The exponent of the schedule :math:`\Delta_k = k^{-\mathtt{step\_power}}`.
    weighting : {"weights", "resample"}, default="weights"
        Fit each member on all points with ``sample_weight = n·Q`` (the report's §8), or on n
        points drawn from Q (the draw of :class:`~mavl.ensemble.boosting.AdaBoostM1Classifier`,
        seeded by the round).
    zero_error : {"stop", "reset", "floor"}, default="stop"
        A member that misclassifies no training point: keep it and stop the run (spec R2); or drop
        it, restart the weights from the starting distribution and refit the round, stopping only if
        the member fitted on the starting distribution misses nothing too (Breiman's arcing papers,
        spec decision 5); or keep it and go on (every round taken, spec decision 7). With
        ``weighting="resample"`` no run stops for it: the next round draws other points.
    random_state : int, RandomState instance or None, default=None
        Seeds the members and the draws: step t's randomness depends only on (random_state, t).

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, sample_weights_, train_misses_,
    stopped_at_, classes_, n_features_in_ : see :class:`mavl.ensemble.boosting.BoostingEngine`.
    n_zero_error_ : int
        Steps with weighted error :math:`\varepsilon = 0` kept in the ensemble.
    n_resets_ : int
        Members dropped and the weights restarted (``zero_error="reset"``).

    See Also
    --------
    mavl.ArcU2Classifier : Steps fitted to top(c) instead of a fixed schedule.
    mavl.ensemble.edges.bottom_edge : The bottom edge :math:`\phi^*` of a set of members.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import ArcU1Classifier
    >>> X, y = load_iris(return_X_y=True)
    >>> ArcU1Classifier(n_estimators=10, random_state=0).fit(X, y).predict_proba(X[[70]]).round(2)
    array([[0.  , 0.39, 0.61]])
    """

    _parameter_constraints = {
        **_Arcing._parameter_constraints,
        "step_power": [Interval(numbers.Real, 0, 1, closed="right")],
    }

    def __init__(self, estimator=None, *, n_estimators=100, step_power=0.5, weighting="weights",
                 zero_error="stop", random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.zero_error = zero_error
        self.step_power = step_power
        self.random_state = random_state

    def _weights(self):
        return self._softmax(self._since_restart()[0])

    def _vote(self, iboost, epsilon, miss):
        return float((iboost + 1) ** -self.step_power)


class ArcU2Classifier(_Arcing):
    r"""arc-u2 (Breiman 1997, §7, with §8's changes): the step that would make the new member's
    weighted error equal :math:`\min(\mathrm{top}(c), b)`.

    :math:`Q_n \propto \pi_n` with :math:`\log \pi_n = E_n`; the vote is
    :math:`\Delta = \log(s/(1 - s)) + \log((1 - \varepsilon)/\varepsilon)` with
    :math:`s = \min(\mathrm{top}(c), b_{cap})` (:math:`s = b_{cap}` at the first step, R4), floored at
    ``delta`` because the tree only approximates the best member (§8). Every limit point has
    :math:`P(\mathrm{edge} > \phi) = 0` for all :math:`\phi > \phi^*` (Theorem 7.2).

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner, with ``predict_proba``; ``None`` means a depth-3 CART tree
        (:class:`~sklearn.tree.DecisionTreeClassifier` with ``max_depth=3``).
    n_estimators : int, default=100
        Steps K.
    b_cap : float in (0, 1), default=0.5
        The report's b (0.5 in every run).
    delta : float ≥ 0, default=0.01
        The smallest step :math:`\delta` (R3); 0 leaves steps unfloored (they may then be negative).
    weighting : {"weights", "resample"}, default="weights"
        Fit each member on all points with ``sample_weight = n·Q`` (the report's §8), or on n
        points drawn from Q (the draw of :class:`~mavl.ensemble.boosting.AdaBoostM1Classifier`,
        seeded by the round).
    zero_error : {"stop", "reset", "floor"}, default="stop"
        A member that misclassifies no training point: keep it (its vote computed with
        :math:`\varepsilon` clipped to 1e-10) and stop the run (spec R2); or drop it, restart the
        weights from the starting distribution and refit the round, stopping only if the member
        fitted on the starting distribution misses nothing too (Breiman's arcing papers, spec
        decision 5); or keep it with :math:`\varepsilon` floored at half the lightest starting weight
        and go on (every round taken, spec decision 7). With ``weighting="resample"`` no run stops
        for it: the next round draws other points.
    random_state : int, RandomState instance or None, default=None
        Seeds the members and the draws: step t's randomness depends only on (random_state, t).

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, sample_weights_, train_misses_,
    stopped_at_, classes_, n_features_in_ : see :class:`mavl.ensemble.boosting.BoostingEngine`.
    n_zero_error_ : int
        Steps with weighted error :math:`\varepsilon = 0` kept in the ensemble.
    n_resets_ : int
        Members dropped and the weights restarted (``zero_error="reset"``).
    n_floored_ : int
        Steps raised to ``delta``.

    See Also
    --------
    mavl.ArcU1Classifier : A fixed schedule of steps towards the bottom edge.
    mavl.ArcFsClassifier : AdaBoost, whose steps aim at :math:`\varepsilon = 1/2` instead.
    mavl.ensemble.edges.bottom_edge : The bottom edge :math:`\phi^*` of a set of members.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import ArcU2Classifier
    >>> X, y = load_iris(return_X_y=True)
    >>> ArcU2Classifier(n_estimators=10, random_state=0).fit(X, y).predict_proba(X[[70]]).round(2)
    array([[0.  , 0.71, 0.29]])
    """

    _parameter_constraints = {
        **_Arcing._parameter_constraints,
        "b_cap": [Interval(numbers.Real, 0, 1, closed="neither")],
        "delta": [Interval(numbers.Real, 0, None, closed="left")],
    }

    def __init__(self, estimator=None, *, n_estimators=100, b_cap=0.5, delta=0.01, weighting="weights",
                 zero_error="stop", random_state=None):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.weighting = weighting
        self.zero_error = zero_error
        self.b_cap = b_cap
        self.delta = delta
        self.random_state = random_state

    def _start(self, n_samples, w0):
        super()._start(n_samples, w0)
        self.n_floored_ = 0

    def _weights(self):
        return self._softmax(self._since_restart()[0])

    def _vote(self, iboost, epsilon, miss):
        s = min(self._top(), self.b_cap)
        step = _log_odds(1.0 - s) + _log_odds(epsilon)
        if step < self.delta and self.delta > 0:
            self.n_floored_ += 1
            step = self.delta
        return step
