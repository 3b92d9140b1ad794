"""Tables of mean error over replicates, relative tables and cell-by-cell comparisons (§4.11)."""

import numpy as np
import pandas as pd
from scipy import stats

__all__ = ["absolute_table", "compare", "relative_table", "swap_rows"]

CONSTANT_METHODS = ("Tree", "1NN")


def _column(b):
    return f"B{b}"


def absolute_table(results, methods, grid):
    """Mean error, its standard error and the undefined flag for each method and B.

    Tree and 1NN are single classifiers (stored at B = 1) and fill every column, as in the thesis.

    Returns
    -------
    mean, se : DataFrame indexed by method, columns ``B<b>``
    undefined : DataFrame of bool, same shape
    n_replicates : int
    """
    columns = [_column(b) for b in grid]
    mean = pd.DataFrame(index=list(methods), columns=columns, dtype=float)
    se = mean.copy()
    undefined = pd.DataFrame(False, index=mean.index, columns=columns)
    n_replicates = results["replicate"].nunique()
    for method in methods:
        rows = results[results["method"] == method]
        for b in grid:
            cell = rows if method in CONSTANT_METHODS else rows[rows["B"] == b]
            err = cell["err"].to_numpy(dtype=float)
            mean.loc[method, _column(b)] = err.mean()
            se.loc[method, _column(b)] = err.std(ddof=1) / np.sqrt(err.size) if err.size > 1 else np.nan
            undefined.loc[method, _column(b)] = bool(cell["undefined"].astype(str).eq("True").all())
    return mean, se, undefined, n_replicates


def relative_table(mean, se, undefined):
    """Table ÷ the 1NN mean (a ratio of means, spec §0); 1NN's own row is dropped."""
    base = mean.loc["1NN"]
    keep = [m for m in mean.index if m != "1NN"]
    return mean.loc[keep] / base, se.loc[keep] / base, undefined.loc[keep]


def average_se(se, undefined):
    """The table's "average standard error": mean cell SE, undefined cells left out (AMB-18)."""
    values = se.to_numpy(dtype=float)[~undefined.to_numpy()]
    values = values[np.isfinite(values)]
    return float(values.mean()) if values.size else float("nan")


def swap_rows(published, a="Regression", b="Centroid"):
    """The published table with rows ``a`` and ``b`` relabelled (Table 2.14, AMB-11)."""
    relabel = {a: b, b: a}
    out = published.copy()
    out["method"] = out["method"].map(lambda m: relabel.get(m, m))
    return out


def compare(published, mean, se, undefined, published_se, n_replicates):
    """Cell by cell: published, reproduced, difference, reproduced SE, 95 % interval, agreement.

    ``published_se`` is the published table's average SE, the only error estimate the thesis
    gives; the combined SE of a cell is ``sqrt(se² + published_se²)``. The 95 % interval is the
    t interval over the ``n_replicates`` replicates, mean ± t_{0.975, n−1} · SE (for a relative
    table, with the 1NN mean held fixed).
    """
    t_crit = float(stats.t.ppf(0.975, n_replicates - 1)) if n_replicates > 1 else float("nan")
    rows = []
    table = published.set_index("method")
    for method in mean.index:
        if method not in table.index:
            continue
        for column in mean.columns:
            if column not in table.columns:
                continue
            p = float(table.loc[method, column])
            r = float(mean.loc[method, column])
            s = float(se.loc[method, column])
            flag = bool(undefined.loc[method, column])
            combined = np.sqrt((0.0 if np.isnan(s) else s) ** 2 + published_se**2)
            low, high = r - t_crit * s, r + t_crit * s
            rows.append({
                "method": method, "B": int(column[1:]), "published": p, "reproduced": r,
                "difference": r - p, "se": s, "ci_low": low, "ci_high": high, "undefined": flag,
                "within_3se": (not flag) and abs(r - p) <= 3 * combined,
                "published_in_ci": (not flag) and bool(low <= p <= high),
            })
    return pd.DataFrame(rows)


def wide(mean, undefined=None, decimals=None):
    """``mean`` as a CSV-ready frame with a ``method`` column (undefined cells keep the sentinel)."""
    out = mean.copy()
    if decimals is not None:
        out = out.round(decimals)
    out.insert(0, "method", out.index)
    return out.reset_index(drop=True)
