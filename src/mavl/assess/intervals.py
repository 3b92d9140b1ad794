"""Confidence intervals and tests for performance estimates (spec zaki-ch22 §2.4–2.5).

The chapter's variance divides by K (:func:`~mavl.assess.mean_and_variance` with ``ddof=0``); every function
also gives the K − 1 version. Critical values come from scipy.
"""

import numpy as np
from scipy import stats

__all__ = ["mcnemar_test", "mean_and_variance", "paired_t_test", "t_interval", "z_interval"]


def mean_and_variance(theta, ddof=0):
    r""":math:`\hat\mu` and :math:`\hat\sigma^2` of the estimates (the chapter divides by K: ``ddof=0``)."""
    theta = np.asarray(theta, dtype=float)
    return float(theta.mean()), float(theta.var(ddof=ddof))


def z_interval(theta, alpha=0.05, sigma=None):
    r""":math:`\hat\mu \pm z_{\alpha/2} \sigma/\sqrt{K}`; :math:`\hat\sigma` (1/K form) stands in when
    ``sigma`` is unknown."""
    theta = np.asarray(theta, dtype=float)
    mu, var = mean_and_variance(theta)
    s = np.sqrt(var) if sigma is None else float(sigma)
    half = stats.norm.ppf(1 - alpha / 2) * s / np.sqrt(theta.size)
    return mu - half, mu + half


def t_interval(theta, alpha=0.05, ddof=0):
    r""":math:`\hat\mu \pm t_{\alpha/2, K-1} \hat\sigma/\sqrt{K}` with the chapter's :math:`\hat\sigma`
    (``ddof=0``) or the textbook one (``ddof=1``)."""
    theta = np.asarray(theta, dtype=float)
    mu, var = mean_and_variance(theta, ddof)
    half = stats.t.ppf(1 - alpha / 2, theta.size - 1) * np.sqrt(var / theta.size)
    return mu - half, mu + half


def paired_t_test(theta_a, theta_b, alpha=0.05):
    r"""Paired t-test over shared folds or replicates (Algorithm 22.4).

    Returns a dict: mean and sd of :math:`\delta = \theta_A - \theta_B` (chapter's 1/K), the chapter's
    statistic :math:`Z^*_\delta = \sqrt{K} \hat\mu_\delta/\hat\sigma_\delta`, the critical
    :math:`t_{\alpha/2,K-1}`, whether :math:`H_0` (equal performance) is rejected, and the textbook
    (K − 1) statistic with its two-sided p-value (that of :func:`scipy.stats.ttest_rel`).
    If :math:`\hat\sigma_\delta = 0`, :math:`H_0` is rejected exactly when :math:`\hat\mu_\delta \ne 0`.
    """
    delta = np.asarray(theta_a, dtype=float) - np.asarray(theta_b, dtype=float)
    k = delta.size
    if k < 2:
        raise ValueError("a paired t-test needs at least 2 paired estimates.")
    mu, var = mean_and_variance(delta)
    sd = np.sqrt(var)
    critical = float(stats.t.ppf(1 - alpha / 2, k - 1))
    if sd == 0:
        z = 0.0 if mu == 0 else float(np.copysign(np.inf, mu))
        p_value = 1.0 if mu == 0 else 0.0
    else:
        z = float(np.sqrt(k) * mu / sd)
        p_value = float(2 * stats.t.sf(abs(z) * np.sqrt((k - 1) / k), k - 1))
    return {"K": k, "mean_delta": mu, "sd_delta": float(sd), "z_star": z, "critical_t": critical,
            "reject": bool(abs(z) > critical), "t_textbook": z * np.sqrt((k - 1) / k) if np.isfinite(z)
            else z, "p_value": p_value}


def mcnemar_test(correct_a, correct_b, exact=True):
    """McNemar's test on one test set: do A and B err on different points more than chance says?

    Counts b = A right and B wrong, c = A wrong and B right. The exact version is a two-sided
    binomial test of b against Bin(b + c, ½); otherwise the χ² statistic with continuity correction.
    """
    a, b_ = np.asarray(correct_a, bool), np.asarray(correct_b, bool)
    b, c = int(np.sum(a & ~b_)), int(np.sum(~a & b_))
    if b + c == 0:
        return {"b": b, "c": c, "statistic": 0.0, "p_value": 1.0}
    if exact:
        p = float(stats.binomtest(b, b + c, 0.5).pvalue)
        return {"b": b, "c": c, "statistic": float(b), "p_value": p}
    chi2 = (abs(b - c) - 1) ** 2 / (b + c)
    return {"b": b, "c": c, "statistic": float(chi2), "p_value": float(stats.chi2.sf(chi2, 1))}
