"""Figures 4–7 of Allwein, Schapire & Singer (2000), which are differences of Table 2/3 cells
(spec allwein2000 §5).

* Figures 4 (AdaBoost: Exp and L_1) and 5 (SVM: hinge): loss-based minus Hamming test error,
  per data set, one panel per code.
* Figures 6 (SVM, hinge) and 7 (AdaBoost, Exp): error(code i) − error(code j) per data set on a
  5×5 grid of code pairs.

Every function reads one long table with columns ``decoding`` (``hamming``, ``loss_exp``,
``loss_l1``, ``loss_hinge``), ``problem``, ``code``, ``published`` and ``reproduced`` (test error
in %, NaN where the paper did not run a cell or the data are unavailable), so the published-derived
bars and the reproduced ones are computed the same way and drawn side by side.
"""

import numpy as np
import pandas as pd
from matplotlib.patches import Patch

from ...reproduction.figures import PUBLISHED_BARS, plt, save_figure

__all__ = ["CODE_LABELS", "PAIR_CODES", "TABLE_CODES", "decoding_differences", "long_codes_table",
           "pairwise_code_differences", "plot_decoding_differences", "plot_pairwise_codes"]

#: Codes in the column order of Tables 2–3 (the panels of Figures 4–5).
TABLE_CODES = ("one_vs_all", "complete", "all_pairs", "dense", "sparse")
#: Codes in the row/column order of Figures 6–7 (differs from the tables).
PAIR_CODES = ("one_vs_all", "all_pairs", "complete", "dense", "sparse")
CODE_LABELS = {"one_vs_all": "one-vs-all", "complete": "complete", "all_pairs": "all-pairs",
               "dense": "dense", "sparse": "sparse"}
#: Loss series: legend label and colour (spec A10: Exp black, L_1 gray).
SERIES = {"exp": ("Exp", "tab:blue"), "l1": ("L$_1$", "tab:orange"), "hinge": ("hinge", "tab:blue")}
SIDES = {"published": "published-derived", "reproduced": "reproduced"}
_REPRODUCED_COLOUR = "tab:orange"


def long_codes_table(published, reproduced=None):
    """Long table ``decoding, problem, code, published, reproduced`` from the wide Table 2/3 form
    (``decoding, problem`` and one column per code); ``reproduced`` is a frame of the same wide
    form, or None for all NaN. Data sets keep the order of ``published``."""
    def melt(wide, name):
        return wide.melt(id_vars=["decoding", "problem"], value_vars=list(TABLE_CODES),
                         var_name="code", value_name=name)

    long = melt(published, "published")
    if reproduced is None:
        return long.assign(reproduced=np.nan)
    return long.merge(melt(reproduced, "reproduced"), on=["decoding", "problem", "code"], how="left")


def _problem_order(table, problems):
    return list(problems) if problems is not None else list(dict.fromkeys(table["problem"]))


def decoding_differences(table, loss_decoding, problems=None):
    """Figure 4/5 bars: error(``loss_decoding``) − error(Hamming), in percentage points.

    Parameters
    ----------
    table : DataFrame with columns ``decoding, problem, code, published, reproduced``.
    loss_decoding : ``"loss_exp"``, ``"loss_l1"`` or ``"loss_hinge"``.
    problems : data-set order for ``index`` (1-based); default the order of first appearance.

    Returns
    -------
    DataFrame with columns ``problem, index, code, series, published_difference,
    reproduced_difference``; ``series`` is the loss name without ``loss_``. Combinations where
    both differences are missing are left out; a negative difference favours loss-based decoding.
    """
    order = _problem_order(table, problems)
    cells = (table[table["decoding"].isin(["hamming", loss_decoding]) & table["code"].isin(TABLE_CODES)]
             .set_index(["problem", "code", "decoding"])[["published", "reproduced"]].unstack("decoding"))
    diff = (cells.xs(loss_decoding, axis=1, level="decoding")
            - cells.xs("hamming", axis=1, level="decoding")).round(10)
    frame = diff.reset_index().rename(columns={"published": "published_difference",
                                               "reproduced": "reproduced_difference"})
    frame = frame[frame["problem"].isin(order)].dropna(
        subset=["published_difference", "reproduced_difference"], how="all")
    frame.insert(1, "index", frame["problem"].map({p: i + 1 for i, p in enumerate(order)}))
    frame.insert(3, "series", loss_decoding.removeprefix("loss_"))
    rank = frame["code"].map({c: i for i, c in enumerate(TABLE_CODES)})
    return frame.assign(_rank=rank).sort_values(["_rank", "index"]).drop(columns="_rank") \
        .reset_index(drop=True)


def _index_caption(frame):
    """"1 dermatology, 2 satimage, …" for the figure foot."""
    pairs = frame[["index", "problem"]].drop_duplicates().sort_values("index")
    return ",  ".join(f"{i} {p}" for i, p in zip(pairs["index"], pairs["problem"], strict=True))


