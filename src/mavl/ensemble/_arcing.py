"""What every arcing algorithm of :mod:`mavl.ensemble.arcing` shares: the members' fits, the running
edge sums, the restarts of the weights and the stops (spec breiman1997 R2, decision 5)."""

import numbers

import numpy as np
from scipy.special import log_softmax
from sklearn.tree import DecisionTreeClassifier

from .._ensemble import VoteProbaMixin
from .._sklearn import HasMethods, Interval, StrOptions
from .boosting import BoostingEngine

#: ε is clipped to [EPS, 1 − EPS] in the vote formulas (spec R2).
EPS = 1e-10

def _refit_seed(seed, attempt):
    """The seed of a round's refit number ``attempt`` after a restart of the weights."""
    return int(np.random.SeedSequence([seed, attempt + 1]).generate_state(1)[0])


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
        "zero_error": [StrOptions({"stop", "reset"})],
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
            member, miss, epsilon, w = self._fit_step(X, y, w, _refit_seed(seed, 0))
            perfect = not miss[self._positive].any()
        self.sample_weights_[iboost] = w                # what the kept member was fitted under
        limit = self._limit(iboost)
        if limit is not None and epsilon >= limit[1]:
            # The framework's stop rule: no positive step helps. A first member still predicts.
            self._freeze(iboost, f"ε = {epsilon:.4g} ≥ {limit[0]} = {limit[1]:.4g}, no vote helps")
            return member, 1.0 if iboost == 0 else 0.0, epsilon, miss, w
        vote = self._vote(iboost, epsilon, miss)
        if epsilon == 0.0:
            self.n_zero_error_ += 1
        if perfect and self.weighting == "weights":
            # A member with no miss leaves every weight as it was, so on the same weighted points it
            # would come back forever: keep it (its vote uses ε clipped to 1e-10) and stop (R2). A
            # resampled member is not stopped for it: the next round draws other points.
            if self.zero_error == "reset":
                why = ("ε = 0 on the starting weights (the member fitted after restarting the weights "
                       "misclassifies no training point, so every later round would refit it)")
            else:
                why = ("ε = 0, the member misclassifies no training point and would be refitted in every "
                       "later round (zero_error='stop'; 'reset' drops it and restarts the weights, "
                       "weighting='resample' draws other points)")
            self._freeze(iboost, why)
        self._edge_sum = self._edge_sum + vote * miss
        self._vote_sum += vote
        self._fresh = False
        return member, vote, epsilon, miss, self._weights()
