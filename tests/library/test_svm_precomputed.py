"""fit_precomputed against SVC(kernel="precomputed"): the same solution, bit for bit."""

import warnings

import numpy as np
import pytest
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel
from sklearn.svm import SVC

from mavl.svm.precomputed import fit_precomputed


def _problem(rng, kernel):
    X = rng.normal(size=(60, 5))
    rows = rng.integers(0, 60, size=60)                 # a bootstrap sample: repeated points
    y = np.where(X[:, 0] + rng.normal(size=60) > 0, 3, -1)[rows]
    if kernel == "rbf":
        K = rbf_kernel(X, gamma=rng.uniform(0.01, 2.0))
    else:
        K = polynomial_kernel(X, degree=int(rng.integers(1, 5)), gamma=0.2, coef0=1.0)
    return K[np.ix_(rows, rows)], y


@pytest.mark.parametrize("kernel", ["rbf", "poly"])
@pytest.mark.parametrize("max_iter", [5, 10**5])       # stopped early, and solved
def test_the_same_solution_as_svc(kernel, max_iter):
    rng = np.random.default_rng([7, max_iter])
    for _ in range(40):
        K, y = _problem(rng, kernel)
        C = float(10 ** rng.uniform(-2, 3))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            svc = SVC(kernel="precomputed", C=C, tol=1e-3, max_iter=max_iter).fit(K, y)
        fit = fit_precomputed(K, y, C, tol=1e-3, max_iter=max_iter)
        np.testing.assert_array_equal(fit.classes, svc.classes_)
        np.testing.assert_array_equal(fit.support, svc.support_)
        np.testing.assert_array_equal(fit.dual_coef, svc.dual_coef_[0])
        assert fit.intercept == svc.intercept_[0] and fit.n_iter == svc.n_iter_
        # Its decision values are SVC's: positive for classes[1].
        decision = K[:, fit.support] @ fit.dual_coef + fit.intercept
        np.testing.assert_allclose(decision, svc.decision_function(K), rtol=1e-9, atol=1e-9)
    if max_iter == 5:
        assert fit.n_iter == 5


def test_one_class_is_refused():
    with pytest.raises(ValueError, match="two-class problems; y holds 1 classes"):
        fit_precomputed(np.eye(3), np.ones(3), 1.0)
