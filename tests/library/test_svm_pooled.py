"""fit_group and pooled_decisions against SVC fitted on each raw sample, and the blocks' invariance."""

import warnings

import numpy as np
import pytest

from mavl.svm.grid import SVC_DEFAULTS, thesis_svc
from mavl.svm.pooled import fit_group, pooled_decisions

KERNEL_VALUES = {"rbf": 2.0, "poly": 3, "linear": None}
C_GRID = [0.5, 20.0]


def _pool(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(80, 4))
    y = (X[:, 0] + 0.8 * rng.normal(size=80) > 0).astype(np.int8)
    groups = [rng.integers(0, 80, size=(3, 25)), rng.integers(0, 80, size=(1, 25))]
    groups.append(np.flatnonzero(y == 1)[:25][None, :])        # one class only: no SVM
    return X, y, rng.normal(size=(37, 4)), groups


def _all_decisions(X, y, X_test, groups, kernel, budget):
    fits = [fit_group(X, y, g, kernel, KERNEL_VALUES[kernel], C_GRID, svm=SVC_DEFAULTS) for g in groups]
    parts = [[] for _ in fits]
    covered = []
    for block, decisions in pooled_decisions(X, X_test, fits, kernel, KERNEL_VALUES[kernel], budget=budget):
        covered.extend(range(X_test.shape[0])[block])
        for part, dec in zip(parts, decisions, strict=True):
            part.append(dec)
    assert covered == list(range(X_test.shape[0]))            # every test point once, in order
    return fits, [np.concatenate(p, axis=2) for p in parts]


@pytest.mark.parametrize("kernel", ["rbf", "poly", "linear"])
def test_decisions_are_those_of_svc_on_each_raw_sample(kernel):
    X, y, X_test, groups = _pool(3)
    fits, decisions = _all_decisions(X, y, X_test, groups, kernel, budget=1 << 22)
    for group, fit, dec in zip(groups, fits, decisions, strict=True):
        assert dec.shape == (len(C_GRID), group.shape[0], X_test.shape[0])
        for j, rows in enumerate(group):
            if np.unique(y[rows]).size < 2:
                assert fit.one_class[j] == y[rows[0]] and not dec[:, j].any()
                continue
            assert fit.one_class[j] == -1
            for c, C in enumerate(C_GRID):
                svc = thesis_svc(kernel, C, KERNEL_VALUES[kernel], n_features=X.shape[1])
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    svc.fit(X[rows], y[rows])
                np.testing.assert_allclose(dec[c, j], svc.decision_function(X_test), rtol=1e-7, atol=1e-7)
                assert fit.n_support[c, j] == svc.support_.size


@pytest.mark.parametrize("kernel", ["rbf", "poly"])
def test_blocks_of_any_size_give_the_same_decisions(kernel):
    X, y, X_test, groups = _pool(5)
    _, whole = _all_decisions(X, y, X_test, groups, kernel, budget=1 << 22)
    _, single_points = _all_decisions(X, y, X_test, groups, kernel, budget=1)   # one test point a block
    for a, b in zip(whole, single_points, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def test_select_keeps_the_chosen_samples():
    X, y, X_test, groups = _pool(7)
    fit = fit_group(X, y, groups[0], "rbf", 2.0, C_GRID, svm=SVC_DEFAULTS)
    tail = fit.select(slice(1, None))
    np.testing.assert_array_equal(tail.coef, fit.coef[:, 1:])
    np.testing.assert_array_equal(tail.points, fit.points)
    (_, (whole, part)), = [(b, d) for b, d in pooled_decisions(X, X_test, [fit, tail], "rbf", 2.0)]
    # Another shape of BLAS product: the same values up to the last bits.
    np.testing.assert_allclose(part, whole[:, 1:], rtol=1e-12, atol=1e-12)
