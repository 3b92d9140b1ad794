"""The single-SVM bias–variance grid of Valentini (2003), on the thesis's kernels (:mod:`.kernels`).

Spec valentini2003 §1.6 (one SVM per setting α and per sample D_i, every α on the same samples) and
§3.5 (exact speed-ups).

:func:`svm_grid_predictions` returns, for every setting of a grid, the (n_samples × n_test) matrix
of predicted labels that :func:`mavl.bias_variance.domingos.domingos_decomposition` takes. Two
routes give the same predictions:

* ``route="naive"``: a plain ``SVC(kernel=...)`` fitted on each raw sample for each setting and
  asked to ``predict`` the test set, libsvm evaluating the kernel inside fit and predict.
* ``route="shared"``: for each sample and kernel parameter (σ or degree), the sample's Gram matrix
  is computed once on its unique points and shared by every C (:func:`mavl.svm.pooled.fit_group`
  with a group of one sample: libsvm on the precomputed block, ``SVC(kernel="precomputed")``
  without its checks);
  the kernel between the test set and the union of those fits' support vectors is computed once,
  and the decision values of all C are one matrix product. Decision values agree with the naive
  route to about 1e-10 (the kernel values differ from libsvm's own in the last bits only).

Samples are reused across settings (common random numbers, §1.6): they are row indices drawn once
(:func:`draw_samples`), sample i depending only on (random_state, i).

Not used: training on a bootstrap sample's unique points with ``sample_weight`` = multiplicity.
libsvm scales C per point (C·w_i), so the dual is the same problem (k copies of a point with
α_j ∈ [0, C] are one α ∈ [0, kC]), but the SMO path differs and libsvm stops at ``tol``: at the
thesis's tol = 1e-3 decision values differed by up to 0.6 and a few test predictions flipped
(P2 and Waveform, RBF, polynomial, linear); at tol = 1e-10 they agree to 1e-10. It is exact only
up to the solver tolerance, so §3.5's "identical results" does not hold and it is left out.
"""

import warnings
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.exceptions import ConvergenceWarning

from ..ensemble.aggregating import sample_rows
from ..random import draw_seeds
from .kernels import (
    KERNELS,
    PARAMETER_NAME,
    RBF_GAMMA_RULES,
    SVC_DEFAULTS,
    kernel_params,
    rbf_gamma,
    thesis_kernel,
    thesis_svc,
)
from .pooled import fit_group

__all__ = [
    "KERNELS",
    "RBF_GAMMA_RULES",
    "ROUTES",
    "SVMGridResult",
    "draw_samples",
    "iter_svm_grid",
    "kernel_params",
    "rbf_gamma",
    "svm_grid_predictions",
    "thesis_kernel",
    "thesis_svc",
]

#: How :func:`svm_grid_predictions` computes (identical predictions; see the module docstring).
ROUTES = ("shared", "naive")


def draw_samples(random_state, n_points, n_samples, size=100):
    """Row indices of the n samples D_i: ``size`` draws each, uniform with replacement (spec §1.6).

    Sample i depends only on (``random_state``, i), so the first n of a larger draw are the same
    samples; every setting reuses them (common random numbers).

    Returns
    -------
    ndarray of int, shape (n_samples, size)
    """
    seeds = draw_seeds(random_state, n_samples)
    return np.stack([sample_rows(seed, n_points, size) for seed in seeds]) if n_samples else \
        np.empty((0, size), dtype=np.int64)


@dataclass(frozen=True)
class SVMGridResult:
    """Predictions of one SVM per (setting, sample) on the test set.

    Attributes
    ----------
    settings : DataFrame
        One row per setting α: ``kernel``, ``sigma`` and ``rbf_gamma_rule`` (rbf) or ``degree``
        (poly), ``gamma`` (NaN for linear) and ``C``, in the order kernel parameter × C (C fastest).
    predictions : ndarray of shape (n_settings, n_samples, n_test)
        Predicted labels; ``predictions[k]`` is the matrix
        :func:`~mavl.bias_variance.domingos.domingos_decomposition` takes.
    decisions : ndarray of shape (n_settings, n_samples, n_test) or None
        Decision values (positive favours the larger label); only with ``return_decision=True``.
    n_support : ndarray of int, shape (n_settings, n_samples)
        Support vectors of each SVM, duplicates of the sample counted (spec §1.10, A22).
    hit_max_iter : ndarray of bool, shape (n_settings, n_samples)
        Fits stopped by ``max_iter`` (A25: counted, never dropped).
    """

    settings: pd.DataFrame
    predictions: np.ndarray
    decisions: np.ndarray | None
    n_support: np.ndarray
    hit_max_iter: np.ndarray


