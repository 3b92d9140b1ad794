"""Breiman's arcing algorithms and the edges of a vote (spec breiman1997 §1-2, K-5, K-6, K-7, K-9)."""

import itertools

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.exceptions import NotFittedError
from sklearn.tree import DecisionTreeClassifier

from mavl import (
    AdaBoostM1Classifier,
    ArcFsClassifier,
    ArcU1Classifier,
    ArcU2Classifier,
    ArcX4Classifier,
    NormalizedArcingClassifier,
    UnnormalizedArcingClassifier,
)
from mavl.bias_variance.margins import staged_margins
from mavl.ensemble.arcing import LOSSES
from mavl.ensemble.boosting import EarlyStopWarning
from mavl.ensemble.edges import adaboost_edge_bound, bottom_edge, staged_edges, top_c

TREE = DecisionTreeClassifier(min_samples_leaf=10)


@pytest.fixture(scope="module")
def binary():
    X, y = make_classification(500, 10, n_informative=4, flip_y=0.08, random_state=3)
    return X[:250], y[:250], X[250:], y[250:]


@pytest.fixture(scope="module")
def three_class():
    X, y = make_classification(300, 8, n_informative=5, n_classes=3, flip_y=0.05, random_state=4)
    return X, y


def test_arc_fs_is_adaboost_with_deterministic_weights_K5(binary):
    X, y, X_test, _ = binary
    ada = AdaBoostM1Classifier(TREE, n_estimators=60, weighting="weights", random_state=7).fit(X, y)
    arc = ArcFsClassifier(TREE, n_estimators=60, random_state=7).fit(X, y)
    assert ada.stopped_at_ is None and arc.stopped_at_ is None and ada.n_bad_rounds_ == 0
    sizes = range(1, 61)
    np.testing.assert_array_equal(arc.predict_prefixes(X_test, sizes), ada.predict_prefixes(X_test, sizes))
    np.testing.assert_allclose(arc.estimator_weights_, ada.estimator_weights_, rtol=1e-12)
    np.testing.assert_allclose(arc.sample_weights_, ada.sample_weights_, rtol=1e-10, atol=1e-15)
    # The same run as the unnormalized framework with f = exp and φ = 1/2.
    ex = UnnormalizedArcingClassifier(TREE, n_estimators=60, loss="exp", phi=0.5, random_state=7).fit(X, y)
    np.testing.assert_allclose(ex.estimator_weights_, arc.estimator_weights_, rtol=1e-12)


def test_arc_x4_weights_are_one_plus_misses_to_the_fourth(three_class):
    X, y = three_class
    model = ArcX4Classifier(TREE, n_estimators=25, random_state=0).fit(X, y)
    assert (model.estimator_weights_ == 1.0).all()
    misses = np.cumsum(model.train_misses_, axis=0)
    for t in range(1, 25):
        expected = 1.0 + misses[t - 1] ** 4.0
        np.testing.assert_allclose(model.sample_weights_[t], expected / expected.sum(), rtol=1e-12)
    # By hand: a point missed by 2 of the first 2 members weighs (1 + 16) against 1 for a point
    # never missed.
    both, never = misses[1] == 2, misses[1] == 0
    if both.any() and never.any():
        assert model.sample_weights_[2][both][0] / model.sample_weights_[2][never][0] == pytest.approx(17)
    no_plus = ArcX4Classifier(TREE, n_estimators=5, plus_one=False, random_state=0).fit(X, y)
    assert (no_plus.sample_weights_[1][~no_plus.train_misses_[0]] == 0).all()


@pytest.mark.parametrize("delta", [0.001, 0.01, 0.05])
def test_arc_u2_never_steps_below_delta(binary, three_class, delta):
    for X, y in (binary[:2], three_class):
        model = ArcU2Classifier(TREE, n_estimators=80, delta=delta, random_state=1).fit(X, y)
        taken = model.estimator_weights_[: model.stopped_at_ or model.n_estimators]
        assert (taken >= delta).all()
        # Unfloored steps follow the closed form with s = min(top(c), b).
        top = np.r_[1.0, top_c(model.train_misses_, model.estimator_weights_)[:-1]]
        s = np.minimum(top, model.b_cap)
        eps = np.clip(model.estimator_errors_, 1e-10, 1 - 1e-10)
        closed = np.log(s / (1 - s)) + np.log((1 - eps) / eps)
        free = closed > delta
        np.testing.assert_allclose(taken[free], closed[free], rtol=1e-9)
        assert model.n_floored_ == int((~free).sum())


