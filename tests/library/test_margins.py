"""Margins from a staged boosting fit and the three models of Chapter 4 (spec james-ch3-4 §3)."""

import os
import platform
import subprocess
import sys

import numpy as np
import pytest
from scipy.optimize import approx_fprime
from scipy.stats import norm
from sklearn.datasets import make_classification

from mavl.bias_variance.margins import (
    PARAMETER_DIGITS,
    _normal_jacobian,
    _normal_prediction,
    error_curve,
    fit_normal_model,
    fit_schapire_model,
    fit_training_model,
    lowess,
    margin_cdf,
    nearest_training_points,
    staged_margins,
)
from mavl.ensemble.boosting import AdaBoostM1Classifier
from mavl.trees import STreeClassifier


@pytest.fixture(scope="module")
def boosted():
    X, y = make_classification(n_samples=240, n_features=6, n_informative=4, n_classes=3,
                               random_state=0)
    y = np.array(["a", "b", "c"])[y]
    model = AdaBoostM1Classifier(STreeClassifier(mincut=3, minsize=6, mindev=0.0), n_estimators=15,
                                 random_state=1).fit(X[:160], y[:160])
    return model, X, y


def test_margins_match_a_direct_computation(boosted):
    model, X, y = boosted
    margins = staged_margins(model, X, y)
    assert margins.shape == (15, X.shape[0])
    # Independent: votes from each member's predictions and weights.
    index = np.searchsorted(model.classes_, y)
    votes = np.zeros((X.shape[0], 3))
    for b, (member, a) in enumerate(zip(model.estimators_, model.estimator_weights_, strict=True)):
        votes[np.arange(X.shape[0]), np.searchsorted(model.classes_, model.classes_[member.predict(X)])] += a
        share = votes / model.estimator_weights_[: b + 1].sum()
        own = share[np.arange(X.shape[0]), index]
        rival = np.where(np.eye(3, dtype=bool)[index], -1.0, share).max(axis=1)
        np.testing.assert_allclose(margins[b], own - rival, atol=1e-12)
    assert (np.abs(margins) <= 1 + 1e-12).all()


def test_error_curve_is_the_staged_error_where_there_are_no_ties(boosted):
    model, X, y = boosted
    margins = staged_margins(model, X, y)
    staged = np.array([np.mean(p != y) for p in model.staged_predict(X)])
    untied = (margins != 0).all(axis=1)
    np.testing.assert_allclose(error_curve(margins)[untied], staged[untied])
    np.testing.assert_array_equal(margin_cdf(margins, 0.0), error_curve(margins))


def test_negative_vote_weights_are_refused(boosted):
    model, X, y = boosted

    class Negative:
        classes_ = model.classes_
        estimator_weights_ = np.r_[model.estimator_weights_[:-1], -0.1]

        def staged_votes(self, X):
            return model.staged_votes(X)

    with pytest.raises(ValueError, match="non-negative vote weights"):
        staged_margins(Negative(), X, y)


def test_training_model_is_least_squares():
    rng = np.random.default_rng(0)
    te, tr = rng.random(50), rng.random(50)
    fit = fit_training_model(te, tr)
    grid = np.linspace(fit["C0"] - 0.1, fit["C0"] + 0.1, 201)
    assert fit["rss"] <= min(np.sum((te - tr - c) ** 2) for c in grid) + 1e-12


def test_schapire_model_never_loses_to_the_training_model_and_is_exact():
    rng = np.random.default_rng(1)
    margins = np.clip(rng.normal(0.1, 0.3, size=(40, 120)) + np.linspace(0, 0.5, 40)[:, None], -1, 1)
    te = 0.3 - 0.002 * np.arange(40) + rng.normal(0, 0.01, 40)
    training = fit_training_model(te, error_curve(margins))
    schapire = fit_schapire_model(te, margins)
    assert schapire["rss"] <= training["rss"] + 1e-12
    # Brute force over every candidate theta agrees.
    candidates = np.unique(np.r_[0.0, margins[margins >= 0]])
    rss = [np.sum((te - margin_cdf(margins, t) - np.mean(te - margin_cdf(margins, t))) ** 2)
           for t in candidates]
    assert schapire["rss"] == pytest.approx(min(rss))
    assert schapire["theta"] == candidates[int(np.argmin(rss))]


