"""Table 4.2 of Valentini (2003): the best setting per (data set, kernel) of the chapter-4 families
(:func:`.jobs.run_family`), beside the published row (spec §4.4)."""

import numpy as np
import pandas as pd

from .jobs import DATASET_LABELS, KERNEL_LABELS

__all__ = ["table_4_2"]

_TABLE_COLUMNS = ["C", "sigma", "degree", "avg_error", "bias", "var_unbiased", "var_biased", "net_var"]


def table_4_2(frames, published=None):
    """Table 4.2: the argmin-error setting per (data set, kernel) beside the published row (§4.4).

    Parameters
    ----------
    frames : DataFrame or sequence of DataFrame
        Tidy F1–F3 frames (:func:`run_family`).
    published : DataFrame or None
        The published CSV of spec §4.4 (``dataset, kernel, C, sigma, degree, avg_error, …``).

    Returns
    -------
    DataFrame with ``dataset, kernel`` (the thesis's labels), ``data_set, kernel_id``,
    :data:`_TABLE_COLUMNS` (reproduced; the first minimum in grid order on ties), ``n_samples``,
    ``substitute``, ``avg_error_se`` (SE of ``avg_error`` over the samples), ``n_test`` and, with
    ``published``, the same columns prefixed ``published_``.
    """
    frame = frames if isinstance(frames, pd.DataFrame) else pd.concat(list(frames), ignore_index=True)
    frame = frame.reset_index(drop=True)
    best = frame.loc[frame.groupby(["data_set", "kernel"], sort=False)["error"].idxmin()]
    order = {d: i for i, d in enumerate(DATASET_LABELS)}, {k: i for i, k in enumerate(KERNEL_LABELS)}
    best = best.assign(_d=best["data_set"].map(order[0]), _k=best["kernel"].map(order[1]))
    best = best.sort_values(["_d", "_k"], kind="stable")
    table = pd.DataFrame({
        "dataset": best["data_set"].map(DATASET_LABELS).fillna(best["data_set"]).to_numpy(),
        "kernel": best["kernel"].map(KERNEL_LABELS).to_numpy(),
        "data_set": best["data_set"].to_numpy(), "kernel_id": best["kernel"].to_numpy()})
    for column in _TABLE_COLUMNS:
        table[column] = best["error" if column == "avg_error" else column].to_numpy()
    table["n_samples"] = best["n_samples"].to_numpy()
    table["substitute"] = best["substitute"].to_numpy()
    # SE of the average error over the n training samples (NaN from jobs that kept no error_sd).
    sd = best["error_sd"] if "error_sd" in best else pd.Series(np.nan, index=best.index)
    table["avg_error_se"] = (sd / np.sqrt(best["n_samples"])).to_numpy()
    table["n_test"] = best["n_test"].to_numpy() if "n_test" in best else np.nan
    if published is not None:
        theirs = published[["dataset", "kernel", *_TABLE_COLUMNS]].rename(
            columns={c: f"published_{c}" for c in _TABLE_COLUMNS})
        table = table.merge(theirs, on=["dataset", "kernel"], how="left")
    return table
