"""Bagging and the AdaBoost.M1 family (spec james-ch2 §4.8–4.10)."""

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.exceptions import NotFittedError

from mavl.bagging import VoteBaggingClassifier
from mavl.boosting import AdaBoostM1Classifier
from mavl.data import sample_concentric
from mavl.trees import STreeClassifier


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    return X[:500], y[:500], X[500:800], y[500:800]


ENSEMBLES = [
    lambda b: VoteBaggingClassifier(n_estimators=b, random_state=3),
    lambda b: VoteBaggingClassifier(n_estimators=b, combiner="prob_average", random_state=3),
    lambda b: AdaBoostM1Classifier(n_estimators=b, random_state=3),
    lambda b: AdaBoostM1Classifier(n_estimators=b, error="adapted", random_state=3),
    lambda b: AdaBoostM1Classifier(n_estimators=b, weighting="weights", random_state=3),
]


@pytest.mark.parametrize("make", ENSEMBLES)
def test_prefix_equals_fresh_fit(make, digits):
    X, y, Xt, _ = digits
    prefixes = make(25).fit(X, y).predict_prefixes(Xt, [4, 25])
    np.testing.assert_array_equal(prefixes[0], make(4).fit(X, y).predict(Xt))
    np.testing.assert_array_equal(prefixes[1], make(25).fit(X, y).predict(Xt))


@pytest.mark.parametrize("make", ENSEMBLES)
def test_last_stage_is_predict_and_not_fitted_raises(make, digits):
    X, y, Xt, _ = digits
    model = make(6)
    with pytest.raises(NotFittedError):
        model.predict(Xt)
    model.fit(X, y)
    *_, last = model.staged_predict(Xt)
    np.testing.assert_array_equal(last, model.predict(Xt))


def test_deterministic_two_class_boosting_has_error_at_most_half():
    X, y = sample_concentric(100, np.random.default_rng(0))
    stump = STreeClassifier(mindev=0, max_leaf_nodes=2, weight_semantics="counts")
    model = AdaBoostM1Classifier(stump, n_estimators=40, weighting="weights", random_state=0)
    model.fit(X, y)
    assert (model.estimator_errors_ <= 0.5 + 1e-12).all()
    assert model.n_bad_rounds_ == 0


def test_literal_bad_rounds_vote_against_and_stop_freezes(digits):
    X, y, Xt, _ = digits
    stump = STreeClassifier(mindev=0, max_leaf_nodes=2)
    literal = AdaBoostM1Classifier(stump, n_estimators=10, random_state=0).fit(X, y)
    bad = literal.estimator_errors_ >= 0.5
    assert bad[0]  # a stump cannot get 10 digit classes half right
    assert (literal.estimator_weights_[bad] <= 0).all()
    assert (literal.estimator_weights_[~bad] > 0).all()
    stop = AdaBoostM1Classifier(stump, n_estimators=10, bad_round="stop", random_state=0)
    stages = stop.fit(X, y).predict_prefixes(Xt, [1, 5, 10])
    assert stop.stopped_at_ == 1
    np.testing.assert_array_equal(stages[0], stages[2])
    np.testing.assert_array_equal(stages[0], stop.estimators_[0].predict(Xt))


def test_zero_error_is_floored_and_counted():
    X = np.r_[np.zeros((20, 1)), np.ones((20, 1))]
    y = np.r_[np.zeros(20), np.ones(20)]
    model = AdaBoostM1Classifier(n_estimators=3, eps_floor=0.5, random_state=0).fit(X, y)
    assert model.n_eps_floored_ == 3
    np.testing.assert_allclose(model.estimator_weights_, np.log((1 - 0.5 / 40) / (0.5 / 40)))


def test_adapted_error_is_error_on_the_resample(digits):
    X, y, _, _ = digits
    std = AdaBoostM1Classifier(n_estimators=5, random_state=1).fit(X, y)
    ada = AdaBoostM1Classifier(n_estimators=5, error="adapted", random_state=1).fit(X, y)
    # Round 1 has the same resample and tree; its in-sample error is lower than on all points.
    assert ada.estimator_errors_[0] < std.estimator_errors_[0]
    with pytest.raises(ValueError, match="adapted"):
        AdaBoostM1Classifier(error="adapted", weighting="weights").fit(X, y)


def test_probtie_vote_follows_summed_probabilities_at_two_members(digits):
    X, y, Xt, _ = digits
    vote = VoteBaggingClassifier(n_estimators=2, random_state=5).fit(X, y)
    a, b = (m.predict(Xt) for m in vote.estimators_)
    summed = sum(m.predict_proba(Xt) for m in vote.estimators_)
    disagree = np.flatnonzero(a != b)
    assert disagree.size
    # Sums equal up to rounding are ties, broken at random.
    rows = disagree[~np.isclose(summed[disagree, a[disagree]], summed[disagree, b[disagree]])]
    expected = np.where(summed[rows, a[rows]] > summed[rows, b[rows]], a[rows], b[rows])
    np.testing.assert_array_equal(vote.predict(Xt)[rows], expected)


def test_single_class_is_rejected():
    for model in (VoteBaggingClassifier(), AdaBoostM1Classifier()):
        with pytest.raises(ValueError, match="class"):
            model.fit(np.zeros((6, 2)), np.zeros(6))
