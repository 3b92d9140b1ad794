"""The shared-tree ECOC family (spec james-ch2 §4.2–4.7, §4.10)."""

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.exceptions import NotFittedError

from mavl import (
    CentroidClassifier,
    ECOCClassifier,
    RegressionClassifier,
    SubstitutionClassifier,
)


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    return X[:600], y[:600], X[600:900], y[600:900]


DECODERS = ["l1", "regression", "centroid", "substitution"]


def test_prefix_equals_fresh_fit_with_same_seed(digits):
    X, y, Xt, _ = digits
    big = ECOCClassifier(n_estimators=30, random_state=5).fit(X, y)
    small = ECOCClassifier(n_estimators=12, random_state=5).fit(X, y)
    np.testing.assert_array_equal(big.code_matrix_[:, :12], small.code_matrix_)
    decoded, _ = big.decode_prefixes(Xt, [12, 30], DECODERS)
    fresh, _ = small.decode_prefixes(Xt, [12], DECODERS)
    for name in DECODERS:
        np.testing.assert_array_equal(decoded[name][0], fresh[name][0])


def test_each_decoder_class_matches_shared_fit(digits):
    X, y, Xt, _ = digits
    shared = ECOCClassifier(n_estimators=20, random_state=1).fit(X, y)
    decoded, _ = shared.decode_prefixes(Xt, [20], DECODERS)
    for name, cls in [("regression", RegressionClassifier), ("centroid", CentroidClassifier),
                      ("substitution", SubstitutionClassifier)]:
        alone = cls(n_estimators=20, random_state=1).fit(X, y)
        np.testing.assert_array_equal(alone.predict(Xt), shared.classes_[decoded[name][0]])
    np.testing.assert_array_equal(shared.predict(Xt), shared.classes_[decoded["l1"][0]])


def test_identity_code_is_one_vs_rest(digits):
    X, y, Xt, _ = digits
    model = ECOCClassifier(code="identity", random_state=0).fit(X, y)
    decoded, _ = model.decode_prefixes(Xt, [10], ["l1", "one_vs_rest"])
    np.testing.assert_array_equal(decoded["l1"], decoded["one_vs_rest"])


def test_regression_undefined_below_k_and_errors(digits):
    X, y, Xt, _ = digits
    model = ECOCClassifier(n_estimators=12, random_state=0).fit(X, y)
    decoded, _ = model.decode_prefixes(Xt, [5, 9, 10], ["regression"])
    assert (decoded["regression"][:2] == -1).all() and (decoded["regression"][2] >= 0).all()
    with pytest.raises(ValueError, match="n_classes"):
        RegressionClassifier(n_estimators=5, random_state=0).fit(X, y)      # refused before any column fits


def test_substitution_scores_are_probabilities(digits):
    X, y, Xt, _ = digits
    model = SubstitutionClassifier(n_estimators=15, random_state=0).fit(X, y)
    scores = model.decision_function(Xt)
    np.testing.assert_allclose(scores.sum(axis=1), 1.0)
    assert (scores >= 0).all()


def test_ensemble_beats_chance_and_improves_with_b(digits):
    X, y, Xt, yt = digits
    model = ECOCClassifier(n_estimators=60, random_state=0).fit(X, y)
    decoded, _ = model.decode_prefixes(Xt, [2, 60], ["l1"])
    err = (model.classes_[decoded["l1"]] != yt).mean(axis=1)
    assert err[1] < 0.2 < err[0]


def test_bad_input():
    with pytest.raises(NotFittedError):
        ECOCClassifier().predict(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="class"):
        ECOCClassifier().fit(np.zeros((5, 2)), np.ones(5))
    with pytest.raises(ValueError, match="NaN"):
        ECOCClassifier().fit(np.array([[np.nan, 1.0], [0.0, 1.0]]), [0, 1])
    with pytest.raises(ValueError, match="n_estimators"):
        ECOCClassifier(n_estimators=0).fit(np.zeros((4, 2)), [0, 1, 0, 1])
    model = ECOCClassifier(n_estimators=3, random_state=0).fit(np.eye(4), [0, 1, 0, 1])
    with pytest.raises(ValueError, match="sizes"):
        model.decode_prefixes(np.eye(4), [4])
