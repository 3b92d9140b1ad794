"""ROC curve and AUC by the chapter's algorithm (Zaki & Meira Algorithm 22.1; spec §2.1).

scikit-learn's :func:`~sklearn.metrics.roc_curve` and :func:`~sklearn.metrics.roc_auc_score` do
the same job; this version follows the chapter step by step (one point per distinct score,
trapezoids between them) so that it can serve as a check, and the tests compare the two.
"""

import numpy as np
import pandas as pd
from scipy.stats import mannwhitneyu

__all__ = ["auc_mann_whitney", "roc_points"]


def roc_points(y_true, scores, positive):
    """The ROC points and the AUC.

    A point is called positive at threshold ρ when its score exceeds ρ; tied scores move together
    (one diagonal step). The curve starts at (0, 0) and ends at (1, 1).

    Returns
    -------
    points : DataFrame with columns threshold, FPR, TPR
    auc : float
    """
    is_pos = np.asarray(y_true) == positive
    scores = np.asarray(scores, dtype=float)
    n1, n2 = int(is_pos.sum()), int((~is_pos).sum())
    if n1 == 0 or n2 == 0:
        raise ValueError("ROC analysis needs both positive and negative test points.")
    order = np.argsort(-scores, kind="stable")
    tp = fp = tp_prev = fp_prev = 0
    auc, rho = 0.0, np.inf
    rows = []

    def trapezoid(x1, y1, x2, y2):
        return abs(x2 - x1) * (y1 + y2) / 2.0

    for i in order:
        if rho > scores[i]:
            rows.append((rho, fp / n2, tp / n1))
            auc += trapezoid(fp_prev / n2, tp_prev / n1, fp / n2, tp / n1)
            rho, fp_prev, tp_prev = scores[i], fp, tp
        if is_pos[i]:
            tp += 1
        else:
            fp += 1
    rows.append((-np.inf, fp / n2, tp / n1))
    auc += trapezoid(fp_prev / n2, tp_prev / n1, 1.0, 1.0)
    return pd.DataFrame(rows, columns=["threshold", "FPR", "TPR"]), auc


def auc_mann_whitney(y_true, scores, positive):
    """AUC as P(S(x⁺) > S(x⁻)) + ½ P(S(x⁺) = S(x⁻)), from scipy's Mann–Whitney U statistic."""
    is_pos = np.asarray(y_true) == positive
    scores = np.asarray(scores, dtype=float)
    u = mannwhitneyu(scores[is_pos], scores[~is_pos]).statistic
    return float(u / (is_pos.sum() * (~is_pos).sum()))
