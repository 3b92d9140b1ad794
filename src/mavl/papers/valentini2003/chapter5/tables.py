"""Tables 5.1 (single against bagged SVMs) and 5.2 (single against random-aggregated SVMs).

Spec valentini2003 §4.6, §1.11 (relative reductions), A13 (row rule), A24 (shared single reference).
Both tables read the tidy F5/F6 frames of :func:`.jobs.run_ensembles` (concatenated; the single
reference rows of the two families are identical and counted once). An ensemble is read at k = m.
"""

import numpy as np
import pandas as pd

from ....assess.comparisons import relative_reduction
from ..settings import DISPLAY, KERNEL_DISPLAY

__all__ = ["ENSEMBLE_COLUMN", "REDUCTIONS", "ROW_RULES", "best_models", "final_models", "flag_inconsistent",
           "table_5", "table_5_1", "table_5_2"]

#: A13: "best_independent" picks the best single and the best ensemble separately; "same_parameter"
#: reads the ensemble at the best single's parameters (the supplementary CSV).
ROW_RULES = ("best_independent", "same_parameter")
#: The published error column of each table's ensemble.
ENSEMBLE_COLUMN = {"bagging": "E_bag", "randagg": "E_agg"}
TABLE_ID = {"bagging": "table_5_1", "randagg": "table_5_2"}
#: Published % column → tidy column it reduces (§1.11).
REDUCTIONS = {"pct_error_reduction": "error", "pct_bias_reduction": "bias",
              "pct_netvar_reduction": "net_var", "pct_unbvar_reduction": "var_unbiased"}
_KEYS = ["data_set", "kernel", "method", "C", "sigma", "degree", "k"]
_PARAMS = ["C", "sigma", "degree"]
_VALUES = ["error", "bias", "net_var", "var_unbiased", "var_biased", "var"]
_LABELS = KERNEL_DISPLAY["table_4_2"]


def final_models(frame, method):
    """Rows of ``method`` at its final size: k = 1 for single SVMs, k = m (``n_members``) for ensembles."""
    rows = frame[frame["method"] == method]
    rows = rows if method == "single" else rows[rows["k"] == rows["n_members"]]
    return rows.drop_duplicates(subset=_KEYS).reset_index(drop=True)


def best_models(frame, method):
    """The minimum-error row of ``method`` per (data set, kernel), first in grid order on ties (A11, A13)."""
    rows = final_models(frame, method)
    return rows.loc[rows.groupby(["data_set", "kernel"], sort=False)["error"].idxmin()].reset_index(drop=True)


def _at(rows, setting):
    hit = rows[(rows["data_set"] == setting["data_set"]) & (rows["kernel"] == setting["kernel"])]
    for name in _PARAMS:
        value = setting[name]
        hit = hit[hit[name].isna()] if pd.isna(value) else hit[np.isclose(hit[name], value)]
    return hit.iloc[0] if len(hit) else None


def flag_inconsistent(table, inconsistent, table_id):
    """``published_inconsistent``: the published cells of this table that the thesis's own numbers
    contradict (``resources/published/valentini2003/inconsistent_cells.csv``), one text per row."""
    cells = inconsistent[inconsistent["table"] == table_id]
    notes = {}
    for cell in cells.itertuples():
        text = (f"{cell.column}: printed {cell.printed:g}, recomputed {cell.recomputed:g} "
                f"[{cell.recomputed_low:g}, {cell.recomputed_high:g}]")
        notes.setdefault((cell.dataset, cell.kernel), []).append(text)
    return table.assign(published_inconsistent=[
        "; ".join(notes.get((d, k), [])) for d, k in zip(table["dataset"], table["kernel"], strict=True)])


