"""Valentini's (2003) comparison statistics: relative reductions, McNemar confidence levels and the
resampled paired t-test (spec valentini2003 §1.11, A19; thesis Tables 5.1, 5.2, 6.1 and 6.2).

The tests themselves are :func:`mavl.assess.mcnemar_test` (its χ² form, with continuity
correction, is the thesis's) and :func:`mavl.assess.paired_t_test` (its textbook
statistic, sample standard deviation with K − 1, is the thesis's t); this module adds what the
thesis reports on top of them.
"""

import numpy as np
import pandas as pd

from .intervals import mcnemar_test, paired_t_test

__all__ = [
    "MCNEMAR_LEVELS",
    "REDUCTION_QUANTITIES",
    "confidence_level",
    "mcnemar_confidence",
    "reduction_table",
    "relative_reduction",
    "resampled_paired_t_test",
]

#: Thresholds of Table 6.1's "confidence level" (A19); a p-value above the last one is reported as 1.
MCNEMAR_LEVELS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1)
#: Quantities of Tables 5.1 and 5.2, as named in the ``summary`` of
#: :class:`~mavl.bias_variance.domingos.DomingosResult`.
REDUCTION_QUANTITIES = ("error", "bias", "net_variance", "unbiased_variance")


def relative_reduction(single, ensemble):
    """100·(X_single − X_ensemble)/X_single, the % reduction of Tables 5.1–5.2 and the r.e.r. of
    Table 6.2 (spec §1.11).

    Negative values mean the ensemble is worse; a negative net variance can make it exceed 100 %.
    X_single = 0 gives NaN (no reduction is defined). Works elementwise on numbers, arrays and
    pandas objects (aligned on their index).
    """
    if isinstance(single, pd.Series | pd.DataFrame) or isinstance(ensemble, pd.Series | pd.DataFrame):
        single_, ensemble_ = single, ensemble
    else:
        single_, ensemble_ = np.asarray(single, dtype=float), np.asarray(ensemble, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = 100.0 * (single_ - ensemble_) / single_
    out = out.where(single_ != 0) if isinstance(out, pd.Series | pd.DataFrame) else \
        np.where(single_ != 0, out, np.nan)
    return out if isinstance(out, pd.Series | pd.DataFrame) or np.ndim(out) else float(out)


def reduction_table(single, ensemble, quantities=REDUCTION_QUANTITIES):
    """One row of Tables 5.1/5.2: the single SVM's and the ensemble's values and the % reductions.

    Parameters
    ----------
    single, ensemble : Series or mapping
        Summaries with the ``quantities`` (e.g. ``domingos_decomposition(...).summary``).
    quantities : sequence of str, default=:data:`REDUCTION_QUANTITIES`

    Returns
    -------
    DataFrame indexed by quantity, columns ``single``, ``ensemble``, ``reduction_pct``.
    """
    quantities = list(quantities)
    s = pd.Series({q: float(single[q]) for q in quantities})
    e = pd.Series({q: float(ensemble[q]) for q in quantities})
    return pd.DataFrame({"single": s, "ensemble": e, "reduction_pct": relative_reduction(s, e)})


def confidence_level(p_value, levels=MCNEMAR_LEVELS):
    """Table 6.1's confidence level: the smallest of ``levels`` ≥ p, else 1 (spec §1.11, A19)."""
    p = np.asarray(p_value, dtype=float)
    levels = np.sort(np.asarray(levels, dtype=float))
    # searchsorted "left" returns the first level ≥ p; past the end means p > 0.1: no difference.
    idx = np.searchsorted(levels, p, side="left")
    out = np.where(idx < levels.size, levels[np.minimum(idx, levels.size - 1)], 1.0)
    return float(out) if out.ndim == 0 else out


def mcnemar_confidence(y_true, pred_a, pred_b, levels=MCNEMAR_LEVELS):
    """McNemar's test of two classifiers on one test set, as Table 6.1 reports it (spec §1.11).

    χ² = ``(|n01 − n10| − 1)²/(n01 + n10)`` with 1 degree of freedom (Dietterich 1998), where n01
    counts the points only B gets right and n10 those only A gets right.

    Returns
    -------
    dict with ``n01``, ``n10``, ``chi2``, ``p_value`` (1 when n01 + n10 = 0) and ``confidence``.
    """
    y_true = np.asarray(y_true)
    correct_a, correct_b = np.asarray(pred_a) == y_true, np.asarray(pred_b) == y_true
    test = mcnemar_test(correct_a, correct_b, exact=False)
    return {"n01": test["c"], "n10": test["b"], "chi2": test["statistic"], "p_value": test["p_value"],
            "confidence": confidence_level(test["p_value"], levels)}


def resampled_paired_t_test(errors_a, errors_b, alpha=0.01):
    r"""The resampled paired t-test of Table 6.2 over replicates (spec §1.11).

    :math:`t = \bar d \sqrt{K} / s_d`, d = errors_a − errors_b, :math:`s_d` the sample standard
    deviation (K − 1), with K − 1 degrees of freedom; the thesis uses K = 30 and α = 0.01, and warns
    that resampled replicates overlap, so this test's type-I error is inflated.

    Returns
    -------
    dict with ``K``, ``mean_delta``, ``t``, ``df``, ``p_value`` (two-sided), ``critical_t`` and
    ``reject`` (:math:`|t| > t_{\alpha/2, K-1}`; with :math:`s_d = 0`, whenever :math:`\bar d \ne 0`).
    """
    test = paired_t_test(errors_a, errors_b, alpha=alpha)
    t = float(test["t_textbook"])
    return {"K": test["K"], "mean_delta": test["mean_delta"], "t": t, "df": test["K"] - 1,
            "p_value": test["p_value"], "critical_t": test["critical_t"],
            "reject": bool(abs(t) > test["critical_t"])}
