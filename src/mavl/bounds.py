"""The analytic ECOC bound of James (1998) Theorem 5 and Table 2.2 (spec james-ch2 §6.5).

Theorem 5 bounds the chance that ECOC with B random columns disagrees with the Bayes rule by
``(k − 1) exp(−m B)``. As printed, ``m = gap / 8``; Hoeffding's inequality for D_ij − D_1j in
[−2, 2] gives ``m = gap² / 8``. James's Table 2.2 follows neither form throughout;
:mod:`mavl.papers.james1998.bound_table` matches each published cell against both.
"""

import numpy as np

__all__ = ["FORMS", "ecoc_error_bound", "raw_bound"]

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
