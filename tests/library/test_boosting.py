"""AdaBoostM1Classifier (spec james-ch2 §4.9, AMB-15, AMB-16; prefixes §4.10)."""

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.exceptions import NotFittedError
from sklearn.utils.estimator_checks import parametrize_with_checks

from mavl.ensemble.boosting import AdaBoostM1Classifier
from mavl.random import draw_seeds
from mavl.trees import STreeClassifier


def _blobs(n, k, seed, scale=2.0):
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=scale, size=(k, 3))
    y = rng.integers(0, k, n)
    return centres[y] + rng.normal(size=(n, 3)), y


@pytest.fixture(scope="module")
def data():
    X, y = _blobs(300, 4, 0)
    return X[:200], y[:200], X[200:]


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    return X[:300], y[:300]


def _stump(leaves=2):
    return STreeClassifier(max_leaf_nodes=leaves, mindev=0)


def _reference_chain(model, X, y):
    """Recompute ε_t, a_t from the fitted members with the formulas of spec §4.9 (standard error)."""
    n = X.shape[0]
    w = np.full(n, 1.0 / n)
    for t, member in enumerate(model.estimators_):
        if model.stopped_at_ is not None and t >= model.stopped_at_:
            break
        miss = member.classes_[member.predict_proba(X).argmax(axis=1)] != y
        eps = w[miss].sum()
        np.testing.assert_allclose(model.estimator_errors_[t], eps, rtol=1e-9, atol=1e-12)
        if eps >= 0.5 and model.bad_round != "literal":
            if model.bad_round == "reset":
                w = np.full(n, 1.0 / n)
            assert model.estimator_weights_[t] == (1.0 if t == 0 and model.bad_round == "stop"
                                                    else 0.0)
            continue
        eps = max(eps, model.eps_floor / n) if eps == 0 else eps
        beta = eps / (1 - eps)
        np.testing.assert_allclose(model.estimator_weights_[t], np.log(1 / beta), rtol=1e-9)
        w = w * np.where(miss, 1.0, beta)
        w /= w.sum()


CONFIGS = [
    {},
    {"error": "adapted"},
    {"weighting": "weights"},
    {"estimator": _stump(3), "bad_round": "literal"},
    {"estimator": _stump(3), "bad_round": "reset"},
    {"estimator": _stump(3), "bad_round": "skip"},
    {"estimator": _stump(3), "bad_round": "stop"},
    {"estimator": _stump(3), "bad_round": "stop", "weighting": "weights"},
]


@pytest.mark.parametrize("params", CONFIGS)
def test_prefix_equals_fresh_fit(params, data):
    X, y, Xt = data
    sizes = [1, 3, 8, 14]
    model = AdaBoostM1Classifier(n_estimators=14, random_state=2, **params).fit(X, y)
    assert len(model.estimators_) == 14
    prefixes = model.predict_prefixes(Xt, sizes)
    for b, row in zip(sizes, prefixes, strict=True):
        fresh = AdaBoostM1Classifier(n_estimators=b, random_state=2, **params).fit(X, y)
        np.testing.assert_array_equal(row, fresh.predict(Xt))
        np.testing.assert_array_equal(fresh.estimator_weights_, model.estimator_weights_[:b])


@pytest.mark.parametrize("params", CONFIGS)
def test_staged_outputs_match_predict(params, data):
    X, y, Xt = data
    model = AdaBoostM1Classifier(n_estimators=6, random_state=0, **params).fit(X, y)
    stages = np.array(list(model.staged_predict(Xt)))
    assert stages.shape == (6, Xt.shape[0])
    np.testing.assert_array_equal(stages, model.predict_prefixes(Xt, range(1, 7)))
    np.testing.assert_array_equal(stages[-1], model.predict(Xt))
    *_, last = model.staged_votes(Xt)
    np.testing.assert_allclose(last, model.decision_function(Xt))
    # The decision is Σ_t a_t 1[C_t(x) = i].
    expected = np.zeros_like(last)
    for member, weight in zip(model.estimators_, model.estimator_weights_, strict=True):
        expected[np.arange(Xt.shape[0]), member.predict(Xt)] += weight
    np.testing.assert_allclose(last, expected)


@pytest.mark.parametrize("params", [p for p in CONFIGS if p.get("error") != "adapted"])
def test_errors_and_vote_weights_follow_the_formulas(params, data):
    X, y, _ = data
    model = AdaBoostM1Classifier(n_estimators=10, random_state=5, **params).fit(X, y)
    _reference_chain(model, X, y)
    assert model.n_bad_rounds_ == int(np.sum(model.estimator_errors_ >= 0.5))


def test_not_fitted_raises(data):
    _, _, Xt = data
    model = AdaBoostM1Classifier(n_estimators=3)
    for call in (model.predict, model.decision_function,
                 lambda X: next(model.staged_predict(X)),
                 lambda X: next(model.staged_decision_function(X)),
                 lambda X: model.predict_prefixes(X, [1])):
        with pytest.raises(NotFittedError):
            call(Xt)


@pytest.mark.parametrize("leaves", [2, 4, None])
def test_weights_mode_two_classes_has_error_at_most_half(leaves):
    X, y = _blobs(200, 2, 3, scale=0.7)
    tree = STreeClassifier() if leaves is None else _stump(leaves)
    model = AdaBoostM1Classifier(tree, n_estimators=25, weighting="weights", random_state=0)
    model.fit(X, y)
    assert (model.estimator_errors_ <= 0.5 + 1e-12).all()
    assert model.n_bad_rounds_ == 0
    decision = model.decision_function(X)
    assert decision.shape == (200,)
    np.testing.assert_array_equal(model.predict(X)[decision > 0], 1)


