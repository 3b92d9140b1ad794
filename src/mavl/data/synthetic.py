"""Breiman's simulated data: waveform, twonorm, threenorm, ringnorm (spec breiman1997 §5.1).

Each generator is ``name(n, rng, ...)`` and returns ``(X, y)``: X float64 of shape (n, d), y in
0..J−1. Labels are drawn i.i.d. uniform (not exact halves, unlike R's mlbench), then the inputs
given the labels; the draws come from ``rng`` (a :class:`numpy.random.Generator`) in that order.

Class 0 of each generator is the spec's class 1, and so on. :func:`~mavl.data.bayes_posterior` gives the
exact class posteriors (equal priors), :func:`~mavl.data.bayes_predict` the Bayes rule, ties to class 0.
"""

import numpy as np
from scipy.special import log_ndtr, log_softmax

__all__ = [
    "GENERATORS",
    "bayes_posterior",
    "bayes_predict",
    "ringnorm",
    "threenorm",
    "twonorm",
    "waveform",
    "waveform_shapes",
]

#: Input dimension of the Gaussian generators.
D_NORM = 20
#: Default ``a`` of twonorm and threenorm (2/√20), and of ringnorm (1/√20; DELVE uses 2/√20).
A_NORM, A_RING = 2.0 / np.sqrt(D_NORM), 1.0 / np.sqrt(D_NORM)
#: (first, second) triangle of each waveform class: x = u·first + (1 − u)·second + noise.
WAVEFORM_PAIRS = ((0, 1), (0, 2), (1, 2))


def waveform_shapes():
    """The triangles h1, h2, h3 on m = 1..21 as rows of a (3, 21) array (h2 peaks at 15, h3 at 7)."""
    m = np.arange(1, 22)
    h1 = np.maximum(6 - np.abs(m - 11), 0)
    return np.vstack([h1, np.maximum(6 - np.abs(m - 15), 0), np.maximum(6 - np.abs(m - 7), 0)]).astype(
        np.float64
    )


def _labels(n, n_classes, rng):
    return rng.integers(0, n_classes, size=n)


def waveform(n, rng):
    """Waveform: d = 21, J = 3; class k mixes its pair of triangles with weight u ~ U(0, 1)."""
    y = _labels(n, 3, rng)
    u = rng.uniform(size=(n, 1))
    noise = rng.standard_normal((n, 21))
    h = waveform_shapes()
    first, second = (h[np.array([pair[i] for pair in WAVEFORM_PAIRS])] for i in (0, 1))
    return u * first[y] + (1.0 - u) * second[y] + noise, y


def twonorm(n, rng, a=A_NORM):
    """Twonorm: d = 20; class 0 is N(a·1, I), class 1 is N(−a·1, I)."""
    y = _labels(n, 2, rng)
    sign = np.where(y == 0, 1.0, -1.0)[:, None]
    return sign * a + rng.standard_normal((n, D_NORM)), y


def _alternating(d):
    return np.where(np.arange(d) % 2 == 0, 1.0, -1.0)


def threenorm(n, rng, a=A_NORM):
    """Threenorm: d = 20; class 0 is ½N(a·1, I) + ½N(−a·1, I), class 1 is N(a·(1, −1, 1, …), I)."""
    y = _labels(n, 2, rng)
    component = rng.integers(0, 2, size=n)
    centre = np.where(component[:, None] == 0, a, -a) * np.ones(D_NORM)
    centre[y == 1] = a * _alternating(D_NORM)
    return centre + rng.standard_normal((n, D_NORM)), y


def ringnorm(n, rng, a=A_RING):
    r"""Ringnorm: d = 20; class 0 is :math:`N(0, 4I)`, class 1 is :math:`N(a \cdot 1, I)`
    (:math:`a = 2/\sqrt{20}` in DELVE's version)."""
    y = _labels(n, 2, rng)
    z = rng.standard_normal((n, D_NORM))
    return np.where(y[:, None] == 0, 2.0 * z, z + a), y


