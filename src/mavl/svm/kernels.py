"""The thesis's SVM kernels and settings in scikit-learn (Valentini 2003, spec valentini2003 §3.1–3.3).

Spec §3.2 maps the Gaussian, polynomial and dot-product kernels to scikit-learn's parameters; A1 the
RBF width (γ = 1/σ by default, the printed 1/σ² as an option). :func:`thesis_kernel` computes the
kernel matrix with numpy, for the routes that give libsvm a precomputed kernel
(:mod:`mavl.svm.grid`, :mod:`mavl.svm.pooled`).

Those routes ask for tens of thousands of small matrices (the Gram matrix of one sample of s = 100
points), on which :func:`sklearn.metrics.pairwise.pairwise_kernels` spends most of its time
checking its inputs (1 ms a call, 15 % of a chapter-5 job). :func:`thesis_kernel` therefore checks
once and runs the same numpy operations as scikit-learn's ``rbf_kernel``, ``polynomial_kernel`` and
``linear_kernel`` on float64 arrays, in the same order, so the same bits
(``tests/library/test_svm_grid.py`` compares the two).
"""

import numpy as np
from sklearn.svm import SVC

__all__ = ["KERNELS", "PARAMETER_NAME", "RBF_GAMMA_RULES", "SVC_DEFAULTS", "kernel_params", "rbf_gamma",
           "thesis_kernel", "thesis_svc"]

#: The thesis's kernels (§3.1): Gaussian, polynomial and dot-product, by scikit-learn's names.
KERNELS = ("rbf", "poly", "linear")
#: The RBF γ as a function of the thesis's σ (A1): "inv_sigma" γ = 1/σ, the calibrated default
#: (§3.3); "inv_sigma_sq" γ = 1/σ², the formula as printed.
RBF_GAMMA_RULES = ("inv_sigma", "inv_sigma_sq")
#: libsvm settings of §3.2 (A25): the thesis patched SVM-light to stop long runs; max_iter mirrors it.
SVC_DEFAULTS = {"tol": 1e-3, "max_iter": 10**6, "cache_size": 200}
#: Name of each kernel's parameter (σ, the degree; none for the dot product).
PARAMETER_NAME = {"rbf": "sigma", "poly": "degree", "linear": None}


def rbf_gamma(sigma, rule="inv_sigma"):
    r"""scikit-learn's γ for the thesis's RBF width σ (spec §3.2–3.3, A1).

    ``rule="inv_sigma"`` gives :math:`\gamma = 1/\sigma`, i.e. :math:`K = \exp(-\|u - v\|^2/\sigma)`,
    which reproduces the published optima (§3.3); ``"inv_sigma_sq"`` gives
    :math:`\gamma = 1/\sigma^2`, the printed :math:`\exp(-\|u - v\|^2/\sigma^2)`.
    """
    if rule not in RBF_GAMMA_RULES:
        raise ValueError(f"rbf_gamma_rule must be one of {RBF_GAMMA_RULES}; got {rule!r}.")
    sigma = float(sigma)
    if not sigma > 0:
        raise ValueError(f"sigma must be positive; got {sigma}.")
    return 1.0 / sigma if rule == "inv_sigma" else 1.0 / sigma**2


def kernel_params(kernel, value=None, *, n_features, rbf_gamma_rule="inv_sigma"):
    r"""Keyword arguments of :class:`~sklearn.svm.SVC` (and ``pairwise_kernels``) for one thesis
    kernel (spec §3.2).

    Parameters
    ----------
    kernel : {"rbf", "poly", "linear"}
    value : float, int or None
        σ for "rbf", the degree for "poly"; ignored (must be None) for "linear".
    n_features : int
        Input dimension d: the polynomial kernel is :math:`(u \cdot v/d + 1)^{degree}`, so
        :math:`\gamma = 1/d` and coef0 = 1.
    rbf_gamma_rule : {"inv_sigma", "inv_sigma_sq"}, default="inv_sigma"
        See :func:`rbf_gamma`.

    Returns
    -------
    dict with ``kernel`` and, as the kernel needs, ``gamma``, ``degree``, ``coef0``.
    """
    if kernel not in KERNELS:
        raise ValueError(f"kernel must be one of {KERNELS}; got {kernel!r}.")
    if kernel == "linear":
        if value is not None:
            raise ValueError(f"the linear kernel takes no parameter; got {value!r}.")
        return {"kernel": "linear"}
    if value is None:
        raise ValueError(f"kernel {kernel!r} needs a {PARAMETER_NAME[kernel]}.")
    if kernel == "rbf":
        return {"kernel": "rbf", "gamma": rbf_gamma(value, rbf_gamma_rule)}
    if int(value) != value or value < 1:
        raise ValueError(f"degree must be a positive integer; got {value!r}.")
    return {"kernel": "poly", "gamma": 1.0 / n_features, "degree": int(value), "coef0": 1.0}


def thesis_svc(kernel, C, value=None, *, n_features, rbf_gamma_rule="inv_sigma", **svc_params):
    """An :class:`~sklearn.svm.SVC` with the thesis's kernel and §3.2's settings; ``svc_params``
    override them."""
    params = {**SVC_DEFAULTS, **svc_params}
    return SVC(C=float(C), **kernel_params(kernel, value, n_features=n_features,
                                           rbf_gamma_rule=rbf_gamma_rule), **params)


def thesis_kernel(X, Y=None, kernel="rbf", value=None, *, rbf_gamma_rule="inv_sigma"):
    """The kernel matrix K(X, Y) that :func:`thesis_svc` uses (libsvm's kernel, computed by numpy).

    ``Y=None`` is K(X, X). The values are scikit-learn's ``pairwise_kernels(X, Y, metric=kernel,
    **kernel_params(...))`` to the last bit (module docstring).
    """
    X = _checked(X, "X")
    Y = X if Y is None else _checked(Y, "Y")
    if Y.shape[1] != X.shape[1]:
        raise ValueError(f"X and Y must have as many features; got {X.shape[1]} and {Y.shape[1]}.")
    params = kernel_params(kernel, value, n_features=X.shape[1], rbf_gamma_rule=rbf_gamma_rule)
    if kernel == "rbf":
        # rbf_kernel: squared distances as euclidean_distances forms them, then exp(-γ d²).
        xx = np.einsum("ij,ij->i", X, X)[:, None]
        yy = xx.T if Y is X else np.einsum("ij,ij->i", Y, Y)[None, :]
        K = -2 * (X @ Y.T)
        K += xx
        K += yy
        np.maximum(K, 0, out=K)
        if Y is X:
            np.fill_diagonal(K, 0)
        K *= -params["gamma"]
        return np.exp(K, out=K)
    K = X @ Y.T
    if kernel == "poly":
        K *= params["gamma"]
        K += params["coef0"]
        K **= params["degree"]
    return K


def _checked(A, name):
    A = np.asarray(A, dtype=np.float64)
    if A.ndim != 2:
        raise ValueError(f"{name} must be a 2-D array of shape (n_samples, n_features); got shape {A.shape}.")
    if not np.isfinite(A).all():
        raise ValueError(f"{name} contains NaN or infinity.")
    return A
