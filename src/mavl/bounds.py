"""The analytic ECOC bound of James (1998) Theorem 5 and Table 2.2 (spec james-ch2 §6.5).

Theorem 5 bounds the chance that ECOC with B random columns disagrees with the Bayes rule by
``(k − 1) exp(−m B)``. As printed, ``m = gap / 8``; Hoeffding's inequality for D_ij − D_1j in
[−2, 2] gives ``m = gap² / 8``. The published table follows neither form throughout, so both
are computed and each published cell is matched against both.
"""

import numpy as np
import pandas as pd

__all__ = ["FORMS", "bound_table", "compare_bound_table", "display_value", "ecoc_error_bound"]

#: Exponent rate m as a function of the gap μ(k) − μ(k−1).
FORMS = {"printed": lambda gap: gap / 8.0, "hoeffding": lambda gap: gap**2 / 8.0}


def ecoc_error_bound(k, B, gap, form="printed"):
    """``min(1, (k − 1) exp(−m B))`` with ``m`` from :data:`FORMS`; broadcasts over B and gap."""
    if form not in FORMS:
        raise ValueError(f"form must be one of {sorted(FORMS)}; got {form!r}.")
    raw = (k - 1) * np.exp(-FORMS[form](np.asarray(gap, float)) * np.asarray(B, float))
    return np.minimum(1.0, raw)


def raw_bound(k, B, gap, form="printed"):
    """The bound before the ``min(1, ·)`` cap (the thesis's footnote quotes one: 10⁻⁴⁸)."""
    return (k - 1) * np.exp(-FORMS[form](np.asarray(gap, float)) * np.asarray(B, float))


def display_value(value):
    """The table's display rule: 3 decimals, and values under 0.0005 shown as 0."""
    return 0.0 if value < 0.0005 else round(float(value), 3)


def bound_table(k, B_values, gaps, form="printed"):
    """Table 2.2 layout: one row per gap, columns ``gap, B10, B50, ...`` (capped, not rounded)."""
    rows = [{"gap": g, **{f"B{b}": float(ecoc_error_bound(k, b, g, form)) for b in B_values}}
            for g in gaps]
    return pd.DataFrame(rows)


def compare_bound_table(published, k):
    """Each published cell beside both recomputed forms (display rule applied), with match flags.

    Parameters
    ----------
    published : DataFrame
        Columns ``gap, B10, B50, ...`` as printed.
    k : int

    Returns
    -------
    DataFrame with gap, B, published, printed, hoeffding, printed_raw, hoeffding_raw,
    matches_printed, matches_hoeffding.
    """
    rows = []
    for _, row in published.iterrows():
        for column in (c for c in published.columns if c != "gap"):
            b = int(column[1:])
            out = {"gap": float(row["gap"]), "B": b, "published": float(row[column])}
            for form in FORMS:
                capped = float(ecoc_error_bound(k, b, row["gap"], form))
                out[form] = display_value(capped)
                out[f"{form}_raw"] = float(raw_bound(k, b, row["gap"], form))
            rows.append(out)
    frame = pd.DataFrame(rows)
    for form in FORMS:
        frame[f"matches_{form}"] = np.isclose(frame[form], frame["published"], atol=1e-9)
    return frame
