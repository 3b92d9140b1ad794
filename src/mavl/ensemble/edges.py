"""Edges of a weighted vote (Breiman 1997, §1-2; spec breiman1997 §1, §2.4, §2.10).

The edge of a point is the share of the vote cast by the members that misclassify it; top(c) is
the largest edge on the training set; the bottom edge φ* = min_c top(c) over the convex
combinations of a pool is the value of a zero-sum game between the ensemble and a distribution on
the points, solved here as a linear programme. A pool is a *weak learner* when φ* < 1/2.

The boosting and arcing estimators record each member's misses on the training points
(``train_misses_``) and their votes (``estimator_weights_``), which is all these functions need.
"""

from dataclasses import dataclass

import numpy as np

__all__ = ["BottomEdge", "adaboost_edge_bound", "bottom_edge", "staged_edges", "top_c"]


def staged_edges(misses, weights):
    """Edges after each step: ``(Σ_{m≤b} c_m i_mn) / Σ_{m≤b} c_m``, shape (n_steps, n_points).

    ``misses`` is the (n_steps, n_points) 0/1 matrix of each member's misses (an estimator's
    ``train_misses_``), ``weights`` the votes (``estimator_weights_``). Rows before any vote is
    cast are 0.
    """
    weights = np.asarray(weights, dtype=float)
    wrong = np.cumsum(weights[:, None] * np.asarray(misses, dtype=float), axis=0)
    total = np.cumsum(weights)[:, None]
    return np.divide(wrong, total, out=np.zeros_like(wrong), where=total > 0)


def top_c(misses, weights):
    """top(c) after each step: the largest training edge, shape (n_steps,)."""
    return staged_edges(misses, weights).max(axis=1)


@dataclass(frozen=True)
class BottomEdge:
    r"""The bottom edge :math:`\phi^*` of a pool, with the convex combination c that reaches it and
    the distribution Q on the points under which no member errs less (the game's two strategies)."""

    phi: float
    c: np.ndarray
    Q: np.ndarray


def bottom_edge(misses):
    r""":math:`\phi^* = \min_c \max_n (c, i(x_n))` over the convex combinations of a finite pool
    (Theorem 2.2).

    Parameters
    ----------
    misses : array-like of shape (n_members, n_points)
        0/1: member m misclassifies point n.

    Returns
    -------
    BottomEdge
        Solved as the linear programme :math:`\min t` s.t. :math:`I c \le t`, :math:`c \ge 0`,
        :math:`\sum c = 1` by scipy's HiGHS; Q comes from the duals of the :math:`I c \le t` rows.
    """
    from scipy.optimize import linprog  # here: the tables that only import this module skip its 0.25 s

    wrong = np.asarray(misses, dtype=float).T                   # I: (n_points, n_members)
    n, m = wrong.shape
    objective = np.r_[np.zeros(m), 1.0]
    result = linprog(objective, A_ub=np.c_[wrong, -np.ones(n)], b_ub=np.zeros(n),
                     A_eq=np.r_[np.ones(m), 0.0][None, :], b_eq=[1.0],
                     bounds=[(0, None)] * m + [(None, None)], method="highs")
    if result.status != 0:
        raise RuntimeError(f"the bottom-edge LP failed: {result.message}")
    Q = np.clip(-result.ineqlin.marginals, 0.0, None)
    return BottomEdge(float(result.x[-1]), result.x[:m], Q / Q.sum())


def adaboost_edge_bound(phi_star):
    r""":math:`\phi_{AB}(\phi^*) = (\log 2 + \log(1 - \phi^*)) / (-\log \phi^* + \log(1 - \phi^*))`
    (Eq. 7.3): AdaBoost ends with :math:`P(\mathrm{edge} > \phi) = 0` for every :math:`\phi` above it
    (Schapire et al., as Breiman restates them)."""
    phi_star = np.asarray(phi_star, dtype=float)
    return (np.log(2) + np.log1p(-phi_star)) / (-np.log(phi_star) + np.log1p(-phi_star))
