"""How low the trees a tree rule grows let top(c) fall: the measurement printed beside every top(c)
cell of Tables 1, 3, 4 and 5 (issue 33, item 2).

For each cell, over the runs of the table under one tree rule:

* ``tree_error``: the mean weighted training error ε of the algorithm's trees up to the cell's step
  (mean over steps, then over runs; SE over runs, or over the trees of a single run);
* ``bound``: 100·φ_AB(ε̄), Eq. 7.3 at that error, the level AdaBoost's top(c) is driven to when its
  trees err at ε̄ (Schapire et al., as Breiman restates them);
* ``implied_tree_error``: the ε at which Eq. 7.3 gives the published top(c), i.e. the trees the
  published AdaBoost value implies;
* ``phi_star``: 100·φ*, the bottom edge of the pool of both algorithms' trees of each run (the
  linear programme of :func:`mavl.ensemble.edges.bottom_edge`): no vote over those trees has a lower
  top(c).

The published value is **out of reach** of the trees the rule grows when it lies more than 3 SE
below φ* (any algorithm: no vote over these trees gets there), or, for AdaBoost, when the reproduced
top(c) follows Eq. 7.3 at its trees' error (within ``reach.bound_tolerance`` points) while the
published value implies trees whose error lies more than 3 SE from ε̄. Only then does a top(c) miss
count as explained by this measurement; every top(c) cell carries it either way.
"""

import numpy as np
import pandas as pd
from scipy.optimize import brentq

from ...ensemble.edges import adaboost_edge_bound
from .settings import SLUG
from .tables import columns_of, step_of

__all__ = ["REACH_COLUMNS", "implied_tree_error", "reach_table"]

REACH_COLUMNS = ["target", "row", "column", "tree_rule", "algorithm", "step", "n_runs", "published",
                 "reproduced", "tree_error", "tree_error_se", "bound", "implied_tree_error", "phi_star",
                 "phi_star_se", "out_of_reach", "measurement"]

#: ε is searched in [_LOW, 1/2 − _HIGH]: φ_AB rises from 0 to 1/2 there (0/0 at 1/2 itself).
_LOW, _HIGH = 1e-12, 1e-6


def implied_tree_error(top_c):
    """The weighted tree error ε at which Eq. 7.3 gives ``top_c`` (a share); NaN where no ε in
    (0, 1/2) gives it."""
    low, high = _LOW, 0.5 - _HIGH
    if not float(adaboost_edge_bound(low)) < top_c < float(adaboost_edge_bound(high)):
        return np.nan
    return float(brentq(lambda e: float(adaboost_edge_bound(e)) - top_c, low, high, xtol=1e-12))


def _mean_se(values):
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values)]
    if values.size == 0:
        return np.nan, np.nan
    se = values.std(ddof=1) / np.sqrt(values.size) if values.size > 1 else 0.0
    return float(values.mean()), float(se)


def _cell(runs, algorithm, step):
    """ε̄ with its SE, φ* with its SE, the mean top(c) and the runs of one cell."""
    mine = runs[(runs["algorithm"] == algorithm) & (runs["step"] <= step)]
    per_run = mine.groupby("run")["tree_error"].mean()
    if per_run.size == 1:
        # One run (Table 4): its trees are the replicates of ε̄.
        error, error_se = _mean_se(mine["tree_error"])
    else:
        error, error_se = _mean_se(per_run)
    edge = runs[runs["algorithm"] == "bottom_edge"]
    phi, phi_se = _mean_se(edge["top_c"]) if len(edge) else (np.nan, np.nan)
    if len(edge) == 1:
        phi_se = 0.0                 # one LP optimum over the run's own trees: no sampling in it
    top = mine[mine["step"] == step]["top_c"].mean()
    return error, error_se, phi, phi_se, float(top), int(per_run.size)


def _judge(algorithm, published, reproduced, error, error_se, bound, implied, phi, phi_se, tolerance):
    """``(out_of_reach, text)`` for one cell."""
    parts = [f"trees' mean weighted error ε̄ = {error:.4f} ±{error_se:.4f}",
             f"Eq. 7.3 at ε̄: {bound:.1f}",
             f"the published {published:.1f} implies ε = {implied:.4f}" if np.isfinite(implied) else
             f"the published {published:.1f} implies no ε in (0, 1/2)",
             f"lowest top(c) of these trees φ* = {phi:.1f} ±{phi_se:.2f}"]
    text = "; ".join(parts)
    if np.isfinite(phi) and published < phi - 3 * phi_se:
        return True, (f"out of reach: the published {published:.1f} lies below φ* = {phi:.1f}, the lowest "
                      f"top(c) any vote over the trees this rule grows can reach ({text})")
    follows = abs(reproduced - bound) <= tolerance
    if algorithm == "adaboost" and follows and np.isfinite(implied) and abs(implied - error) > 3 * error_se:
        side = "weaker" if implied > error else "stronger"
        return True, (f"out of reach: AdaBoost's top(c) {reproduced:.1f} follows Eq. 7.3 at its trees' error "
                      f"({bound:.1f}, within {tolerance:g} points), and the published {published:.1f} needs "
                      f"{side} trees (ε = {implied:.4f}) than this rule grows ({text})")
    return False, f"within reach of these trees ({text})"


def reach_table(config, runs, published, rule):
    """The measurement of every top(c) cell of Tables 1, 3, 4 and 5 under tree rule ``rule``.

    Parameters
    ----------
    config : dict
        :func:`.settings.settings` (``steps``, ``table_5_steps``, ``reach.bound_tolerance``).
    runs : DataFrame
        The runs (:data:`.runs.RUN_COLUMNS`), any rules.
    published : dict
        Target -> the published table as printed (``data_set`` column and the published columns),
        for the targets to measure.

    Returns
    -------
    DataFrame of :data:`REACH_COLUMNS`, one row per top(c) cell with runs.
    """
    tolerance = config["reach"]["bound_tolerance"]
    runs = runs[runs["tree_rule"] == rule] if len(runs) else runs
    rows = []
    for target, table in published.items():
        for _, pub in table.iterrows():
            mine = runs[runs["data_set"] == SLUG[pub["data_set"]]] if len(runs) else runs
            if mine.empty:
                continue
            for column, (algorithm, key, metric) in columns_of(target).items():
                if metric != "top_c":
                    continue
                step = step_of(config, key)
                error, error_se, phi, phi_se, top, n = _cell(mine, algorithm, step)
                value = float(pub[column])
                bound = 100 * float(adaboost_edge_bound(error)) if np.isfinite(error) else np.nan
                implied = implied_tree_error(value / 100)
                out, text = _judge(algorithm, value, top, error, error_se, bound, implied, phi, phi_se,
                                   tolerance)
                rows.append({"target": target, "row": pub["data_set"], "column": column, "tree_rule": rule,
                             "algorithm": algorithm, "step": step, "n_runs": n, "published": value,
                             "reproduced": top, "tree_error": error, "tree_error_se": error_se,
                             "bound": bound, "implied_tree_error": implied, "phi_star": phi,
                             "phi_star_se": phi_se, "out_of_reach": out, "measurement": text})
    return pd.DataFrame(rows, columns=REACH_COLUMNS)
