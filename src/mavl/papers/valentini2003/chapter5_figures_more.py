"""Figures 5.24 and 5.25 of Valentini (2003): chapter 5's summaries across data sets (spec §4.5).

Both read the tidy F5/F6 frame and draw from the computed Tables 5.1 and 5.2
(:func:`.chapter5_tables.table_5`, row rule A13); a data set not run at this scale is a gap on
the categorical axis, and a kernel with no rows gives a panel saying "not computed at this scale".
"""

import pandas as pd

from ...reproduction.figures import plt, save_figure
from .chapter5_tables import table_5
from .settings import DISPLAY

__all__ = ["figure_5_24", "figure_5_25"]

_KERNELS = (("rbf", "(a) RBF"), ("poly", "(b) polynomial"), ("linear", "(c) dot-product"))


def _tables(frame, row_rule):
    return table_5(frame, "bagging", row_rule=row_rule), table_5(frame, "randagg", row_rule=row_rule)


def _axes():
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2), squeeze=False)
    return fig, axes.ravel()


def _categorical(ax, title):
    ax.set_xticks(range(len(DISPLAY)), list(DISPLAY.values()), rotation=35, ha="right", fontsize=7)
    ax.set_title(title, fontsize=9)
    ax.grid(alpha=0.3)


def _empty(ax, title):
    ax.set_title(title, fontsize=9)
    ax.text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def _positions(rows):
    order = {d: i for i, d in enumerate(DISPLAY)}
    return rows["data_set"].map(order).to_numpy(float)


def figure_5_24(frame, png, row_rule="best_independent"):
    """Fig. 5.24: error of single SVMs, bagged and random-aggregated ensembles per data set and kernel."""
    bag, agg = _tables(frame, row_rule)
    fig, axes = _axes()
    parts = []
    for ax, (kernel, title) in zip(axes, _KERNELS, strict=True):
        b = bag[bag["kernel_id"] == kernel] if len(bag) else bag
        a = agg[agg["kernel_id"] == kernel] if len(agg) else agg
        if b.empty and a.empty:
            _empty(ax, title)
            continue
        series = [(b if len(b) else a, "E_SVM", "single SVM", "x", "black"),
                  (b, "E_bag", "bagging", "^", "tab:blue"),
                  (a, "E_agg", "random aggregating", "s", "tab:red")]
        for rows, column, label, marker, color in series:
            if rows.empty:
                continue
            ax.plot(_positions(rows), rows[column], marker=marker, linestyle="", color=color, label=label)
            parts.append(pd.DataFrame({"panel": title[1], "data_set": rows["data_set"], "kernel": kernel,
                                       "series": label, "error": rows[column]}))
        _categorical(ax, title)
        ax.set_ylabel("error")
    axes[0].legend(fontsize=7)
    fig.suptitle("valentini2003/figure_5_24: error of single, bagged and random-aggregated SVMs "
                 f"(Tables 5.1/5.2, {row_rule})", fontsize=11)
    fig.tight_layout()
    save_figure(fig, png)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


_REDUCTIONS = (("pct_error_reduction", "error", "-"), ("pct_bias_reduction", "bias", "--"),
               ("pct_unbvar_reduction", "unbiased var.", ":"))


def figure_5_25(frame, png, row_rule="best_independent"):
    """Fig. 5.25: % reductions of error, bias and unbiased variance, B/S (^) and R/S (squares)."""
    bag, agg = _tables(frame, row_rule)
    fig, axes = _axes()
    parts = []
    colors = {"error": "black", "bias": "tab:red", "unbiased var.": "tab:green"}
    for ax, (kernel, title) in zip(axes, _KERNELS, strict=True):
        drawn = False
        for table, tag, marker, shift in ((bag, "B/S", "^", -0.12), (agg, "R/S", "s", 0.12)):
            rows = table[table["kernel_id"] == kernel] if len(table) else table
            if rows.empty:
                continue
            for column, label, style in _REDUCTIONS:
                ax.plot(_positions(rows) + shift, rows[column], marker=marker, linestyle=style,
                        color=colors[label], label=f"{label} {tag}")
                parts.append(pd.DataFrame({"panel": title[1], "data_set": rows["data_set"], "kernel": kernel,
                                           "comparison": tag, "quantity": label,
                                           "reduction_pct": rows[column]}))
            drawn = True
        if not drawn:
            _empty(ax, title)
            continue
        ax.axhline(0.0, color="grey", linewidth=0.8)
        _categorical(ax, title)
        ax.set_ylabel("relative reduction (%)")
    handles = [ax for ax in axes if ax.get_legend_handles_labels()[0]]
    if handles:
        handles[0].legend(fontsize=6, ncol=2)
    fig.suptitle(f"valentini2003/figure_5_25: relative reductions against single SVMs ({row_rule})",
                 fontsize=11)
    fig.tight_layout()
    save_figure(fig, png)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])