def test_first_arc_u2_step_is_adaboosts_R4(binary):
    X, y, _, _ = binary
    u2 = ArcU2Classifier(TREE, n_estimators=1, random_state=5).fit(X, y)
    fs = ArcFsClassifier(TREE, n_estimators=1, random_state=5).fit(X, y)
    assert u2.estimator_weights_[0] == pytest.approx(fs.estimator_weights_[0])


def test_arc_u1_votes_follow_the_schedule(binary):
    X, y, _, _ = binary
    model = ArcU1Classifier(TREE, n_estimators=20, step_power=0.5, random_state=0).fit(X, y)
    np.testing.assert_allclose(model.estimator_weights_, 1 / np.sqrt(np.arange(1, 21)))
    log_pi = np.cumsum(model.estimator_weights_[:, None] * model.train_misses_, axis=0)
    expected = np.exp(log_pi[-2] - log_pi[-2].max())
    np.testing.assert_allclose(model.sample_weights_[-1], expected / expected.sum(), rtol=1e-10)


@pytest.mark.parametrize("loss", ["exp", "softplus"])
def test_unnormalized_steps_lower_the_objective(binary, loss):
    X, y, _, _ = binary
    phi = 0.4
    model = UnnormalizedArcingClassifier(TREE, n_estimators=30, loss=loss, phi=phi, random_state=2).fit(X, y)
    f = LOSSES[loss][0]
    b = model.estimator_weights_
    E = np.cumsum(b[:, None] * model.train_misses_, axis=0)
    g = [f(np.zeros(len(y))).mean()] + [f(E[t] - phi * b[: t + 1].sum()).mean() for t in range(len(b))]
    assert (np.diff(g) < 0).all()
    assert (model.estimator_errors_[: model.stopped_at_ or 30] < phi).all()


def test_a_perfect_member_stops_the_run_R2():
    X = np.r_[np.zeros((20, 1)), np.ones((20, 1))]
    y = np.r_[np.zeros(20), np.ones(20)]
    for cls in (ArcFsClassifier, ArcU2Classifier):
        model = cls(TREE, n_estimators=10, random_state=0).fit(X, y)
        assert model.stopped_at_ == 1 and model.n_zero_error_ == 1
        assert model.estimator_weights_[1:].sum() == 0
        np.testing.assert_array_equal(model.predict(X), y)


def _twonorm_with_a_perfect_tree():
    # Trees that split down to 10 cases fit some reweighted twonorm sample of 100 points perfectly
    # within a few rounds (found by search: seed 0 reaches ε = 0 at round 6 under both algorithms).
    from mavl.data import GENERATORS
    return GENERATORS["twonorm"](100, np.random.default_rng(0))


@pytest.mark.parametrize("cls", [ArcFsClassifier, ArcU2Classifier])
def test_zero_error_reset_drops_the_tree_and_restarts_the_weights(cls):
    X, y = _twonorm_with_a_perfect_tree()
    tree = DecisionTreeClassifier(min_samples_split=10)
    with pytest.warns(EarlyStopWarning, match="ε = 0, the member misclassifies no training point"):
        stop = cls(tree, n_estimators=30, random_state=1).fit(X, y)
    reset = cls(tree, n_estimators=30, random_state=1, zero_error="reset").fit(X, y)
    t = stop.stopped_at_ - 1                       # the round whose tree missed nothing
    assert stop.n_zero_error_ == 1 and stop.estimator_errors_[t] == 0 and stop.estimator_weights_[t] > 20
    # "reset" runs every round, keeps no tree without a miss, and restarts the weights where
    # "stop" kept the perfect tree; the rounds before it are the same run.
    assert reset.stopped_at_ is None and reset.n_resets_ >= 1 and reset.n_zero_error_ == 0
    assert reset.train_misses_.any(axis=1).all() and (reset.estimator_errors_ > 0).all()
    np.testing.assert_array_equal(reset.estimator_weights_[:t], stop.estimator_weights_[:t])
    np.testing.assert_allclose(reset.sample_weights_[t], np.full(y.size, 1 / y.size))


