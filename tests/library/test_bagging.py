"""VoteBaggingClassifier (spec james-ch2 §4.8, AMB-14; prefixes §4.10)."""

import numpy as np
import pytest
from sklearn.exceptions import NotFittedError
from sklearn.utils.estimator_checks import parametrize_with_checks

from mavl.ensemble.bagging import VoteBaggingClassifier
from mavl.random import draw_seeds, row_keys

COMBINERS = ["vote_probtie", "prob_average", "vote_random"]


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    centres = rng.normal(scale=2.0, size=(6, 4))
    y = rng.integers(0, 6, 300)
    X = centres[y] + rng.normal(size=(300, 4))
    return X[:200], y[:200], X[200:], y[200:]


@pytest.mark.parametrize("combiner", COMBINERS)
def test_prefix_equals_fresh_fit(combiner, data):
    X, y, Xt, _ = data
    sizes = [1, 2, 7, 12]
    prefixes = VoteBaggingClassifier(n_estimators=12, combiner=combiner, random_state=4).fit(
        X, y).predict_prefixes(Xt, sizes)
    assert prefixes.shape == (len(sizes), Xt.shape[0])
    for b, row in zip(sizes, prefixes, strict=True):
        fresh = VoteBaggingClassifier(n_estimators=b, combiner=combiner, random_state=4).fit(X, y)
        np.testing.assert_array_equal(row, fresh.predict(Xt))


@pytest.mark.parametrize("combiner", COMBINERS)
def test_staged_predict_matches_prefixes_and_predict(combiner, data):
    X, y, Xt, _ = data
    model = VoteBaggingClassifier(n_estimators=8, combiner=combiner, random_state=1).fit(X, y)
    stages = np.array(list(model.staged_predict(Xt)))
    assert stages.shape == (8, Xt.shape[0])
    np.testing.assert_array_equal(stages, model.predict_prefixes(Xt, range(1, 9)))
    np.testing.assert_array_equal(stages[-1], model.predict(Xt))


def test_members_are_seeded_bootstraps(data):
    X, y, _, _ = data
    model = VoteBaggingClassifier(n_estimators=3, random_state=9).fit(X, y)
    _, member_seed = draw_seeds(9, 2)
    seeds = draw_seeds(int(member_seed), 3)
    for member, seed in zip(model.estimators_, seeds, strict=True):
        rows = np.random.default_rng(int(seed)).integers(0, X.shape[0], X.shape[0])
        assert member.random_state == int(seed)
        np.testing.assert_array_equal(member.classes_, np.unique(y[rows]))
    assert model.n_features_in_ == X.shape[1]
    np.testing.assert_array_equal(model.classes_, np.unique(y))


def test_not_fitted_raises(data):
    _, _, Xt, _ = data
    model = VoteBaggingClassifier(n_estimators=3)
    for call in (model.predict, model.predict_proba,
                 lambda X: next(model.staged_predict(X)),
                 lambda X: model.predict_prefixes(X, [1])):
        with pytest.raises(NotFittedError):
            call(Xt)


def test_members_missing_classes_are_aligned():
    # Class 3 has one point, so most bootstrap samples miss it.
    rng = np.random.default_rng(2)
    X = rng.normal(size=(41, 3))
    y = np.r_[np.repeat([0, 1, 2], [15, 15, 10]), 3]
    model = VoteBaggingClassifier(n_estimators=10, combiner="prob_average", random_state=0)
    model.fit(X, y)
    assert any(m.classes_.size < 4 for m in model.estimators_)
    proba = model.predict_proba(X)
    assert proba.shape == (41, 4)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    expected = np.zeros((41, 4))
    for m in model.estimators_:
        expected[:, m.classes_] += m.predict_proba(X)
    np.testing.assert_allclose(proba, expected / 10)


def test_probtie_equals_prob_average_at_two_members(data):
    X, y, Xt, _ = data
    vote = VoteBaggingClassifier(n_estimators=2, random_state=5).fit(X, y)
    average = VoteBaggingClassifier(n_estimators=2, combiner="prob_average", random_state=5)
    average.fit(X, y)
    a, b = (m.predict(Xt) for m in vote.estimators_)
    summed = average.predict_proba(Xt)
    disagree = a != b
    assert disagree.sum() >= 5
    # Where the averaged probabilities pick one of the two voted classes without a tie, the
    # probability-tie-broken vote is the same prediction.
    top2 = np.sort(summed, axis=1)[:, -2:]
    clear = disagree & ~np.isclose(top2[:, 0], top2[:, 1])
    pick = summed.argmax(axis=1)
    comparable = clear & ((pick == a) | (pick == b))
    assert comparable.sum() >= max(5, disagree.sum() // 2)
    np.testing.assert_array_equal(vote.predict(Xt)[comparable], average.predict(Xt)[comparable])
    # Where the members agree, the vote is their class.
    np.testing.assert_array_equal(vote.predict(Xt)[~disagree], vote.classes_[a[~disagree]])


def test_probtie_is_lexicographic_at_large_b(data):
    X, y, Xt, _ = data
    model = VoteBaggingClassifier(n_estimators=2, random_state=0).fit(X, y)
    k = model.classes_.size
    keys = row_keys(Xt[:2], k, model._tie_seed)
    votes = np.zeros((2, k))
    votes[:, 0] = votes[:, 1] = 100.0  # 200 members, a vote tie
    probs = np.zeros((2, k))
    probs[:, 0], probs[:, 1] = 100.0, 100.001  # a small probability-sum gap
    probs[1, 2] = 150.0  # a class with more probability but fewer votes never wins
    picked = model._combine(np.hstack([votes, probs]), keys)
    np.testing.assert_array_equal(picked, [1, 1])


@pytest.mark.parametrize("combiner", COMBINERS)
def test_predict_proba_argmax_is_prediction(combiner, data):
    X, y, Xt, _ = data
    model = VoteBaggingClassifier(n_estimators=9, combiner=combiner, random_state=3).fit(X, y)
    proba = model.predict_proba(Xt)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    top2 = np.sort(proba, axis=1)[:, -2:]
    untied = ~np.isclose(top2[:, 0], top2[:, 1], rtol=0, atol=1e-12)
    np.testing.assert_array_equal(model.classes_[proba.argmax(axis=1)][untied],
                                  model.predict(Xt)[untied])


def test_bad_sizes_and_single_class(data):
    X, y, Xt, _ = data
    model = VoteBaggingClassifier(n_estimators=3, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="sizes"):
        model.predict_prefixes(Xt, [0, 4])
    with pytest.raises(ValueError, match="class"):
        VoteBaggingClassifier().fit(np.zeros((6, 2)), np.zeros(6))


# Not vote_random: its predict_proba is the vote share, whose plain argmax can differ from the
# random tie-break of predict, which check_classifiers_train forbids.
@parametrize_with_checks([VoteBaggingClassifier(), VoteBaggingClassifier(combiner="prob_average")])
def test_sklearn_compatible(estimator, check):
    check(estimator)


def test_repeated_sizes_give_equal_rows():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    model = VoteBaggingClassifier(n_estimators=6, random_state=0).fit(X, y)
    rows = model.predict_prefixes(X, [3, 3, 6])
    np.testing.assert_array_equal(rows[0], rows[1])
    np.testing.assert_array_equal(rows[2], model.predict(X))
