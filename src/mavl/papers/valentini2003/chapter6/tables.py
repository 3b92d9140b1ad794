"""Tables 6.1 and 6.2 of Valentini (2003), beside the published numbers (spec §4.7).

* :func:`table_6_1` takes the F7 rows (:func:`.jobs.run_lobag_pair`, one per data set and kernel);
* :func:`table_6_2` reduces the F8 replicates (:func:`.jobs.run_lobag_replicates`) to mean ± sd,
  the r.e.r. of §1.11 (from the means) and the resampled paired t-tests of §1.11.

Each table has the thesis's labels (``dataset``, ``kernel``) and the spec ids (``data_set``,
``kernel_id``), rows in the published order, and the published values as ``published_<column>``.
"""

import numpy as np
import pandas as pd

from ....assess.comparisons import relative_reduction, resampled_paired_t_test
from ..settings import DISPLAY, KERNEL_DISPLAY

__all__ = ["TABLE_6_1_COLUMNS", "TABLE_6_2_COLUMNS", "table_6_1", "table_6_2"]

#: Columns of the published Table 6.1 (after ``dataset, kernel``).
TABLE_6_1_COLUMNS = ["E_lobag", "E_bag", "E_single", "conf_L_B", "conf_L_S", "conf_B_S"]
#: Columns of the published Table 6.2 (after ``dataset, kernel``).
TABLE_6_2_COLUMNS = ["E_lobag_mean", "E_lobag_sd", "E_bag_mean", "E_bag_sd", "E_SVM_mean", "E_SVM_sd",
                     "rer_L_S", "rer_B_S"]
#: The thesis's kernel order within a data set: dot-product, polynomial, Gaussian.
_KERNEL_ORDER = ("linear", "poly", "rbf")
#: Table 6.2's t-tests on the replicates' OOB estimates: Lobag/single, bagging/single, Lobag/bagging.
_TESTS = {"L_S": ("E_lobag", "E_SVM"), "B_S": ("E_bag", "E_SVM"), "L_B": ("E_lobag", "E_bag")}
_EXTRA_6_1 = ["B_min", "B_Lmin", "L_min", "p_L_B", "p_L_S", "p_B_S", "C_B", "sigma_B", "degree_B", "C_L",
              "sigma_L", "degree_L", "same_setting", "oob_vote_error_B", "B", "n_test", "substitute"]


def _frame(frames):
    frame = frames if isinstance(frames, pd.DataFrame) else pd.concat(list(frames), ignore_index=True)
    return frame.reset_index(drop=True)


def _labelled(table, table_id):
    """Thesis labels and the published row order (data sets as Table 4.1, kernels as Table 6.x)."""
    order = ({d: i for i, d in enumerate(DISPLAY)}, {k: i for i, k in enumerate(_KERNEL_ORDER)})
    table = table.assign(_d=table["data_set"].map(order[0]), _k=table["kernel"].map(order[1]))
    table = table.sort_values(["_d", "_k"], kind="stable").drop(columns=["_d", "_k"])
    table.insert(0, "dataset", table["data_set"].map(DISPLAY).fillna(table["data_set"]))
    table.insert(1, "kernel_label", table["kernel"].map(KERNEL_DISPLAY[table_id]))
    return table.rename(columns={"kernel": "kernel_id", "kernel_label": "kernel"}).reset_index(drop=True)


def _beside(table, published, columns):
    if published is None:
        return table
    theirs = published[["dataset", "kernel", *columns]].rename(columns={c: f"published_{c}" for c in columns})
    return table.merge(theirs, on=["dataset", "kernel"], how="left")


def table_6_1(frames, published=None):
    """Table 6.1: test errors of Lobag, bagging and the single SVM, McNemar levels (spec §4.7).

    Parameters
    ----------
    frames : DataFrame or sequence of DataFrame
        F7 rows (:data:`.jobs.PAIR_COLUMNS`).
    published : DataFrame or None
        ``resources/published/valentini2003/table_6_1.csv``.

    Returns
    -------
    DataFrame: ``dataset, kernel, data_set, kernel_id``, :data:`TABLE_6_1_COLUMNS`, the OOB
    estimates, p-values and selected settings, and with ``published`` the ``published_`` columns.
    """
    frame = _frame(frames)
    table = _labelled(frame[["data_set", "kernel", *TABLE_6_1_COLUMNS, *_EXTRA_6_1]], "table_6_1")
    return _beside(table, published, TABLE_6_1_COLUMNS)


def table_6_2(frames, published=None, ttest_level=0.01):
    """Table 6.2: mean ± sd over the replicates of the OOB E_lobag, E_bag, E_SVM (spec §4.7, §1.11).

    r.e.r. = 100·(E_SVM − E_x)/E_SVM from the means; sd is the sample sd (ddof 1). The resampled
    paired t-tests (``ttest_level``, 0.01 in the thesis) compare the replicates' OOB estimates:
    ``t_``, ``p_`` and ``reject_`` for L/S, B/S and L/B (NaN with fewer than 2 replicates). The
    test errors on 𝒯 are the supplement ``test_lobag_mean``, ``test_bag_mean``, ``test_single_mean``
    with their SDs over the replicates (``test_lobag_sd``, …).

    Parameters
    ----------
    frames : DataFrame or sequence of DataFrame
        F8 rows (:data:`.jobs.REP_COLUMNS`), one per replicate.
    published : DataFrame or None
        ``resources/published/valentini2003/table_6_2.csv``.
    ttest_level : float, default=0.01
    """
    rows = []
    for (data_set, kernel), group in _frame(frames).groupby(["data_set", "kernel"], sort=False):
        row = {"data_set": data_set, "kernel": kernel, "n_replicates": len(group), "B": group["B"].iloc[0]}
        for name in ("E_lobag", "E_bag", "E_SVM"):
            row[f"{name}_mean"] = group[name].mean()
            row[f"{name}_sd"] = group[name].std(ddof=1) if len(group) > 1 else np.nan
        row["rer_L_S"] = relative_reduction(row["E_SVM_mean"], row["E_lobag_mean"])
        row["rer_B_S"] = relative_reduction(row["E_SVM_mean"], row["E_bag_mean"])
        for test, (a, b) in _TESTS.items():
            result = resampled_paired_t_test(group[a], group[b], ttest_level) if len(group) > 1 else {}
            row[f"t_{test}"], row[f"p_{test}"] = result.get("t", np.nan), result.get("p_value", np.nan)
            row[f"reject_{test}"] = result.get("reject", np.nan)
        for name in ("lobag", "bag", "single"):
            row[f"test_{name}_mean"] = group[f"test_{name}"].mean()
            # The spread of one training set's test error (Table 6.1's cells are one such draw).
            row[f"test_{name}_sd"] = group[f"test_{name}"].std(ddof=1) if len(group) > 1 else np.nan
        row["same_setting_share"] = group["same_setting"].astype(float).mean()
        row["substitute"] = bool(group["substitute"].any())
        rows.append(row)
    columns = ["data_set", "kernel", *TABLE_6_2_COLUMNS]
    table = pd.DataFrame(rows)
    table = _labelled(table[columns + [c for c in table.columns if c not in columns]], "table_6_2")
    return _beside(table, published, TABLE_6_2_COLUMNS)