def _settings_table(kernel, value, params, C_grid, rbf_gamma_rule):
    row = {"kernel": kernel}
    if PARAMETER_NAME[kernel] is not None:
        row[PARAMETER_NAME[kernel]] = value
    if kernel == "rbf":                       # A1: every output records the γ rule
        row["rbf_gamma_rule"] = rbf_gamma_rule
    row["gamma"] = params.get("gamma", np.nan)
    return pd.DataFrame([{**row, "C": float(C)} for C in C_grid])


def _fit(svc, X, y, max_iter):
    # A fit stopped by max_iter is counted (A25), so libsvm's warning is redundant here.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        svc.fit(X, y)
    return bool(np.any(svc.n_iter_ >= max_iter))


def _naive_block(X, y, X_test, samples, kernel, value, C_grid, params, return_decision):
    """One plain SVC per (C, sample) on the raw sample, predicting with libsvm (the reference)."""
    n_c, n = len(C_grid), len(samples)
    pred = np.empty((n_c, n, X_test.shape[0]), dtype=y.dtype)
    dec = np.zeros((n_c, n, X_test.shape[0])) if return_decision else None
    n_sv, hit = np.zeros((n_c, n), dtype=np.int64), np.zeros((n_c, n), dtype=bool)
    for i, rows in enumerate(samples):
        labels = np.unique(y[rows])
        for k, C in enumerate(C_grid):
            if labels.size < 2:               # §3.2: a one-class sample predicts its class
                pred[k, i] = labels[0]
                continue
            svc = thesis_svc(kernel, C, value, n_features=X.shape[1], **params)
            hit[k, i] = _fit(svc, X[rows], y[rows], params["max_iter"])
            pred[k, i] = svc.predict(X_test)
            n_sv[k, i] = svc.support_.size
            if return_decision:
                dec[k, i] = svc.decision_function(X_test)
    return pred, dec, n_sv, hit


def _shared_block(X, y, X_test, samples, kernel, value, C_grid, params, return_decision):
    """Kernel blocks computed once per (sample, kernel parameter) and shared by every C (§3.5)."""
    n_c, n = len(C_grid), len(samples)
    pred = np.empty((n_c, n, X_test.shape[0]), dtype=y.dtype)
    dec = np.zeros((n_c, n, X_test.shape[0])) if return_decision else None
    n_sv, hit = np.zeros((n_c, n), dtype=np.int64), np.zeros((n_c, n), dtype=bool)
    svm = {key: params[key] for key in SVC_DEFAULTS}
    for i, rows in enumerate(samples):
        labels = np.unique(y[rows])
        if labels.size < 2:
            pred[:, i] = labels[0]
            continue
        # A group of one sample: its Gram matrix on its own unique points, as a fit per sample gives.
        fit = fit_group(X, y, rows[None], kernel, value, C_grid, rbf_gamma_rule=params["rbf_gamma_rule"],
                        svm=svm)
        hit[:, i], n_sv[:, i] = fit.hit_max_iter[:, 0], fit.n_support[:, 0]
        d = np.repeat(fit.intercept[:, 0], X_test.shape[0], axis=1)
        if fit.points.size:
            d += fit.coef[:, 0] @ thesis_kernel(X[fit.points], X_test, kernel, value,
                                                rbf_gamma_rule=params["rbf_gamma_rule"])
        # SVC.predict gives classes_[1] when decision_function ≥ 0 (libsvm sends a 0 to the second label).
        pred[:, i] = np.where(d >= 0, labels[1], labels[0])
        if return_decision:
            dec[:, i] = d
    return pred, dec, n_sv, hit


def _check(X, y, X_test, samples, kernel, values, route):
    if route not in ROUTES:
        raise ValueError(f"route must be one of {ROUTES}; got {route!r}.")
    if kernel not in KERNELS:
        raise ValueError(f"kernel must be one of {KERNELS}; got {kernel!r}.")
    X, X_test, y = np.asarray(X, np.float64), np.asarray(X_test, np.float64), np.asarray(y)
    samples = np.asarray(samples)
    if X.ndim != 2 or X_test.ndim != 2 or X.shape[1] != X_test.shape[1] or y.shape != X.shape[:1]:
        raise ValueError(f"X (n, d), y (n,) and X_test (m, d) do not match: {X.shape}, {y.shape}, "
                         f"{X_test.shape}.")
    if samples.ndim != 2 or samples.dtype.kind not in "iu":
        raise ValueError(f"samples must be an int array (n_samples, size); got {samples.shape}.")
    if np.unique(y).size != 2:
        raise ValueError(f"the grid is for two classes; y holds {np.unique(y).size}.")
    if kernel == "linear":
        values = [None] if values is None else values
    elif values is None:
        raise ValueError(f"kernel {kernel!r} needs values: the {PARAMETER_NAME[kernel]}s of the grid.")
    return X, y, X_test, samples, list(values)


