"""The Section 3.4 case study on the claims' bootstrap draws of its training sets (spec README,
decision 4): the estimators of :func:`.gaussian_study.shrinkage_estimates`, Figure 2.6's line and
disagreement, and Figure 3.1's crossing, each recomputed on the drawn sets.

They pool the training sets (a variance over them, a mean of their probabilities), so a draw
recomputes them from the per-set arrays the case study holds in memory, never from its means.
"""

import numpy as np
import pandas as pd

__all__ = ["DRAW_COLUMNS", "case_study_on_draws", "crossing"]

#: Columns of the per-draw frame (``raw/case_study/draws.tsv``).
DRAW_COLUMNS = ["draw", "alpha_T", "alpha_S", "var_T", "var_S", "ratio_T", "ratio_S", "gamma", "rho",
                "b_star", "b_cross", "slope", "r2", "disagreement"]


def crossing(mean_err, grid):
    """The smallest grid B where Substitution's mean error is below the tree's (None: nowhere).
    ``mean_err``: mean percent error by (method, B)."""
    tree = mean_err["Tree"].iloc[0]
    below = [b for b in grid if mean_err["Substitution"][b] < tree]
    return int(min(below)) if below else None


def case_study_on_draws(draws, q, tree_probas, sub_probas, ecoc_sets, sub_sets, disagreements, errors, grid,
                        estimate):
    """One row of :data:`DRAW_COLUMNS` per draw of the training sets (the estimators NaN on a draw
    of one distinct set).

    Parameters
    ----------
    draws : Resamples
    q : ndarray (n, k)
        Exact posteriors at the test points.
    tree_probas, sub_probas : ndarray (T, n, k), (T, B, n, k)
        The tree's and each Substitution tree's proportions on every training set.
    ecoc_sets, sub_sets : ndarray (T, n, k)
        Figure 2.6's estimates of every training set (ECOC's D̄_i, Substitution's p_i with all columns).
    disagreements : ndarray (T,)
        Test points where ECOC and Substitution disagree on being right, per training set.
    errors : DataFrame
        The case study's ``training_set, method, B, err`` rows.
    grid : sequence of int
    estimate : callable
        :func:`.gaussian_study.shrinkage_estimates`.
    """
    mask = q > 0.01
    # Only the pairs the estimators read, once: a draw then copies (T, B, m), not (T, B, n, k).
    qm, pt, ps = q[mask], tree_probas[:, mask], sub_probas[:, :, mask]
    ecoc_m, sub_m = ecoc_sets[:, mask], sub_sets[:, mask]
    per_set = errors.pivot_table(index="training_set", columns=["method", "B"], values="err", sort=False)
    n_sets, n_points = tree_probas.shape[0], q.shape[0]
    rows = []
    for b in range(len(draws)):
        picks = draws.indices(b, n_sets)
        ecoc, sub = ecoc_m[picks].mean(axis=0), sub_m[picks].mean(axis=0)
        slope = float(np.polyfit(ecoc, sub, 1)[0])
        r2 = float(np.corrcoef(ecoc, sub)[0, 1] ** 2)
        mean_err = per_set.iloc[picks].mean()
        # A variance over the sets needs two of them: a draw of one set estimates nothing (NaN).
        scalars = estimate(qm, pt[picks], ps[picks]) if np.unique(picks).size > 1 else {}
        rows.append({"draw": b, **scalars, "b_cross": crossing(mean_err, grid),
                     "slope": slope, "r2": r2,
                     "disagreement": disagreements[picks].sum() / (n_sets * n_points)})
    return pd.DataFrame(rows).reindex(columns=DRAW_COLUMNS)
