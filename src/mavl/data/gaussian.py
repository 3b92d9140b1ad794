"""The k-class bivariate Gaussian simulations of James (1998) §2.4.2 and §3.6.

Spec james-ch3-4 §2.3: class i is N(s·U_i, I₂) with base means U_i uniform on [−5, 5]² and a
scale ``s`` calibrated so that the Bayes error on the fixed test points equals the thesis's value
(23.1 % for 26 classes, 20.5 % for 10). The thesis's literal [−5, 5]² means (s = 1) give a Bayes
error near 54 % and contradict its Section 3.4; the calibration is therefore explicit and its
result pinned in the workflow config (decision 3 of the spec README).

Every draw follows the spec's protocol exactly, so a configuration is a pure function of its seed:
``default_rng(seed)`` gives the base means then the test noise; training set ``t`` comes from
``default_rng([seed, 1, t])``; a classifier's own randomness on training set ``t`` from
``default_rng([seed, 2, t, code])``. (``default_rng`` of a list is a ``SeedSequence``.)
"""

from dataclasses import dataclass

import numpy as np
from scipy.special import log_softmax

__all__ = ["GaussianProblem", "calibrate_scale", "gaussian_problem", "posterior"]

#: Stream codes under a configuration seed (spec §2.3).
TRAIN_STREAM, CLASSIFIER_STREAM, CODE_STREAM = 1, 2, 3


def posterior(X, means):
    """Exact P(Y = i | x) for equal priors and identity covariance: shape (n, k)."""
    sq = ((X[:, None, :] - means[None, :, :]) ** 2).sum(axis=2)
    return np.exp(log_softmax(-0.5 * sq, axis=1))


def _base_draws(n_classes, n_test_per_class, seed):
    rng = np.random.default_rng(seed)
    base = rng.uniform(-5.0, 5.0, size=(n_classes, 2))
    y_test = np.repeat(np.arange(n_classes), n_test_per_class)
    noise = rng.standard_normal((n_classes * n_test_per_class, 2))
    return base, y_test, noise


def _bayes_at_scale(scale, base, y_test, noise):
    means = scale * base
    return float(np.mean(1.0 - posterior(means[y_test] + noise, means).max(axis=1)))


def calibrate_scale(n_classes, n_test_per_class, seed, target_bayes):
    """The scale ``s`` whose test points have Bayes error ``target_bayes`` (a fraction).

    Solved with Brent's method on [0.3, 12]; raises ``ValueError`` when the target is out of reach
    for this seed (the seed search then skips it).
    """
    from scipy.optimize import brentq  # here: sampling the data needs no scipy.optimize (0.25 s)

    draws = _base_draws(n_classes, n_test_per_class, seed)
    return brentq(lambda s: _bayes_at_scale(s, *draws) - target_bayes, 0.3, 12.0, xtol=1e-10)


@dataclass(frozen=True)
class GaussianProblem:
    """One configuration: class means, fixed test points and their exact posteriors.

    Attributes
    ----------
    seed : int
        Configuration seed (base means, test noise, training and classifier streams).
    scale : float
    means : ndarray of shape (k, 2)
    X_test : ndarray of shape (k * n_test_per_class, 2)
    y_test : ndarray of shape (k * n_test_per_class,)
        Realised test labels (stratified).
    q_test : ndarray of shape (k * n_test_per_class, k)
        Exact class posteriors at the test points.
    n_train_per_class : int
    """

    seed: int
    scale: float
    means: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    q_test: np.ndarray
    n_train_per_class: int

    @property
    def n_classes(self):
        """The number of classes k."""
        return self.means.shape[0]

    @property
    def bayes_error(self):
        r"""Mean of :math:`1 - \max_i q_i` over the test points (the tables' "Bayes Error" row)."""
        return float(np.mean(1.0 - self.q_test.max(axis=1)))

    def posterior(self, X):
        """Exact class posteriors at ``X``."""
        return posterior(np.asarray(X, dtype=float), self.means)

    def training_set(self, t):
        """Training set ``t``: ``n_train_per_class`` points of each class, class 0 first."""
        y = np.repeat(np.arange(self.n_classes), self.n_train_per_class)
        rng = np.random.default_rng([self.seed, TRAIN_STREAM, int(t)])
        return self.means[y] + rng.standard_normal((y.size, 2)), y

    def classifier_rng(self, t, code):
        """The generator of a classifier's own randomness on training set ``t``."""
        return np.random.default_rng([self.seed, CLASSIFIER_STREAM, int(t), int(code)])

    def code_rng(self, t):
        """The generator of the coding matrix of the Section 3.4 run on training set ``t``."""
        return np.random.default_rng([self.seed, CODE_STREAM, int(t)])


def gaussian_problem(n_classes, n_train_per_class, n_test_per_class, seed, scale=None,
                     target_bayes=None):
    """Build a configuration from its seed and either a pinned ``scale`` or a ``target_bayes``.

    Parameters
    ----------
    n_classes, n_train_per_class, n_test_per_class : int
    seed : int
    scale : float or None
        The pinned scale; ``None`` calibrates it to ``target_bayes``.
    target_bayes : float or None
        Bayes error (fraction) to calibrate to when ``scale`` is None.

    Returns
    -------
    GaussianProblem
    """
    if scale is None:
        if target_bayes is None:
            raise ValueError("give either a pinned scale or a target_bayes to calibrate to.")
        scale = calibrate_scale(n_classes, n_test_per_class, seed, target_bayes)
    base, y_test, noise = _base_draws(n_classes, n_test_per_class, seed)
    means = float(scale) * base
    X_test = means[y_test] + noise
    return GaussianProblem(seed=int(seed), scale=float(scale), means=means, X_test=X_test,
                           y_test=y_test, q_test=posterior(X_test, means),
                           n_train_per_class=int(n_train_per_class))
