"""Tables 6.1 and 6.2 and Figure 6.1 of Valentini (2003), beside the published numbers (spec §4.7).

* :func:`table_6_1` takes the F7 rows (:func:`.chapter6.run_lobag_pair`, one per data set and kernel);
* :func:`table_6_2` reduces the F8 replicates (:func:`.chapter6.run_lobag_replicates`) to mean ± sd,
  the r.e.r. of §1.11 (from the means) and the resampled paired t-tests of §1.11;
* :func:`figure_6_1` draws Table 6.1 as the thesis's scatter, one panel from the published table
  and one from the reproduced one, and returns the plotted rows (the figure's CSV).

Each table has the thesis's labels (``dataset``, ``kernel``) and the spec ids (``data_set``,
``kernel_id``), rows in the published order, and the published values as ``published_<column>``.
"""

import numpy as np
import pandas as pd

from ...assess.comparisons import relative_reduction, resampled_paired_t_test
from ...reproduction.figures import plt, save_figure
from .settings import DISPLAY, KERNEL_DISPLAY

__all__ = ["TABLE_6_1_COLUMNS", "TABLE_6_2_COLUMNS", "figure_6_1", "table_6_1", "table_6_2"]

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
        F7 rows (:data:`.chapter6.PAIR_COLUMNS`).
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
        F8 rows (:data:`.chapter6.REP_COLUMNS`), one per replicate.
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


def _scatter(ax, rows, title):
    """One panel of Fig. 6.1: per case a segment from (E_lobag, E_single) to (E_lobag, E_bag)."""
    for _, r in rows.iterrows():
        ax.plot([r["E_lobag"]] * 2, [r["E_single"], r["E_bag"]], color="0.6", lw=0.8, zorder=1)
    ax.scatter(rows["E_lobag"], rows["E_single"], marker="*", s=60, color="tab:red", label="single SVM",
               zorder=2)
    ax.scatter(rows["E_lobag"], rows["E_bag"], marker="+", s=60, color="tab:blue", label="bagged SVMs",
               zorder=3)
    ax.set_title(title)
    ax.set_xlabel("Lobag test error")
    ax.set_ylabel("single (star) and bagged (+) SVM test error")
    if rows.empty:
        ax.text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def figure_6_1(table, png, published=None):
    """Figure 6.1: Table 6.1 as a scatter on equal axes with the diagonal y = x (spec §4.7).

    Points above the diagonal are cases where Lobag wins. Panel (a) is derived from the
    ``published`` Table 6.1 (when given), panel (b) from the reproduced ``table`` (:func:`table_6_1`,
    or any frame with ``dataset`` or ``data_set``, ``kernel``, ``E_lobag``, ``E_bag``, ``E_single``).

    Returns
    -------
    DataFrame of the plotted rows: ``panel, source, dataset, kernel, E_lobag, E_bag, E_single``.
    """
    table = table.rename(columns={"data_set": "dataset"}) if "dataset" not in table else table
    cols = ["dataset", "kernel", "E_lobag", "E_bag", "E_single"]
    panels = [("a", "published", published[cols] if published is not None else pd.DataFrame(columns=cols)),
              ("b", "reproduced", table[cols])]
    parts = [rows.assign(panel=p, source=s) for p, s, rows in panels if not rows.empty]
    data = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel", "source", *cols])
    values = data[["E_lobag", "E_bag", "E_single"]].to_numpy(dtype=float)
    top = 1.05 * np.nanmax(values) if np.isfinite(values).any() else 0.5
    fig, axes = plt.subplots(1, 2, figsize=(10, 5))
    for ax, (letter, source, rows) in zip(axes, panels, strict=True):
        ax.plot([0, top], [0, top], color="black", lw=0.8, ls="--", label="y = x", zorder=0)
        _scatter(ax, rows.astype({c: float for c in cols[2:]}), f"({letter}) {source}")
        ax.set_xlim(0, top)
        ax.set_ylim(0, top)
        ax.set_aspect("equal")
        ax.legend(loc="upper left")
    fig.suptitle("Figure 6.1: Lobag against single and bagged SVMs (Table 6.1)")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return data[["panel", "source", *cols]]
