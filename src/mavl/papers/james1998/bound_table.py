"""Table 2.2 of James (1998): the analytic ECOC bound of Theorem 5 for k = 10, in the printed form
and the Hoeffding form, each published cell matched against both (spec james-ch2 §6.5).

The bound itself is the library's :func:`mavl.output_codes.bounds.ecoc_error_bound`.
"""

import numpy as np
import pandas as pd

from ...output_codes.bounds import FORMS, ecoc_error_bound, raw_bound
from ...reproduction.io import write_table

__all__ = ["bound_table", "build_bound_table", "compare_bound_table", "display_value"]


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


def build_bound_table(config, target, published_path, outputs):
    """Table 2.2 in the printed form, the Hoeffding form, and the cell-by-cell comparison."""
    info = config["targets"][target]
    for form, key in (("printed", "table"), ("hoeffding", "hoeffding")):
        write_table(bound_table(info["classes"], info["B"], info["gaps"], form), outputs[key])
    write_table(compare_bound_table(pd.read_csv(published_path), info["classes"]), outputs["compare"])