@pytest.mark.parametrize("cls", [ArcFsClassifier, ArcU2Classifier])
def test_zero_error_floor_takes_every_step_with_a_capped_vote_decision_7(cls):
    X, y = _twonorm_with_a_perfect_tree()
    tree = DecisionTreeClassifier(min_samples_split=10)
    with pytest.warns(EarlyStopWarning):
        stop = cls(tree, n_estimators=30, random_state=1).fit(X, y)
    floor = cls(tree, n_estimators=30, random_state=1, zero_error="floor").fit(X, y)
    t = stop.stopped_at_ - 1
    # Every round is taken; the rounds before the perfect tree are the same run.
    assert floor.stopped_at_ is None and floor.n_zero_error_ >= 1
    np.testing.assert_array_equal(floor.estimator_weights_[:t], stop.estimator_weights_[:t])
    # The perfect tree's vote is that of ε = 1/(2N) (AdaBoost: log((1 − ε)/ε); arc-u2 adds
    # log(s/(1 − s)) with s = min(top(c), 1/2)), far below the 1e-10 clip of "stop".
    eps = 0.5 / y.size
    assert floor.estimator_errors_[t] == 0
    if cls is ArcFsClassifier:
        assert floor.estimator_weights_[t] == pytest.approx(np.log((1 - eps) / eps), rel=1e-12)
    assert floor.estimator_weights_[t] < np.log((1 - eps) / eps) + 1e-9 < stop.estimator_weights_[t]
    # A tree without a miss leaves the weights as they were, so they stay from there on.
    zero = ~floor.train_misses_.any(axis=1)
    after = int(np.flatnonzero(zero)[0])
    np.testing.assert_allclose(floor.sample_weights_[after + 1], floor.sample_weights_[after], rtol=1e-12)


def test_a_tree_perfect_on_the_starting_weights_still_stops_under_reset():
    X = np.r_[np.zeros((20, 1)), np.ones((20, 1))]
    y = np.r_[np.zeros(20), np.ones(20)]
    with pytest.warns(EarlyStopWarning, match="on the starting weights"):
        model = ArcU2Classifier(TREE, n_estimators=10, zero_error="reset", random_state=0).fit(X, y)
    assert model.stopped_at_ == 1 and model.n_resets_ == 0
    np.testing.assert_array_equal(model.predict(X), y)


def test_a_resampled_member_without_a_miss_does_not_stop_the_run():
    # Before: arc-x4 of full trees on iris stopped at round 5, the first resample a tree fitted
    # perfectly, although the next draw differs.
    from sklearn.datasets import load_iris
    X, y = load_iris(return_X_y=True)
    model = ArcX4Classifier(DecisionTreeClassifier(), n_estimators=50, weighting="resample",
                            random_state=0).fit(X, y)
    assert model.stopped_at_ is None and model.n_zero_error_ > 0
    assert (model.estimator_weights_ == 1).all()
    # after the first perfect member the weights stay, but every later round fits a new member on
    # a new draw (a frozen run would repeat the same member object)
    first = int(np.flatnonzero(~model.train_misses_.any(axis=1))[0])
    np.testing.assert_array_equal(model.sample_weights_[first + 1], model.sample_weights_[first])
    assert len({id(m) for m in model.estimators_[first:]}) == 50 - first


def test_adaboost_m1_zero_error_stop_warns():
    X = np.r_[np.zeros((20, 1)), np.ones((20, 1))]
    y = np.r_[np.zeros(20), np.ones(20)]
    with pytest.warns(EarlyStopWarning, match="zero_error='stop'"):
        model = AdaBoostM1Classifier(TREE, n_estimators=5, weighting="weights", zero_error="stop",
                                     random_state=0).fit(X, y)
    assert model.stopped_at_ == 1


def test_margin_is_at_least_one_minus_twice_the_edge_K6(binary, three_class):
    for (X, y), J in ((binary[:2], 2), (three_class, 3)):
        model = ArcU2Classifier(TREE, n_estimators=30, random_state=0).fit(X, y)
        margins = staged_margins(model, X, y)
        edges = np.vstack(list(model.staged_edges(X, y)))
        np.testing.assert_allclose(edges, staged_edges(model.train_misses_, model.estimator_weights_),
                                   atol=1e-12)
        assert (margins >= 1 - 2 * edges - 1e-12).all()
        if J == 2:
            np.testing.assert_allclose(margins, 1 - 2 * edges, atol=1e-12)
        else:
            assert (margins > 1 - 2 * edges + 1e-9).any()


