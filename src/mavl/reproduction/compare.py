"""Reproduced numbers beside published ones: cell means over replicates, their standard errors and
95 % intervals, and the combined-SE agreement of every cell.

A results table is long-format: one row per (replicate, method, B) with the test error ``err`` and
an ``undefined`` flag. A paper's table is one method per row and one ``B<b>`` column per ensemble
size; its published twin has the same layout with a ``method`` column.
"""

import numpy as np
import pandas as pd

from .comparison import agrees

__all__ = ["absolute_table", "average_se", "compare", "summarise", "wide"]


def _column(b):
    return f"B{b}"


def absolute_table(results, methods, grid, constant_methods=()):
    """Mean error, its standard error and the undefined flag for each method and B.

    Methods in ``constant_methods`` are single classifiers, stored once (at B = 1), and fill
    every column, as the papers print them.

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
            cell = rows if method in constant_methods else rows[rows["B"] == b]
            err = cell["err"].to_numpy(dtype=float)
            mean.loc[method, _column(b)] = err.mean()
            se.loc[method, _column(b)] = err.std(ddof=1) / np.sqrt(err.size) if err.size > 1 else np.nan
            undefined.loc[method, _column(b)] = bool(cell["undefined"].astype(str).eq("True").all())
    return mean, se, undefined, n_replicates


def average_se(se, undefined):
    """A table's "average standard error": the mean cell SE, undefined cells left out."""
    values = se.to_numpy(dtype=float)[~undefined.to_numpy()]
    values = values[np.isfinite(values)]
    return float(values.mean()) if values.size else float("nan")


def compare(published, mean, se, undefined, published_se, n_replicates):
    """Cell by cell: published, reproduced, difference, reproduced SE, 95 % interval, agreement.

    ``published_se`` is the published table's average SE, often the only error estimate a paper
    gives; the combined SE of a cell is ``sqrt(se² + published_se²)``. The 95 % interval is the
    t interval over the ``n_replicates`` replicates, mean ± t_{0.975, n−1} · SE.
    """
    from scipy import stats  # here: a job that only reads tables starts without scipy.stats (0.7 s)

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
            low, high = r - t_crit * s, r + t_crit * s
            rows.append({
                "method": method, "B": int(column[1:]), "published": p, "reproduced": r,
                "difference": r - p, "se": s, "ci_low": low, "ci_high": high, "undefined": flag,
                "within_3se": (not flag) and bool(agrees(p, r, published_se, s)[0]),
                "published_in_ci": (not flag) and bool(low <= p <= high),
            })
    return pd.DataFrame(rows)


def wide(mean, decimals=None):
    """``mean`` as a CSV-ready frame with a ``method`` column."""
    out = mean.copy()
    if decimals is not None:
        out = out.round(decimals)
    out.insert(0, "method", out.index)
    return out.reset_index(drop=True)


def summarise(values, published=float("nan")):
    """One reproduced cell from its per-run values, beside the published number.

    Returns a dict: ``reproduced`` (mean), ``sd``, ``se``, the 95 % t interval ``ci_low``,
    ``ci_high`` (NaN with fewer than two runs), ``runs``, ``published``, ``difference`` and
    ``published_in_ci``.
    """
    from scipy import stats  # here, as in compare()

    values = np.asarray(values, dtype=float)
    n = values.size
    mean = float(values.mean()) if n else float("nan")
    sd = float(values.std(ddof=1)) if n > 1 else float("nan")
    se = sd / np.sqrt(n) if n > 1 else float("nan")
    half = float(stats.t.ppf(0.975, n - 1)) * se if n > 1 else float("nan")
    published = float(published)
    return {"published": published, "reproduced": mean, "difference": mean - published, "sd": sd,
            "se": se, "ci_low": mean - half, "ci_high": mean + half, "runs": n,
            "published_in_ci": bool(mean - half <= published <= mean + half)}