def plot_decoding_differences(frame, png, series, title="loss-based minus Hamming decoding"):
    """Figures 4–5: one panel per code (columns), published-derived (top row) and reproduced
    (bottom row) bars of :func:`decoding_differences` output; ``series`` lists the loss series to
    draw side by side (``["exp", "l1"]`` or ``["hinge"]``)."""
    n = int(frame["index"].max())
    width = 0.8 / len(series)
    fig, axes = plt.subplots(2, len(TABLE_CODES), figsize=(16, 6.5), sharex=True, sharey=True)
    for row, side in enumerate(SIDES):
        for col, code in enumerate(TABLE_CODES):
            ax = axes[row, col]
            part = frame[frame["code"] == code]
            for j, name in enumerate(series):
                cells = part[(part["series"] == name) & part[f"{side}_difference"].notna()]
                label, colour = SERIES[name]
                # Published-derived bars carry the framework's hatch, in the series' colour.
                look = {**PUBLISHED_BARS, "facecolor": colour} if side == "published" else {"color": colour}
                ax.bar(cells["index"] + (j - (len(series) - 1) / 2) * width,
                       cells[f"{side}_difference"], width, label=label, **look)
            if part[f"{side}_difference"].isna().all():
                ax.text(0.5, 0.5, "no data", transform=ax.transAxes, ha="center", color="0.5")
            ax.axhline(0.0, color="0.3", linewidth=0.8)
            ax.set_xticks(range(1, n + 1))
            ax.tick_params(axis="x", labelsize=7)
            ax.grid(axis="y", alpha=0.3)
            if row == 0:
                ax.set_title(CODE_LABELS[code])
            else:
                ax.set_xlabel("data set index")
        axes[row, 0].set_ylabel(f"{SIDES[side]}\nloss − Hamming error (pp)")
    # One entry per loss only where several share a panel; the hatch tells the rows apart.
    handles = [Patch(**PUBLISHED_BARS, label="published-derived (top row)"),
               Patch(color="0.4", label="reproduced (bottom row)")]
    if len(series) > 1:
        handles += [Patch(color=SERIES[name][1], label=SERIES[name][0]) for name in series]
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.95), ncol=len(handles))
    fig.suptitle(f"{title} (negative: loss-based better)")
    fig.text(0.5, 0.01, _index_caption(frame), ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 0.91))
    save_figure(fig, png, pdf=True)


def pairwise_code_differences(table, decoding, problems=None):
    """Figure 6/7 panels: error(code i) − error(code j) under ``decoding``, every ordered pair.

    Returns
    -------
    DataFrame with columns ``code_i, code_j, problem, index, published_difference,
    reproduced_difference`` (pairs in :data:`PAIR_CODES` order, i ≠ j; ``index`` 1-based in
    ``problems`` order, default the order of first appearance). Rows where both differences are
    missing are left out, so panel (i, j) is exactly minus panel (j, i).
    """
    order = _problem_order(table, problems)
    cells = table[table["decoding"] == decoding]
    wide = {side: cells.pivot(index="problem", columns="code", values=side)
            .reindex(index=order, columns=list(PAIR_CODES)) for side in SIDES}
    parts = []
    for code_i in PAIR_CODES:
        for code_j in (c for c in PAIR_CODES if c != code_i):
            parts.append(pd.DataFrame({
                "code_i": code_i, "code_j": code_j, "problem": order, "index": np.arange(1, len(order) + 1),
                **{f"{side}_difference": (wide[side][code_i] - wide[side][code_j]).round(10).to_numpy()
                   for side in SIDES}}))
    frame = pd.concat(parts, ignore_index=True)
    return frame.dropna(subset=["published_difference", "reproduced_difference"], how="all") \
        .reset_index(drop=True)


def _pair_panel(ax, part, width=0.4):
    for k, side in enumerate(SIDES):
        cells = part[part[f"{side}_difference"].notna()]
        look = PUBLISHED_BARS if side == "published" else {"color": _REPRODUCED_COLOUR}
        ax.bar(cells["index"] + (k - 0.5) * width, cells[f"{side}_difference"], width,
               label=SIDES[side], **look)
    ax.axhline(0.0, color="0.3", linewidth=0.8)


def plot_pairwise_codes(frame, png, title):
    """Figures 6–7: 5×5 grid of :func:`pairwise_code_differences` output; panel (i, j) holds
    error(row code) − error(column code) per data set, published-derived and reproduced side by
    side; the diagonal panels only name the code."""
    n = int(frame["index"].max())
    fig, axes = plt.subplots(len(PAIR_CODES), len(PAIR_CODES), figsize=(15, 13), sharex=True, sharey=True)
    for i, code_i in enumerate(PAIR_CODES):
        for j, code_j in enumerate(PAIR_CODES):
            ax = axes[i, j]
            if i == j:
                ax.set_facecolor("0.93")
                ax.text(0.5, 0.5, CODE_LABELS[code_i], transform=ax.transAxes, ha="center",
                        va="center", fontsize=11)
            else:
                _pair_panel(ax, frame[(frame["code_i"] == code_i) & (frame["code_j"] == code_j)])
            ax.set_xticks(range(1, n + 1))
            ax.tick_params(labelsize=7)
            ax.grid(axis="y", alpha=0.3)
        axes[0, i].set_title(f"minus {CODE_LABELS[code_i]}")
        axes[i, 0].set_ylabel(f"{CODE_LABELS[code_i]} −\nerror difference (pp)")
        axes[-1, i].set_xlabel("data set index")
    handles, labels = axes[0, 1].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper right")
    fig.suptitle(f"{title}: error(row code) − error(column code), negative: row code better")
    fig.text(0.5, 0.005, _index_caption(frame), ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.02, 1, 0.97))
    save_figure(fig, png, pdf=True)