def test_normal_model_recovers_a_synthetic_curve():
    rng = np.random.default_rng(2)
    n_rounds, n_train, n_test = 60, 80, 100
    drift = np.linspace(0, 0.4, n_rounds)[:, None]
    train_margins = np.clip(rng.normal(0.2, 0.3, (n_rounds, n_train)) + drift, -1, 1)
    nn_index = rng.integers(0, n_train, n_test)
    nn_distance = rng.random(n_test) * 2
    alpha, b0, b1 = 0.4, 0.1, 0.2
    m = train_margins[:, nn_index]
    mu = m + b0 * (1 + m) - b1 * (1 + m) * nn_distance
    B = np.arange(1, n_rounds + 1)
    te = norm.cdf(-mu / np.sqrt(alpha / B)[:, None]).mean(axis=1)
    fit = fit_normal_model(te, train_margins, nn_index, nn_distance)
    assert fit["rss"] < 1e-8
    np.testing.assert_allclose(fit["prediction"], te, atol=1e-4)
    constrained = fit_normal_model(te, train_margins, nn_index, nn_distance, nonnegative_beta1=True)
    assert constrained["beta1"] >= 0 and constrained["rss"] < 1e-8


def _normal_problem(seed=5, n_rounds=60, n_train=200, n_test=150):
    rng = np.random.default_rng(seed)
    drift = np.linspace(0, 0.4, n_rounds)[:, None]
    train_margins = np.clip(rng.normal(0.2, 0.3, (n_rounds, n_train)) + drift, -1, 1)
    nn_index, nn_distance = rng.integers(0, n_train, n_test), rng.random(n_test) * 2
    te = np.clip(0.3 - 0.02 * np.log(np.arange(1, n_rounds + 1)) + rng.normal(0, 0.02, n_rounds), 0, 1)
    return te, train_margins, nn_index, nn_distance


def test_normal_model_jacobian_matches_finite_differences():
    _, train_margins, nn_index, nn_distance = _normal_problem()
    m, B = train_margins[:, nn_index], np.arange(1.0, train_margins.shape[0] + 1)
    params = np.array([0.3, 0.1, 0.2])
    exact = _normal_jacobian(params, m, nn_distance, B)
    numeric = np.array([approx_fprime(params, lambda p, r=row: _normal_prediction(p, m, nn_distance, B)[r],
                                      1e-7) for row in range(B.size)])
    np.testing.assert_allclose(exact, numeric, rtol=1e-5, atol=1e-8)


def test_normal_model_parameters_are_stated_to_their_digits_and_predict_from_them():
    te, train_margins, nn_index, nn_distance = _normal_problem()
    fit = fit_normal_model(te, train_margins, nn_index, nn_distance)
    for name in ("alpha", "beta0", "beta1"):
        assert fit[name] == float(f"{fit[name]:.{PARAMETER_DIGITS}g}")
    m, B = train_margins[:, nn_index], np.arange(1.0, te.size + 1)
    prediction = _normal_prediction((fit["alpha"], fit["beta0"], fit["beta1"]), m, nn_distance, B)
    assert np.array_equal(fit["prediction"], prediction)
    assert fit["rss"] == pytest.approx(float(np.sum((te - prediction) ** 2)))


_FIT_IN_A_SUBPROCESS = """
import hashlib, sys
sys.path[:0] = [sys.argv[1]]
from test_margins import _normal_problem
from mavl.bias_variance.margins import fit_normal_model
print(hashlib.sha256(fit_normal_model(*_normal_problem())["prediction"].tobytes()).hexdigest())
"""


@pytest.mark.skipif(platform.machine() != "x86_64", reason="OpenBLAS core types named here are x86's")
def test_normal_model_fit_gives_the_same_bytes_whatever_simd_and_blas_kernels_run():
    """The fit once drifted by ~1e-8 between machines: numpy's SIMD exp/log and OpenBLAS's
    kernels differ in the last bit, and the solver's path amplified it. Emulate other machines."""
    from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__

    found = " ".join(f for f in __cpu_dispatch__ if __cpu_features__.get(f))
    variants = [{}, {"OPENBLAS_CORETYPE": "Nehalem"}, {"OPENBLAS_CORETYPE": "Sandybridge"}]
    if found:
        variants.append({"NPY_DISABLE_CPU_FEATURES": found})
    here = os.path.dirname(__file__)
    digests = {subprocess.run([sys.executable, "-c", _FIT_IN_A_SUBPROCESS, here], check=True,
                              capture_output=True, text=True, env={**os.environ, **variant}).stdout
               for variant in variants}
    assert len(digests) == 1


def test_nearest_training_point_ties_go_to_the_lowest_index():
    X_train = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    index, distance = nearest_training_points(X_train, np.array([[0.0, 0.0], [0.0, 2.0]]))
    assert index.tolist() == [0, 1]
    np.testing.assert_allclose(distance, [1.0, 1.0])


def test_lowess_reproduces_a_line_and_resists_an_outlier():
    x = np.arange(1.0, 41.0)
    line = 2.0 - 0.05 * x
    np.testing.assert_allclose(lowess(x, line, frac=0.3), line, atol=1e-10)
    # Robustness weights need residual scale, so add a little noise (as real curves have).
    spiky = line + np.random.default_rng(3).normal(0, 0.01, x.size)
    spiky[20] += 5.0
    smoothed = lowess(x, spiky, frac=0.3)
    assert abs(smoothed[20] - line[20]) < 0.05