#: The four generators by name, each a function ``(n, rng) -> (X, y)``.
GENERATORS = {"waveform": waveform, "twonorm": twonorm, "threenorm": threenorm, "ringnorm": ringnorm}


def _log_phi_interval(lo, hi):
    """log(Φ(hi) − Φ(lo)) for lo < hi, computed in the tail where it does not cancel."""
    upper = lo > 0  # both in the upper tail: use Φ(hi) − Φ(lo) = Φ(−lo) − Φ(−hi)
    big = np.where(upper, log_ndtr(-lo), log_ndtr(hi))
    small = np.where(upper, log_ndtr(-hi), log_ndtr(lo))
    return big + np.log1p(-np.exp(small - big))


def _waveform_loglik(X):
    """log f_k(x) up to a common constant, integrating u over [0, 1] in closed form.

    With r = x − second and D = first − second, ‖r − uD‖² is quadratic in u, so
    ∫₀¹ exp(−½‖r − uD‖²) du = exp(−½‖r‖² + ½(D·r)²/‖D‖²)·(√(2π)/‖D‖)·[Φ((1 − μ)‖D‖) − Φ(−μ‖D‖)]
    with μ = D·r/‖D‖².
    """
    h = waveform_shapes()
    columns = []
    for i, j in WAVEFORM_PAIRS:
        diff = h[i] - h[j]
        norm = np.sqrt(diff @ diff)
        r = X - h[j]
        proj = r @ diff / norm  # = μ‖D‖
        columns.append(
            -0.5 * (r * r).sum(axis=1) + 0.5 * proj**2 - np.log(norm) + _log_phi_interval(-proj, norm - proj)
        )
    return np.column_stack(columns)


def _twonorm_loglik(X, a=A_NORM):
    s = a * X.sum(axis=1)
    return np.column_stack([s, -s])  # −½‖x ∓ a·1‖² without the common terms


def _threenorm_loglik(X, a=A_NORM):
    s = a * X.sum(axis=1)
    mixture = np.logaddexp(s, -s) - np.log(2.0)  # log ½(e^{a·Σx} + e^{−a·Σx}); the ‖mean‖² terms agree
    return np.column_stack([mixture, a * X @ _alternating(X.shape[1])])


def _ringnorm_loglik(X, a=A_RING):
    d = X.shape[1]
    wide = -d * np.log(2.0) - (X * X).sum(axis=1) / 8.0  # N(0, 4I): σ^{−d} = 2^{−d}
    return np.column_stack([wide, -0.5 * ((X - a) ** 2).sum(axis=1)])


_LOGLIK = {
    "waveform": _waveform_loglik,
    "twonorm": _twonorm_loglik,
    "threenorm": _threenorm_loglik,
    "ringnorm": _ringnorm_loglik,
}


def bayes_posterior(name, X, **params):
    """Exact P(Y = k | x) under equal priors, shape (n, J).

    Parameters
    ----------
    name : {"waveform", "twonorm", "threenorm", "ringnorm"}
    X : ndarray of shape (n, d)
    **params
        The generator's parameters (``a`` for the Gaussian ones), as passed to the generator.
    """
    if name not in _LOGLIK:
        raise ValueError(f"unknown generator {name!r}; known: {sorted(_LOGLIK)}")
    return np.exp(log_softmax(_LOGLIK[name](np.asarray(X, dtype=np.float64), **params), axis=1))


def bayes_predict(name, X, **params):
    """The Bayes rule: argmax of the exact log-likelihoods (equal priors), ties to the lowest class."""
    if name not in _LOGLIK:
        raise ValueError(f"unknown generator {name!r}; known: {sorted(_LOGLIK)}")
    return np.argmax(_LOGLIK[name](np.asarray(X, dtype=np.float64), **params), axis=1)
