"""The published values Valentini's chapter-4 figures can show beside the reproduction (spec §4.3).

Two sources, each a point at named parameters:

* Table 4.2, the best single SVM per data set and kernel: its error, bias and variances at its
  (C, σ) or (C, degree);
* the approximate P2 test errors the thesis gives for Figs 4.8–4.12 (one training set of 100 points).

A point is drawn on a panel only where the panel holds the parameter it fixes at the point's value
(the curve through a published optimum, not a neighbour of it; :func:`..plotting.mark_panel`);
elsewhere the figure shows the reproduction alone.
"""

import numpy as np
import pandas as pd

from ..settings import DISPLAY, KERNEL_DISPLAY

__all__ = ["PUBLISHED_SOURCES", "published_points", "surface_error"]

#: Table 4.2's columns under the names of the reproduced series (:data:`..plotting.SERIES`).
_TABLE_SERIES = {"avg_error": "error", "bias": "bias", "net_var": "net_var", "var_unbiased": "var_unbiased",
                 "var_biased": "var_biased"}
#: The legend entry of each source.
PUBLISHED_SOURCES = {"table_4_2": "published (Table 4.2, best single SVM)",
                     "p2_figures": "published (P2 errors of Figs 4.8-4.12, one training set)"}


def published_points(table_4_2=None, p2_errors=None):
    """One row per published point: ``source``, its ``legend`` entry (:data:`PUBLISHED_SOURCES`),
    ``data_set, kernel, C, sigma, degree`` and the series; Table 4.2's points first."""
    parts = []
    if table_4_2 is not None:
        data_sets = {name: key for key, name in DISPLAY.items()}
        kernels = {name: key for key, name in KERNEL_DISPLAY["table_4_2"].items()}
        parts.append(table_4_2.rename(columns=_TABLE_SERIES).assign(
            source="table_4_2", data_set=table_4_2["dataset"].map(data_sets),
            kernel=table_4_2["kernel"].map(kernels)))
    if p2_errors is not None:
        parts.append(p2_errors.assign(source="p2_figures", data_set="p2", kernel="rbf", degree=np.nan))
    columns = ["source", "legend", "data_set", "kernel", "C", "sigma", "degree", *_TABLE_SERIES.values()]
    if not parts:
        return pd.DataFrame(columns=columns)
    points = pd.concat(parts, ignore_index=True)
    return points.assign(legend=points["source"].map(PUBLISHED_SOURCES)).reindex(columns=columns)


def surface_error(errors, published, sigma, C):
    """"test error 0.45 (published ≈ 0.46)" for one P2 surface panel, from what exists of the two."""
    parts = []
    for frame, text in ((errors, "test error {:.2f}"), (published, "published ≈ {:.2f}")):
        if frame is None:
            continue
        row = frame[np.isclose(frame["sigma"], sigma) & np.isclose(frame["C"], C)]
        if not row.empty:
            parts.append(text.format(float(row["error"].iloc[0])))
    if len(parts) == 2:
        return f"{parts[0]} ({parts[1]})"
    return parts[0] if parts else ""