def test_bottom_edge_matches_brute_force_and_its_dual():
    rng = np.random.default_rng(0)
    misses = rng.random((3, 12)) < 0.4
    lp = bottom_edge(misses)
    grid = [np.array(c) / 200 for c in itertools.product(range(201), repeat=2) if sum(c) <= 200]
    brute = min(np.max(np.r_[c, 1 - c.sum()] @ misses) for c in grid)
    assert lp.phi == pytest.approx(brute, abs=1e-9)       # the grid holds the LP's vertex here
    assert lp.c.sum() == pytest.approx(1) and (lp.c >= -1e-12).all()
    assert np.max(lp.c @ misses) == pytest.approx(lp.phi, abs=1e-9)
    # Game value: under the dual Q no member errs less than φ*.
    assert (misses @ lp.Q).min() == pytest.approx(lp.phi, abs=1e-9)


def test_bottom_edge_is_below_every_top_c_the_algorithms_reach(binary):
    X, y, _, _ = binary
    fits = [cls(TREE, n_estimators=40, random_state=0).fit(X, y)
            for cls in (ArcFsClassifier, ArcU2Classifier)]
    pool = np.vstack([m.train_misses_ for m in fits])
    phi_star = bottom_edge(pool).phi
    for model in fits:
        assert (top_c(model.train_misses_, model.estimator_weights_) >= phi_star - 1e-9).all()


def test_adaboost_edge_bound_eq_7_3_K7():
    assert adaboost_edge_bound(0.25) == pytest.approx(0.36907, abs=5e-6)
    assert round(float(adaboost_edge_bound(0.25)), 2) == 0.37
    phi = np.linspace(0.05, 0.45, 9)
    assert (adaboost_edge_bound(phi) > phi).all() and (adaboost_edge_bound(phi) < 0.5).all()


def test_arcu2_drives_top_c_to_the_bottom_edge_on_a_finite_class_K9():
    """Finite H (three fixed rules on 12 points, exact argmin): arc-u2's top(c) approaches φ*."""
    rng = np.random.default_rng(1)
    misses = rng.random((3, 12)) < 0.45
    phi_star = bottom_edge(misses).phi
    log_pi, E, total = np.zeros(12), np.zeros(12), 0.0
    for _ in range(3000):                       # the algorithm of §7 with H given as a table
        Q = np.exp(log_pi - log_pi.max())
        Q /= Q.sum()
        m = int(np.argmin(misses @ Q))
        eps = float(misses[m] @ Q)
        s = min(E.max() / total if total else 1.0, 0.5)
        step = max(np.log(s / (1 - s)) + np.log((1 - eps) / eps), 1e-3)
        log_pi += step * misses[m]
        E += step * misses[m]
        total += step
    assert E.max() / total == pytest.approx(phi_star, abs=0.01)
    assert E.max() / total >= phi_star - 1e-12


@pytest.mark.parametrize("cls", [ArcFsClassifier, ArcU1Classifier, ArcU2Classifier, ArcX4Classifier,
                                 NormalizedArcingClassifier, UnnormalizedArcingClassifier])
def test_staged_predictions_and_errors(cls, three_class):
    X, y = three_class
    model = cls(TREE, n_estimators=10, random_state=0)
    with pytest.raises(NotFittedError):
        model.predict(X)
    model.fit(X, y, sample_weight=np.ones(len(y)))
    staged = list(model.staged_predict(X))
    assert len(staged) == 10
    np.testing.assert_array_equal(staged[-1], model.predict(X))
    np.testing.assert_array_equal(model.predict_prefixes(X, [4])[0], staged[3])
    with pytest.raises(ValueError, match="(?i)sample.weight"):
        model.fit(X, y, sample_weight=np.zeros(len(y)))


def test_zero_sample_weight_points_do_not_count(binary):
    X, y, _, _ = binary
    weight = np.ones(len(y))
    weight[:50] = 0
    model = ArcU2Classifier(TREE, n_estimators=15, random_state=0).fit(X, y, sample_weight=weight)
    assert (model.sample_weights_[:, :50] == 0).all()
    np.testing.assert_allclose(model.sample_weights_.sum(axis=1), 1.0)
