"""One two-class SVM on a precomputed kernel block, solved by libsvm without the wrapping of
:class:`~sklearn.svm.SVC`.

The grids and ensembles of Valentini's thesis solve millions of small problems (s = 100 points).
On such a problem ``SVC(kernel="precomputed").fit`` spends several times libsvm's own solve in
parameter and input checks (measured in ``benchmarks/valentini_profile.py``), so
:func:`fit_precomputed` hands libsvm exactly the arguments ``SVC.fit`` would (the same solver, the
same numbers in the same order, hence the same solution to the last bit) and returns what
``SVC`` would expose after the fit, with its sign convention for two classes.
"""

from typing import NamedTuple

import numpy as np

from .._sklearn import libsvm

__all__ = ["PrecomputedFit", "fit_encoded", "fit_precomputed"]

_C_SVC = 0                                    # libsvm's svm_type of SVC (sklearn's LIBSVM_IMPL order)


class PrecomputedFit(NamedTuple):
    """A solved two-class SVM, as ``SVC`` would hold it after ``fit``.

    ``support`` are ``support_``; ``dual_coef`` ``dual_coef_[0]`` and ``intercept``
    ``intercept_[0]`` (positive decision values for ``classes[1]``); ``n_iter`` ``n_iter_``.
    """

    classes: np.ndarray
    support: np.ndarray
    dual_coef: np.ndarray
    intercept: float
    n_iter: int


def fit_precomputed(K, y, C, *, tol=1e-3, max_iter=-1, cache_size=200):
    """Solve ``SVC(kernel="precomputed", C=C, tol=tol, max_iter=max_iter, cache_size=cache_size)``
    on the square kernel block ``K`` and labels ``y`` of exactly two classes.

    Inputs are trusted (the callers build them): ``K`` is made a C-ordered float64 array, as
    ``SVC.fit`` would make it, but not otherwise checked. A run stopped by ``max_iter`` is not
    warned about; compare ``n_iter`` with ``max_iter``.
    """
    classes, encoded = np.unique(y, return_inverse=True)
    if classes.size != 2:
        raise ValueError(f"fit_precomputed solves two-class problems; y holds {classes.size} classes.")
    return fit_encoded(K, encoded.astype(np.float64), classes, C, tol=tol, max_iter=max_iter,
                       cache_size=cache_size)


def fit_encoded(K, encoded, classes, C, *, tol=1e-3, max_iter=-1, cache_size=200):
    """:func:`fit_precomputed` on labels already encoded: ``encoded`` (float64, 0 for ``classes[0]``,
    1 for ``classes[1]``), as ``np.unique(y, return_inverse=True)`` gives them. For the callers that
    solve one sample for many C: its labels are encoded once, not once per C."""
    K = np.ascontiguousarray(K, dtype=np.float64)
    libsvm.set_verbosity_wrap(0)              # libsvm's own default prints every solve, as SVC.fit avoids
    # SVC's defaults for what a precomputed C-SVC ignores or leaves at one: unit class weights,
    # no sample weights, gamma 0, degree 3, shrinking on, no probability estimates.
    support, _, _, dual_coef, intercept, _, _, _, n_iter = libsvm.fit(
        K, encoded, svm_type=_C_SVC, sample_weight=np.empty(0),
        class_weight=np.ones(2), kernel="precomputed", C=float(C), nu=0.0, probability=False,
        degree=3, shrinking=True, tol=float(tol), cache_size=float(cache_size), coef0=0.0, gamma=0.0,
        epsilon=0.0, max_iter=int(max_iter), random_seed=0)
    # libsvm's first label is encoded class 0; SVC flips the signs so that class 1 is positive.
    return PrecomputedFit(classes, support, -dual_coef[0], -float(intercept[0]), int(n_iter.item()))
