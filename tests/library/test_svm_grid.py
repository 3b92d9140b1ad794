"""The thesis's SVM kernels and the single-SVM grid (spec valentini2003 §1.6, §3.1–3.5)."""

import numpy as np
import pytest

from mavl.bias_variance.domingos import domingos_decomposition
from mavl.data.two_class import p2, p2_standardize, waveform_two_class
from mavl.svm.grid import (
    draw_samples,
    iter_svm_grid,
    kernel_params,
    rbf_gamma,
    svm_grid_predictions,
    thesis_kernel,
    thesis_svc,
)

U = np.array([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])
V = np.array([[3.0, -1.0], [0.0, 0.0]])


def _data(name, kernel):
    rng = np.random.default_rng(2003)
    generator = p2 if name == "p2" else waveform_two_class
    (X, y), (X_test, y_test) = generator(300, rng), generator(150, rng)
    if name == "p2" and kernel != "rbf":      # §2.9, A2: raw P2 overflows the polynomial kernel
        X, X_test = p2_standardize(X), p2_standardize(X_test)
    return X, y, X_test, y_test


def _hand_kernel(u, v, kernel, value, rule="inv_sigma"):
    """§3.1 as printed, one pair at a time (σ per A1's rule)."""
    if kernel == "linear":
        return float(u @ v)
    if kernel == "poly":
        return float((u @ v / u.size + 1.0) ** value)
    width = value if rule == "inv_sigma" else value**2
    return float(np.exp(-np.sum((u - v) ** 2) / width))


@pytest.mark.parametrize("rule", ["inv_sigma", "inv_sigma_sq"])
@pytest.mark.parametrize("kernel, value", [("rbf", 2.0), ("rbf", 0.5), ("poly", 3), ("linear", None)])
def test_kernel_matches_section_3_1_formulas(kernel, value, rule):
    hand = np.array([[_hand_kernel(u, v, kernel, value, rule) for v in V] for u in U])
    np.testing.assert_allclose(thesis_kernel(U, V, kernel, value, rbf_gamma_rule=rule), hand, rtol=1e-14)


@pytest.mark.parametrize("kernel, value", [("rbf", 0.2), ("rbf", 500.0), ("poly", 1), ("poly", 2),
                                           ("poly", 7), ("linear", None)])
@pytest.mark.parametrize("shapes", [(100, None, 2), (37, 211, 21), (1, 5, 3), (64, 64, 57)])
def test_kernel_is_scikit_learns_to_the_last_bit(kernel, value, shapes):
    """The lean route (module docstring) gives pairwise_kernels' bits, for K(X, X) (zeroed diagonal
    distances) as for K(X, Y)."""
    from sklearn.metrics.pairwise import pairwise_kernels

    n_x, n_y, d = shapes
    rng = np.random.default_rng(n_x * d)
    X = rng.normal(size=(n_x, d)) * rng.uniform(0.1, 10, d)
    Y = None if n_y is None else rng.normal(size=(n_y, d))
    params = kernel_params(kernel, value, n_features=d)
    expected = pairwise_kernels(X, Y, metric=params.pop("kernel"), filter_params=True, **params)
    got = thesis_kernel(X, Y, kernel, value)
    assert got.dtype == np.float64 and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)
    slice_ = thesis_kernel(X[::2], None if Y is None else Y[1::3], kernel, value)   # strided views
    np.testing.assert_array_equal(slice_, pairwise_kernels(X[::2], None if Y is None else Y[1::3],
                                                           metric=kernel, filter_params=True, **params))


def test_kernel_rejects_bad_arrays():
    with pytest.raises(ValueError, match="X must be a 2-D array"):
        thesis_kernel(np.ones(3), None, "linear")
    with pytest.raises(ValueError, match="Y contains NaN"):
        thesis_kernel(U, np.array([[np.nan, 1.0]]), "rbf", 1.0)
    with pytest.raises(ValueError, match="as many features"):
        thesis_kernel(U, np.ones((2, 3)), "poly", 2)


def test_kernel_section_3_1_worked_values():
    # ‖(1,2) − (3,−1)‖² = 13 and (1,2)·(3,−1) = 1, d = 2.
    u, v = U[:1], V[:1]
    assert thesis_kernel(u, v, "rbf", 2.0)[0, 0] == pytest.approx(np.exp(-6.5), rel=1e-14)
    assert thesis_kernel(u, v, "rbf", 2.0, rbf_gamma_rule="inv_sigma_sq")[0, 0] == pytest.approx(
        np.exp(-3.25), rel=1e-14)
    assert thesis_kernel(u, v, "poly", 3)[0, 0] == pytest.approx(1.5**3, rel=1e-14)
    assert thesis_kernel(u, v, "linear")[0, 0] == pytest.approx(1.0)


@pytest.mark.parametrize("kernel, value", [("rbf", 2.0), ("poly", 3), ("linear", None)])
def test_thesis_svc_decides_with_the_section_3_1_kernel(kernel, value):
    X, y, X_test, _ = _data("p2", kernel)
    svc = thesis_svc(kernel, 10.0, value, n_features=2).fit(X[:100], y[:100])
    K = np.array([[_hand_kernel(s, x, kernel, value) for x in X_test[:20]]
                  for s in svc.support_vectors_])
    np.testing.assert_allclose(svc.dual_coef_[0] @ K + svc.intercept_[0],
                               svc.decision_function(X_test[:20]), atol=1e-9)