def iter_svm_grid(X, y, X_test, samples, *, kernel, C, values=None, rbf_gamma_rule="inv_sigma",
                  route="shared", return_decision=False, **svc_params):
    """:func:`svm_grid_predictions` one kernel parameter at a time (bounded memory at full scale).

    Yields one :class:`SVMGridResult` per entry of ``values``, holding its ``len(C)`` settings.
    """
    X, y, X_test, samples, values = _check(X, y, X_test, samples, kernel, values, route)
    unknown = set(svc_params) - set(SVC_DEFAULTS)
    if unknown:
        # Both routes must fit the same SVM, so only the solver settings may change.
        raise ValueError(f"svc_params may only override {sorted(SVC_DEFAULTS)}; got {sorted(unknown)}.")
    params = {**SVC_DEFAULTS, **svc_params, "rbf_gamma_rule": rbf_gamma_rule}
    block = _shared_block if route == "shared" else _naive_block
    C_grid = [float(c) for c in np.atleast_1d(C)]
    for value in values:
        mapped = kernel_params(kernel, value, n_features=X.shape[1], rbf_gamma_rule=rbf_gamma_rule)
        pred, dec, n_sv, hit = block(X, y, X_test, samples, kernel, value, C_grid, params,
                                     return_decision)
        settings = _settings_table(kernel, value, mapped, C_grid, rbf_gamma_rule)
        yield SVMGridResult(settings, pred, dec, n_sv, hit)


def svm_grid_predictions(X, y, X_test, samples, *, kernel, C, values=None, rbf_gamma_rule="inv_sigma",
                         route="shared", return_decision=False, **svc_params):
    """Test-set predictions of one SVM per setting α and sample D_i (spec §1.6, Figs 4.3–4.4).

    Parameters
    ----------
    X, y : array-like of shape (n, d) and (n,)
        The base training set 𝒟, two classes, already prepared (z-scored or raw, spec §2.9).
    X_test : array-like of shape (m, d)
        The test set 𝒯.
    samples : int array of shape (n_samples, size)
        Row indices of each sample D_i into X (:func:`draw_samples`); every setting uses them all.
    kernel : {"rbf", "poly", "linear"}
    C : float or sequence of float
        The C grid, shared by every kernel parameter.
    values : sequence or None
        The σ grid (rbf) or degree grid (poly); None for linear.
    rbf_gamma_rule : {"inv_sigma", "inv_sigma_sq"}, default="inv_sigma"
        A1: γ = 1/σ (calibrated, §3.3) or 1/σ² (as printed).
    route : {"shared", "naive"}, default="shared"
        Same predictions; "shared" computes each kernel block once (§3.5, module docstring).
    return_decision : bool, default=False
        Also return the decision values (memory: 8 bytes per setting × sample × test point).
    **svc_params
        Overrides of :data:`~mavl.svm.kernels.SVC_DEFAULTS` (``tol``, ``max_iter``, ``cache_size``).

    Returns
    -------
    SVMGridResult

    Examples
    --------
    >>> from mavl.data.two_class import p2
    >>> rng = np.random.default_rng(0)
    >>> (X, y), (X_test, _) = p2(500, rng), p2(200, rng)
    >>> r = svm_grid_predictions(X, y, X_test, draw_samples(0, 500, 4), kernel="rbf",
    ...                          C=[1, 100], values=[1.0, 20.0])
    >>> r.predictions.shape, r.settings.columns.tolist()
    ((4, 4, 200), ['kernel', 'sigma', 'rbf_gamma_rule', 'gamma', 'C'])
    """
    blocks = list(iter_svm_grid(X, y, X_test, samples, kernel=kernel, C=C, values=values,
                                rbf_gamma_rule=rbf_gamma_rule, route=route,
                                return_decision=return_decision, **svc_params))
    return SVMGridResult(
        pd.concat([b.settings for b in blocks], ignore_index=True),
        np.concatenate([b.predictions for b in blocks]),
        np.concatenate([b.decisions for b in blocks]) if return_decision else None,
        np.concatenate([b.n_support for b in blocks]),
        np.concatenate([b.hit_max_iter for b in blocks]),
    )