def table_5(frames, method, published=None, inconsistent=None, row_rule="best_independent"):
    """Table 5.1 (``method="bagging"``) or 5.2 (``"randagg"``) beside the published rows (§4.6, A13).

    Parameters
    ----------
    frames : DataFrame or sequence of DataFrame
        Tidy F5/F6 frames holding the ``single`` reference and ``method`` rows.
    method : {"bagging", "randagg"}
    published : DataFrame or None
        The published CSV (``dataset, kernel, E_SVM, E_bag|E_agg, pct_…``).
    inconsistent : DataFrame or None
        ``inconsistent_cells.csv``; flags the published cells it lists.
    row_rule : {"best_independent", "same_parameter"}
        A13; the second is the supplementary same-parameter comparison.

    Returns
    -------
    DataFrame: ``dataset, kernel`` (the thesis's labels), ``data_set, kernel_id``, ``E_SVM``,
    ``E_bag``/``E_agg``, their SEs over the n classifiers (``E_SVM_se``, ``E_bag_se``/``E_agg_se``),
    ``n_test``, the four ``pct_*`` reductions, both models' parameters (``single_C``, …,
    ``ensemble_C``, …) and values (``single_bias``, …, ``ensemble_bias``, …), ``n_samples``,
    ``n_members``, ``substitute``, ``row_rule``; with ``published`` the same ``published_`` columns.
    """
    if row_rule not in ROW_RULES:
        raise ValueError(f"row_rule must be one of {ROW_RULES}; got {row_rule!r}.")
    frame = frames if isinstance(frames, pd.DataFrame) else pd.concat(list(frames), ignore_index=True)
    singles = best_models(frame, "single")
    ensembles = best_models(frame, method) if row_rule == "best_independent" else final_models(frame, method)
    out = []
    for _, single in singles.iterrows():
        ensemble = _pick(ensembles, single, row_rule)
        if ensemble is None:
            continue
        row = {"dataset": DISPLAY.get(single["data_set"], single["data_set"]),
               "kernel": _LABELS[single["kernel"]], "data_set": single["data_set"],
               "kernel_id": single["kernel"], "E_SVM": single["error"],
               ENSEMBLE_COLUMN[method]: ensemble["error"]}
        row.update({"E_SVM_se": _se(single), f"{ENSEMBLE_COLUMN[method]}_se": _se(ensemble),
                    "n_test": single.get("n_test", np.nan)})
        row.update({pct: float(relative_reduction(single[col], ensemble[col]))
                    for pct, col in REDUCTIONS.items()})
        row.update({f"single_{p}": single[p] for p in _PARAMS})
        row.update({f"ensemble_{p}": ensemble[p] for p in _PARAMS})
        row.update({f"single_{v}": single[v] for v in _VALUES})
        row.update({f"ensemble_{v}": ensemble[v] for v in _VALUES})
        row.update(n_samples=ensemble["n_samples"], n_members=ensemble["n_members"],
                   substitute=bool(single["substitute"]), row_rule=row_rule)
        out.append(row)
    table = pd.DataFrame(out)
    if table.empty:
        return table
    order = ({d: i for i, d in enumerate(DISPLAY)}, {k: i for i, k in enumerate(_LABELS)})
    table = table.assign(_d=table["data_set"].map(order[0]), _k=table["kernel_id"].map(order[1]))
    table = table.sort_values(["_d", "_k"], kind="stable").drop(columns=["_d", "_k"]).reset_index(drop=True)
    if published is not None:
        columns = ["E_SVM", ENSEMBLE_COLUMN[method], *REDUCTIONS]
        theirs = published[["dataset", "kernel", *columns]].rename(
            columns={c: f"published_{c}" for c in columns})
        table = table.merge(theirs, on=["dataset", "kernel"], how="left")
        if inconsistent is not None:
            table = flag_inconsistent(table, inconsistent, TABLE_ID[method])
    return table


def _se(row):
    """SE of a model's error over its n classifiers (NaN from jobs that kept no ``error_sd``)."""
    sd = row["error_sd"] if "error_sd" in row.index else np.nan
    return float(sd / np.sqrt(row["n_samples"]))


def _pick(ensembles, single, row_rule):
    """The ensemble row compared with ``single``: the same (data set, kernel)'s best, or its parameters."""
    if row_rule == "same_parameter":
        return _at(ensembles, single)
    hit = ensembles[(ensembles["data_set"] == single["data_set"]) & (ensembles["kernel"] == single["kernel"])]
    return hit.iloc[0] if len(hit) else None


def table_5_1(frames, published=None, inconsistent=None, row_rule="best_independent"):
    """Table 5.1: single against bagged SVMs (:func:`table_5` with ``method="bagging"``)."""
    return table_5(frames, "bagging", published, inconsistent, row_rule)


def table_5_2(frames, published=None, inconsistent=None, row_rule="best_independent"):
    """Table 5.2: single against random-aggregated SVMs (:func:`table_5` with ``method="randagg"``)."""
    return table_5(frames, "randagg", published, inconsistent, row_rule)
