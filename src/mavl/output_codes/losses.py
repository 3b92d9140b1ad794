"""Margin losses L(z) of binary margin learners (Allwein, Schapire & Singer 2000, §2; spec
allwein2000 §2).

A binary learner's output f(x) on an example with label y ∈ {−1, +1} has margin z = y·f(x); each
learner is (roughly) minimising the mean of its loss. Loss-based decoding (:mod:`mavl.output_codes.decoders`)
scores each class by the summed loss its code row would incur. Every loss here satisfies the
condition of Theorem 1, (L(z) + L(−z))/2 ≥ L(0) > 0, and is computed without overflow for
margins in the hundreds.
"""

import numpy as np
from scipy.special import expit

__all__ = ["MARGIN_LOSSES", "margin_loss"]


def _exp(z):
    return np.exp(-z)


def _l1(z):
    # Randomised AdaBoost: the chance of a wrong label when +1 is drawn with p = 1/(1 + e^{−2f}).
    return expit(-2.0 * z)


def _logistic(z):
    return np.logaddexp(0.0, -2.0 * z)


def _hinge(z):
    return np.maximum(1.0 - z, 0.0)


def _square(z):
    return (1.0 - z) ** 2


def _hamming(z):
    # (1 − sign z)/2: a mistake costs 1, a zero output or a zero code entry ½.
    return (1.0 - np.sign(z)) / 2.0


#: name -> L(z), vectorised.
MARGIN_LOSSES = {"exp": _exp, "l1": _l1, "logistic": _logistic, "hinge": _hinge, "square": _square,
                 "hamming": _hamming}


def margin_loss(name, z):
    """L(z) of the loss ``name`` (a key of :data:`MARGIN_LOSSES`), elementwise."""
    if name not in MARGIN_LOSSES:
        raise ValueError(f"loss must be one of {sorted(MARGIN_LOSSES)}; got {name!r}.")
    return MARGIN_LOSSES[name](np.asarray(z, dtype=float))
