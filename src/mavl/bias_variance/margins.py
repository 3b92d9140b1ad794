"""Margins of a boosted ensemble and the three models of its test error (James 1998, Chapter 4).

The margin of a point after B rounds is ``M_B(x) = v_y(x) − max_{c≠y} v_c(x)``, with ``v`` the
share of the vote weight each class got (spec james-ch3-4 §3.1); a point is misclassified when
``M ≤ 0`` (ties count as errors, so the error rate is exactly ``P(M ≤ 0)``). Margins are read from
a fitted ensemble's staged votes, never by refitting.

The models of the test error curve te[B], B = 1..n (spec §3.2), all fitted by least squares to
the raw curve:

* Training Model, ``tr[B] + C0``;
* Schapire Model, ``F_B(θ) + C_θ`` with ``F_B`` the empirical CDF of the training margins;
* Normal Model, ``mean_i Φ(−μ_i(B) / sqrt(α/B))`` with ``μ_i = m + β0 (1 + m) − β1 (1 + m) d_i``,
  ``m`` the training margin of test point i's nearest training point and ``d_i`` its distance.

:func:`lowess` is a plain LOWESS smoother for display only.
"""

import numpy as np
from scipy.spatial.distance import cdist
from scipy.special import ndtr

__all__ = [
    "error_curve",
    "fit_normal_model",
    "fit_schapire_model",
    "fit_training_model",
    "lowess",
    "margin_cdf",
    "nearest_training_points",
    "staged_margins",
]


def staged_margins(estimator, X, y):
    r"""Margins of every point after every round: array of shape (n_rounds, n_samples).

    Parameters
    ----------
    estimator : fitted ensemble
        Needs ``classes_``, ``estimator_weights_`` (the vote weights :math:`a_t \ge 0`) and
        ``staged_votes(X)`` yielding the running weighted votes :math:`\sum_{t \le B} a_t 1[C_t(x) = c]`
        of shape (n_samples, n_classes) — as :class:`mavl.ensemble.boosting.AdaBoostM1Classifier`
        does.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        True labels, in the estimator's label space.

    Returns
    -------
    ndarray of shape (n_rounds, n_samples), values in [−1, 1]. Before any weight has been cast
    (all leading weights zero) every class has share 0 and the margin is 0.
    """
    weights = np.asarray(estimator.estimator_weights_, dtype=float)
    if (weights < 0).any():
        raise ValueError("margins need non-negative vote weights; this ensemble has a_t < 0 "
                         "(a round with error ≥ 1/2 kept under bad_round='literal').")
    y = np.asarray(y)
    position = {c: i for i, c in enumerate(estimator.classes_)}
    try:
        y_index = np.array([position[v] for v in y])
    except KeyError as missing:
        raise ValueError(f"label {missing.args[0]!r} is not one of the estimator's classes.") from None
    rows = np.arange(y_index.size)
    totals = np.cumsum(weights)
    out = []
    for votes, total in zip(estimator.staged_votes(X), totals, strict=False):
        share = votes / total if total > 0 else np.zeros_like(votes)
        own = share[rows, y_index]
        others = share.copy()
        others[rows, y_index] = -np.inf
        out.append(own - others.max(axis=1))
    return np.vstack(out)


def error_curve(margins):
    """Share of points with margin ≤ 0 after each round: shape (n_rounds,)."""
    return np.mean(np.asarray(margins) <= 0, axis=1)


def margin_cdf(margins, theta):
    r""":math:`F_B(\theta)`: share of points with margin :math:`\le \theta` after each round."""
    return np.mean(np.asarray(margins) <= theta, axis=1)


def nearest_training_points(X_train, X_test):
    """Index and Euclidean distance of each test point's nearest training point (ties: lowest index)."""
    d = cdist(np.asarray(X_test, float), np.asarray(X_train, float))
    index = d.argmin(axis=1)          # argmin returns the first of tied minima
    return index, d[np.arange(d.shape[0]), index]