def test_zero_error_is_floored_and_counted():
    X = np.r_[np.zeros((20, 1)), np.ones((20, 1))]
    y = np.r_[np.zeros(20), np.ones(20)]
    model = AdaBoostM1Classifier(n_estimators=4, eps_floor=0.5, random_state=0).fit(X, y)
    assert model.n_eps_floored_ == 4
    np.testing.assert_array_equal(model.estimator_errors_, 0.0)
    floor = 0.5 / 40
    np.testing.assert_allclose(model.estimator_weights_, np.log((1 - floor) / floor))
    np.testing.assert_array_equal(model.predict(X), y)


def test_literal_bad_rounds_vote_against(digits):
    X, y = digits
    model = AdaBoostM1Classifier(_stump(), n_estimators=8, random_state=0).fit(X, y)
    bad = model.estimator_errors_ >= 0.5
    # Two leaves cannot get ten equally weighted classes half right; later rounds may, once the
    # literal update has moved weight onto few classes.
    assert bad[0] and bad.sum() >= 4
    assert model.n_bad_rounds_ == bad.sum()
    assert (model.estimator_weights_[bad] <= 0).all()
    assert (model.estimator_weights_[~bad] > 0).all()
    np.testing.assert_allclose(model.estimator_weights_,
                               np.log((1 - model.estimator_errors_) / model.estimator_errors_))


def test_stop_at_first_round_keeps_that_tree(digits):
    X, y = digits
    model = AdaBoostM1Classifier(_stump(), n_estimators=6, bad_round="stop", random_state=0)
    stages = model.fit(X, y).predict_prefixes(X, [1, 3, 6])
    assert model.stopped_at_ == 1
    assert model.n_bad_rounds_ == 1
    assert np.isnan(model.estimator_errors_[1:]).all()
    np.testing.assert_array_equal(model.estimator_weights_, [1, 0, 0, 0, 0, 0])
    for row in stages:
        np.testing.assert_array_equal(row, model.estimators_[0].predict(X))


@pytest.mark.parametrize("weighting", ["resample", "weights"])
def test_stop_later_freezes_predictions(weighting, data):
    X, y, Xt = data
    model = AdaBoostM1Classifier(_stump(3), n_estimators=15, weighting=weighting,
                                 bad_round="stop", random_state=0).fit(X, y)
    s = model.stopped_at_
    assert s is not None and 2 < s < 15
    assert model.n_bad_rounds_ == 1
    assert (model.estimator_weights_[s - 1:] == 0).all()
    assert (model.estimator_weights_[: s - 1] > 0).all()
    assert all(m is model.estimators_[s - 1] for m in model.estimators_[s:])
    stages = np.array(list(model.staged_predict(Xt)))
    for b in range(s, 16):
        np.testing.assert_array_equal(stages[b - 1], stages[s - 2])


def test_reset_and_skip_discard_the_round(data):
    X, y, _ = data
    for rule in ("reset", "skip"):
        model = AdaBoostM1Classifier(_stump(3), n_estimators=12, bad_round=rule,
                                     random_state=0).fit(X, y)
        bad = model.estimator_errors_ >= 0.5
        assert bad.any() and model.n_bad_rounds_ == bad.sum()
        assert (model.estimator_weights_[bad] == 0).all()
        assert (model.estimator_weights_[~bad] > 0).all()
        _reference_chain(model, X, y)


def test_adapted_error_is_error_on_the_resample(data):
    X, y, _ = data
    n = X.shape[0]
    std = AdaBoostM1Classifier(n_estimators=3, random_state=1).fit(X, y)
    ada = AdaBoostM1Classifier(n_estimators=3, error="adapted", random_state=1).fit(X, y)
    # Round 1 has uniform weights in both: the same resample and the same tree.
    _, round_seed = draw_seeds(1, 2)
    seed = int(draw_seeds(int(round_seed), 3)[0])
    rows = np.random.default_rng(seed).choice(n, size=n, p=np.full(n, 1.0 / n))
    tree = ada.estimators_[0]
    np.testing.assert_array_equal(tree.predict(X), std.estimators_[0].predict(X))
    miss = tree.predict(X) != y
    np.testing.assert_allclose(ada.estimator_errors_[0], miss[rows].mean())
    np.testing.assert_allclose(std.estimator_errors_[0], miss.mean())
    assert ada.estimator_errors_[0] != std.estimator_errors_[0]
    # Only ε changes: round 2's weights still come from the misses on the original points, so
    # its resample (hence tree) differs from standard boosting's only through β.
    assert ada.estimator_weights_[0] != std.estimator_weights_[0]


def test_adapted_needs_resampling(data):
    X, y, _ = data
    with pytest.raises(ValueError, match="error"):
        AdaBoostM1Classifier(error="adapted", weighting="weights").fit(X, y)


def test_bad_sizes_and_single_class(data):
    X, y, Xt = data
    model = AdaBoostM1Classifier(n_estimators=3, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="sizes"):
        model.predict_prefixes(Xt, [4])
    with pytest.raises(ValueError, match="class"):
        AdaBoostM1Classifier().fit(np.zeros((6, 2)), np.zeros(6))


@parametrize_with_checks([AdaBoostM1Classifier(), AdaBoostM1Classifier(weighting="weights")])
def test_sklearn_compatible(estimator, check):
    check(estimator)
