"""Bounds on the error of output-code classifiers.

* James (1998) Theorem 5 and Table 2.2 (spec james-ch2 §6.5): the chance that ECOC with B random
  columns disagrees with the Bayes rule.
* Allwein, Schapire & Singer (2000) Theorem 1 and Corollary 2 (spec allwein2000 §4.4): the training
  error of loss-based and Hamming decoding from the average binary loss, the code's distance ρ and
  the share of zero entries.

For James's bound:

Theorem 5 bounds the chance that ECOC with B random columns disagrees with the Bayes rule by
``(k − 1) exp(−m B)``. As printed, ``m = gap / 8``; Hoeffding's inequality for D_ij − D_1j in
[−2, 2] gives ``m = gap² / 8``. James's Table 2.2 follows neither form throughout;
``mavl.papers.james1998.bound_table`` matches each published cell against both.
"""

import numpy as np

from .codes import code_distance
from .losses import margin_loss

__all__ = ["FORMS", "average_binary_loss", "ecoc_error_bound", "hamming_decoding_bound",
           "loss_decoding_bound", "raw_bound"]

#: Exponent rate m as a function of the gap μ(k) − μ(k−1).
FORMS = {"printed": lambda gap: gap / 8.0, "hoeffding": lambda gap: gap**2 / 8.0}


def ecoc_error_bound(k, B, gap, form="printed"):
    """``min(1, (k − 1) exp(−m B))`` with ``m`` from :data:`FORMS`; broadcasts over B and gap."""
    return np.minimum(1.0, raw_bound(k, B, gap, form))


def raw_bound(k, B, gap, form="printed"):
    """The bound before the ``min(1, ·)`` cap (the thesis's footnote quotes one: 10⁻⁴⁸)."""
    if form not in FORMS:
        raise ValueError(f"form must be one of {sorted(FORMS)}; got {form!r}.")
    return (k - 1) * np.exp(-FORMS[form](np.asarray(gap, float)) * np.asarray(B, float))


def _margins(F, code, y):
    code = np.asarray(code, dtype=float)
    return code[np.asarray(y)] * np.asarray(F, dtype=float), code[np.asarray(y)] == 0


def average_binary_loss(F, code, y, loss):
    r""":math:`\varepsilon = (1/(m\ell)) \sum_i \sum_s L(M(y_i, s) f_s(x_i))` (Eq. 3); a zero entry costs
    :math:`L(0)`."""
    z, _ = _margins(F, code, y)
    return float(margin_loss(loss, z).mean())


def loss_decoding_bound(F, code, y, loss):
    r"""Theorem 1 in the form that shows the zero entries: the training error of loss-based
    decoding (a tie with the true class counted as an error) is at most
    :math:`(\ell/\rho)(q + (1 - q) \varepsilon_r / L(0))`, q the share of zero entries
    :math:`M(y_i, s)` and :math:`\varepsilon_r` the mean loss on the others; with q = 0 this is
    :math:`\ell \varepsilon / (\rho L(0))`."""
    z, zero = _margins(F, code, y)
    q = float(zero.mean())
    eps_r = float(margin_loss(loss, z[~zero]).mean()) if (~zero).any() else 0.0
    ell = np.asarray(code).shape[1]
    return ell / code_distance(code) * (q + (1 - q) * eps_r / float(margin_loss(loss, 0.0)))


def hamming_decoding_bound(F, code, y):
    """Corollary 2 with the zero entries: the training error of Hamming decoding is at most
    (ℓ/ρ)(q + 2 (1 − q) ϵ_r), ϵ_r the share of non-zero entries whose sign f gets wrong (an output
    of 0 counts as wrong)."""
    z, zero = _margins(F, code, y)
    q = float(zero.mean())
    wrong = float((z[~zero] <= 0).mean()) if (~zero).any() else 0.0
    ell = np.asarray(code).shape[1]
    return ell / code_distance(code) * (q + 2 * (1 - q) * wrong)