def _rss(te, pred):
    return float(np.sum((np.asarray(te) - pred) ** 2))


def fit_training_model(te, tr):
    """Training Model ``tr + C0``; least squares gives ``C0 = mean(te − tr)``.

    Returns a dict with ``C0``, ``prediction`` and ``rss``.
    """
    te, tr = np.asarray(te, float), np.asarray(tr, float)
    c0 = float(np.mean(te - tr))
    return {"C0": c0, "prediction": tr + c0, "rss": _rss(te, tr + c0)}


def fit_schapire_model(te, train_margins):
    r"""Schapire Model :math:`F_B(\theta) + C_\theta`, :math:`\theta` searched exactly over 0 and every
    observed margin :math:`\ge 0`.

    RSS is piecewise constant in θ, changing only at observed margin values, so the search is
    exact; ties go to the smallest θ. θ = 0 is the Training Model, so RSS never exceeds it.

    Returns a dict with ``theta``, ``C_theta``, ``prediction`` and ``rss``.
    """
    te = np.asarray(te, float)
    margins = np.sort(np.asarray(train_margins, float), axis=1)
    candidates = np.unique(np.concatenate([[0.0], margins[margins >= 0]]))
    # F_B(θ) for every candidate at once: count of margins ≤ θ per round via searchsorted.
    n = margins.shape[1]
    best = None
    for chunk in np.array_split(candidates, max(1, candidates.size // 2000)):
        F = np.vstack([np.searchsorted(row, chunk, side="right") for row in margins]).T / n
        C = (te[None, :] - F).mean(axis=1)
        rss = ((te[None, :] - F - C[:, None]) ** 2).sum(axis=1)
        i = int(np.argmin(rss))
        if best is None or rss[i] < best[0] - 1e-15:
            best = (float(rss[i]), float(chunk[i]), float(C[i]), F[i])
    rss, theta, c_theta, F = best
    return {"theta": theta, "C_theta": c_theta, "prediction": F + c_theta, "rss": rss}


PARAMETER_DIGITS = 6
_ALPHA_FLOOR = 1e-12
_TIGHT = {"ftol": 1e-15, "xtol": 1e-15, "gtol": 1e-15}


def _normal_terms(params, m, d, B):
    """``z = −μ/s`` of every (round, test point) and the factors of its derivatives."""
    alpha, beta0, beta1 = params
    one_plus_m = 1.0 + m
    mu = m + beta0 * one_plus_m - beta1 * one_plus_m * d[None, :]
    # α enters directly (no exp of a log-parameter): sqrt and division are exactly rounded, while
    # numpy's SIMD exp and log differ in the last bit between CPU generations.
    scale = np.sqrt(alpha / B)[:, None]
    return -mu / scale, one_plus_m, scale


def _normal_prediction(params, m, d, B):
    z, _, _ = _normal_terms(params, m, d, B)
    return ndtr(z).mean(axis=1)      # ndtr is the normal CDF Φ, without the overhead


def _normal_jacobian(params, m, d, B):
    """Exact derivatives of the prediction in (α, β0, β1): mean_i φ(z) ∂z/∂θ."""
    z, one_plus_m, scale = _normal_terms(params, m, d, B)
    density = np.exp(-0.5 * z * z) / np.sqrt(2 * np.pi)
    return np.column_stack([(density * (-z / (2 * params[0]))).mean(axis=1),
                            (density * (-one_plus_m / scale)).mean(axis=1),
                            (density * (one_plus_m * d[None, :] / scale)).mean(axis=1)])


def fit_normal_model(te, train_margins, nn_index, nn_distance, nonnegative_beta1=False):
    """Normal Model (4.7) fitted jointly in (α, β0, β1) by nonlinear least squares, multi-start.

    Parameters
    ----------
    te : array of shape (n_rounds,)
        Test error per round.
    train_margins : array of shape (n_rounds, n_train)
    nn_index, nn_distance : arrays of shape (n_test,)
        From :func:`nearest_training_points`.
    nonnegative_beta1 : bool
        Constrain β1 ≥ 0 (farther points have lower margins), the spec's sensitivity variant.

    Returns
    -------
    dict with ``alpha``, ``beta0``, ``beta1`` (to ``PARAMETER_DIGITS`` significant digits),
    ``prediction`` and ``rss`` at those parameters. The parameters are weakly identified (spec
    §3.2); compare curves and RSS, not parameters. The solver uses the exact Jacobian and tight
    tolerances so that where it stops does not depend on its path.
    """
    te = np.asarray(te, float)
    m = np.asarray(train_margins, float)[:, np.asarray(nn_index)]
    d = np.asarray(nn_distance, float)
    B = np.arange(1, te.size + 1, dtype=float)
    lower = [_ALPHA_FLOOR, -np.inf, 0.0 if nonnegative_beta1 else -np.inf]

    def residuals(params):
        return _normal_prediction(params, m, d, B) - te

    def jacobian(params):
        return _normal_jacobian(params, m, d, B)

    from scipy.optimize import least_squares  # here: reading margins needs no scipy.optimize (0.25 s)

    best = None
    for alpha in (0.01, 0.05, 0.2, 0.5, 1.0, 2.0, 5.0):
        for b0 in (-1.0, -0.5, 0.0, 0.5, 1.0):
            for b1 in (0.0, 0.1, 0.3):
                fit = least_squares(residuals, [alpha, b0, b1], bounds=(lower, np.inf), method="trf",
                                    jac=jacobian, **_TIGHT)
                rss = float(np.sum(fit.fun**2))
                if best is None or rss < best[0] - 1e-15:
                    best = (rss, fit.x)
    # The optimum lies in a flat valley (spec §3.2): with other BLAS kernels the solver stops up to
    # ~1e-8 apart. Stated to PARAMETER_DIGITS significant digits the parameters, and the prediction
    # computed from them, are the same bytes on every machine unless a parameter lies within that
    # distance of a rounding boundary (odds of about 1 in 1000 per fit).
    alpha, b0, b1 = (float(f"{v:.{PARAMETER_DIGITS}g}") for v in best[1])
    prediction = _normal_prediction((alpha, b0, b1), m, d, B)
    return {"alpha": alpha, "beta0": b0, "beta1": b1,
            "prediction": prediction, "rss": _rss(te, prediction)}


def lowess(x, y, frac=0.2, iterations=3):
    """LOWESS: local linear fits with tricube weights, robustified with bisquare weights.

    Each point is fitted from its ``ceil(frac * n)`` nearest x values; ``iterations`` robustness
    passes down-weight residuals by the bisquare of ``r / (6 median |r|)`` (Cleveland 1979). Used
    only to draw the smooth lines of Figures 4.1–4.4.
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    n = x.size
    r = min(n, max(2, int(np.ceil(frac * n))))
    robust = np.ones(n)
    fitted = np.empty(n)
    for _ in range(iterations + 1):
        for i in range(n):
            dist = np.abs(x - x[i])
            h = np.sort(dist)[r - 1]
            w = np.clip(1 - (dist / h) ** 3, 0, None) ** 3 if h > 0 else (dist == 0).astype(float)
            w = w * robust
            sw = w.sum()
            xm = (w * x).sum() / sw
            ym = (w * y).sum() / sw
            sxx = (w * (x - xm) ** 2).sum()
            slope = (w * (x - xm) * (y - ym)).sum() / sxx if sxx > 1e-12 else 0.0
            fitted[i] = ym + slope * (x[i] - xm)
        residual = y - fitted
        s = np.median(np.abs(residual))
        if s <= 1e-12:
            break
        robust = np.clip(1 - (residual / (6 * s)) ** 2, 0, None) ** 2
    return fitted