def test_kernel_params_section_3_2_mapping():
    assert kernel_params("poly", 4, n_features=21) == {"kernel": "poly", "gamma": 1 / 21, "degree": 4,
                                                       "coef0": 1.0}
    assert kernel_params("rbf", 50, n_features=21) == {"kernel": "rbf", "gamma": 1 / 50}
    assert kernel_params("linear", n_features=21) == {"kernel": "linear"}
    assert rbf_gamma(20.0) == 1 / 20 and rbf_gamma(20.0, "inv_sigma_sq") == 1 / 400
    svc = thesis_svc("rbf", 5, 20.0, n_features=16)
    assert (svc.tol, svc.max_iter, svc.gamma, svc.C) == (1e-3, 10**6, 1 / 20, 5.0)


@pytest.mark.parametrize("call, match", [
    (lambda: rbf_gamma(1.0, "sigma"), "rbf_gamma_rule"),
    (lambda: rbf_gamma(0.0), "sigma"),
    (lambda: kernel_params("poly", 2.5, n_features=2), "degree"),
    (lambda: kernel_params("rbf", None, n_features=2), "sigma"),
    (lambda: kernel_params("sigmoid", 1, n_features=2), "kernel"),
])
def test_bad_kernel_settings_name_the_parameter(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("name", ["p2", "waveform"])
@pytest.mark.parametrize("kernel, values", [("rbf", [0.1, 2.0, 50.0]), ("poly", [1, 3, 6]),
                                            ("linear", None)])
def test_section_3_5_shared_route_equals_naive(name, kernel, values):
    X, y, X_test, _ = _data(name, kernel)
    samples = draw_samples(7, X.shape[0], 4)
    args = {"kernel": kernel, "C": [0.1, 1.0, 100.0], "values": values, "return_decision": True}
    shared = svm_grid_predictions(X, y, X_test, samples, route="shared", **args)
    naive = svm_grid_predictions(X, y, X_test, samples, route="naive", **args)
    np.testing.assert_array_equal(shared.predictions, naive.predictions)
    np.testing.assert_allclose(shared.decisions, naive.decisions, rtol=0, atol=1e-8)
    np.testing.assert_array_equal(shared.n_support, naive.n_support)
    np.testing.assert_array_equal(shared.hit_max_iter, naive.hit_max_iter)
    assert shared.settings.equals(naive.settings)
    assert shared.predictions.shape == (3 * len(values or [None]), 4, X_test.shape[0])


def test_fits_stopped_by_max_iter_are_counted_a25():
    X, y, X_test, _ = _data("waveform", "rbf")
    args = {"kernel": "rbf", "C": [100.0], "values": [20.0], "max_iter": 3}
    samples = draw_samples(5, X.shape[0], 3)
    shared = svm_grid_predictions(X, y, X_test, samples, route="shared", **args)
    naive = svm_grid_predictions(X, y, X_test, samples, route="naive", **args)
    assert shared.hit_max_iter.all() and naive.hit_max_iter.all()
    np.testing.assert_array_equal(shared.predictions, naive.predictions)


def test_one_class_sample_predicts_its_class_section_3_2():
    X, y, X_test, _ = _data("p2", "rbf")
    samples = np.vstack([np.flatnonzero(y == 0)[:10], draw_samples(1, X.shape[0], 1, size=10)])
    for route in ("shared", "naive"):
        r = svm_grid_predictions(X, y, X_test, samples, kernel="rbf", C=[1.0], values=[1.0], route=route)
        assert np.all(r.predictions[0, 0] == 0) and r.n_support[0, 0] == 0


def test_grid_is_deterministic_and_samples_are_prefixes_section_1_6():
    X, y, X_test, _ = _data("waveform", "rbf")
    samples = draw_samples(3, X.shape[0], 5)
    np.testing.assert_array_equal(samples, draw_samples(3, X.shape[0], 5))
    np.testing.assert_array_equal(samples[:2], draw_samples(3, X.shape[0], 2))
    assert samples.shape == (5, 100) and samples.max() < X.shape[0]
    args = {"kernel": "rbf", "C": [1.0, 10.0], "values": [20.0]}
    first = svm_grid_predictions(X, y, X_test, samples, **args)
    second = svm_grid_predictions(X, y, X_test, samples, **args)
    np.testing.assert_array_equal(first.predictions, second.predictions)
    # Blocks per kernel parameter are the same as the whole grid's rows.
    blocks = list(iter_svm_grid(X, y, X_test, samples, kernel="rbf", C=[1.0, 10.0], values=[5.0, 20.0]))
    np.testing.assert_array_equal(blocks[1].predictions, first.predictions)


def test_grid_feeds_domingos_decomposition_section_1_5():
    X, y, X_test, y_test = _data("p2", "rbf")
    r = svm_grid_predictions(X, y, X_test, draw_samples(0, X.shape[0], 6), kernel="rbf", C=[1.0],
                             values=[1.0])
    s = domingos_decomposition(r.predictions[0], y_test).summary
    assert s["error"] == pytest.approx(s["bias"] + s["net_variance"], abs=1e-12)
    assert s["error"] == pytest.approx(np.mean(r.predictions[0] != y_test), abs=1e-12)


@pytest.mark.parametrize("kwargs, match", [
    ({"kernel": "poly", "C": [1.0]}, "values"),
    ({"kernel": "rbf", "C": [1.0], "values": [1.0], "route": "fast"}, "route"),
    ({"kernel": "rbf", "C": [1.0], "values": [1.0], "class_weight": "balanced"}, "svc_params"),
])
def test_bad_grid_arguments_name_the_parameter(kwargs, match):
    X, y, X_test, _ = _data("p2", "rbf")
    with pytest.raises(ValueError, match=match):
        svm_grid_predictions(X, y, X_test, draw_samples(0, X.shape[0], 2), **kwargs)
