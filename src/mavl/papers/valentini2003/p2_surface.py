"""F4 of Valentini (2003) chapter 4: RBF SVMs on one raw P2 training set, their test errors and
their real-valued outputs on a grid of the input square (Figs 4.8–4.10, spec §4.0)."""

import numpy as np
import pandas as pd

from ...data.two_class import p2
from ...random import stream
from ...svm.grid import iter_svm_grid
from .chapter4 import SYNTHETIC_TEST_SIZE

__all__ = ["P2_SURFACE_PAIRS", "run_p2_surface"]

#: F4's (σ, C) pairs: Figs 4.8–4.10, then the checks of Q4.12 (spec §4.0).
P2_SURFACE_PAIRS = ((0.01, 1.0), (1.0, 1.0), (20.0, 1.0), (20.0, 1000.0),
                    (0.02, 1.0), (0.1, 1.0), (500.0, 1.0), (500.0, 1000.0))


def run_p2_surface(*, pairs=P2_SURFACE_PAIRS, seed, sample_size=100, n_test=SYNTHETIC_TEST_SIZE,
                   grid_step=0.1, rbf_gamma_rule="inv_sigma", e1_amplitude=2.0, svm=None):
    """F4: RBF SVMs on one raw P2 training set; test errors and outputs on a grid (Figs 4.8–4.10).

    The training set comes from ``stream(seed, "valentini2003/ch4_p2_surface/p2", 0, "data")``,
    𝒯 from its "split" stream. The grid is {0, step, …, 10}² (spec §2.2, the thesis's 0.1-spaced
    "10×10 input space"); f is the real-valued output Σ y_i α_i K(x_i, x) + b (positive: class I).

    Returns
    -------
    errors : DataFrame
        ``sigma, C, error`` (on 𝒯), ``n_support``, ``not_converged``, ``n_test``, ``rbf_gamma_rule``.
    surface : DataFrame
        ``sigma, C, x1, x2, f``, one row per grid point and pair.
    """
    name = "valentini2003/ch4_p2_surface/p2"
    X, y = p2(sample_size, stream(seed, name, 0, "data"), e1_amplitude)
    X_test, y_test = p2(n_test, stream(seed, name, 0, "split"), e1_amplitude)
    axis = np.round(np.arange(0.0, 10.0 + grid_step / 2, grid_step), 10)
    x1, x2 = (g.ravel() for g in np.meshgrid(axis, axis, indexing="ij"))
    points = np.concatenate([X_test, np.column_stack([x1, x2])])
    sample = np.arange(sample_size)[None, :]
    errors, surface = [], []
    for sigma in dict.fromkeys(s for s, _ in pairs):        # one kernel block per σ, in order
        Cs = [c for s, c in pairs if s == sigma]
        block = next(iter_svm_grid(X, y.astype(np.int8), points, sample, kernel="rbf", C=Cs,
                                   values=[sigma], rbf_gamma_rule=rbf_gamma_rule, route="shared",
                                   return_decision=True, **dict(svm or {})))
        for k, C in enumerate(Cs):
            pred = block.predictions[k, 0]
            errors.append({"sigma": sigma, "C": C, "error": float(np.mean(pred[:n_test] != y_test)),
                           "n_support": int(block.n_support[k, 0]),
                           "not_converged": bool(block.hit_max_iter[k, 0]), "n_test": n_test,
                           "rbf_gamma_rule": rbf_gamma_rule})
            surface.append(pd.DataFrame({"sigma": sigma, "C": C, "x1": x1, "x2": x2,
                                         "f": block.decisions[k, 0, n_test:]}))
    return pd.DataFrame(errors), pd.concat(surface, ignore_index=True)
