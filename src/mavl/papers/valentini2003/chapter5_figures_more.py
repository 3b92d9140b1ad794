"""Figures 5.24 and 5.25 of Valentini (2003): chapter 5's summaries across data sets (spec §4.5).

Both read the tidy F5/F6 frame and draw from the computed Tables 5.1 and 5.2
(:func:`.chapter5_tables.table_5`, row rule A13); a data set not run at this scale is a gap on
the categorical axis, and a kernel with no rows gives a panel saying "not computed at this scale".
With the published Tables 5.1/5.2, both draw the printed values as hollow diamonds beside the
reproduced ones (the framework's mark for published values).
"""

import pandas as pd

from ...reproduction.figures import figure_label, mark_published, plt, save_figure
from .chapter5_tables import table_5
from .settings import DISPLAY, KERNEL_DISPLAY

__all__ = ["figure_5_24", "figure_5_25"]

_KERNELS = (("rbf", "(a) RBF"), ("poly", "(b) polynomial"), ("linear", "(c) dot-product"))


def _tables(frame, row_rule):
    return table_5(frame, "bagging", row_rule=row_rule), table_5(frame, "randagg", row_rule=row_rule)


def _axes():
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.6), squeeze=False)
    return fig, axes.ravel()


def _categorical(ax, title):
    ax.set_xticks(range(len(DISPLAY)), list(DISPLAY.values()), rotation=35, ha="right")
    ax.set_title(title)
    ax.grid(alpha=0.3)


def _empty(ax, title):
    ax.set_title(title)
    ax.text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def _positions(rows):
    order = {d: i for i, d in enumerate(DISPLAY)}
    return rows["data_set"].map(order).to_numpy(float)


def _published_rows(published, table_id, kernel):
    """The rows of a published Table 5.1/5.2 for one kernel, with the data set ids of :data:`DISPLAY`."""
    if published is None or table_id not in published:
        return pd.DataFrame(columns=["data_set"])
    frame = published[table_id]
    ids = {name: data_set for data_set, name in DISPLAY.items()}
    rows = frame[frame["kernel"] == KERNEL_DISPLAY["table_4_2"][kernel]]
    return rows.assign(data_set=rows["dataset"].map(ids)).dropna(subset=["data_set"])


def figure_5_24(frame, png, row_rule="best_independent", published=None):
    """Fig. 5.24: error of single SVMs, bagged and random-aggregated ensembles per data set and kernel.

    ``published`` maps ``table_5_1``/``table_5_2`` to the published frames; their errors are drawn
    as hollow diamonds in the colour of the reproduced series.
    """
    bag, agg = _tables(frame, row_rule)
    fig, axes = _axes()
    parts = []
    for ax, (kernel, title) in zip(axes, _KERNELS, strict=True):
        b = bag[bag["kernel_id"] == kernel] if len(bag) else bag
        a = agg[agg["kernel_id"] == kernel] if len(agg) else agg
        pub_bag = _published_rows(published, "table_5_1", kernel)
        pub_agg = _published_rows(published, "table_5_2", kernel)
        if b.empty and a.empty:
            _empty(ax, title)
            continue
        series = [(b if len(b) else a, "E_SVM", "single SVM", "x", "black", pub_bag),
                  (b, "E_bag", "bagging", "^", "tab:blue", pub_bag),
                  (a, "E_agg", "random aggregating", "s", "tab:red", pub_agg)]
        for rows, column, label, marker, color, printed in series:
            if rows.empty:
                continue
            ax.plot(_positions(rows), rows[column], marker=marker, linestyle="", color=color, label=label)
            if column in printed:
                mark_published(ax, _positions(printed), printed[column], label="_nolegend_", color=color)
            parts.append(pd.DataFrame({"panel": title[1], "data_set": rows["data_set"], "kernel": kernel,
                                       "series": label, "error": rows[column]}))
        _categorical(ax, title)
        ax.set_ylabel("test error")
    if published is not None:
        mark_published(axes[0], [], [], label="published (Tables 5.1, 5.2)")
    axes[0].legend()
    fig.suptitle(f"{figure_label('figure_5_24')}: test error of single, bagged and random-aggregated SVMs "
                 f"(Tables 5.1/5.2, rows: {row_rule})")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


_REDUCTIONS = (("pct_error_reduction", "error", "-"), ("pct_bias_reduction", "bias", "--"),
               ("pct_unbvar_reduction", "unbiased var.", ":"))


def figure_5_25(frame, png, row_rule="best_independent", published=None):
    """Fig. 5.25: % reductions of error, bias and unbiased variance, B/S (^) and R/S (squares).

    ``published`` as for :func:`figure_5_24`: the printed reductions as hollow diamonds.
    """
    bag, agg = _tables(frame, row_rule)
    fig, axes = _axes()
    parts = []
    colors = {"error": "black", "bias": "tab:red", "unbiased var.": "tab:green"}
    for ax, (kernel, title) in zip(axes, _KERNELS, strict=True):
        drawn = False
        for table, table_id, tag, marker, shift in ((bag, "table_5_1", "B/S", "^", -0.12),
                                                    (agg, "table_5_2", "R/S", "s", 0.12)):
            rows = table[table["kernel_id"] == kernel] if len(table) else table
            if rows.empty:
                continue
            printed = _published_rows(published, table_id, kernel)
            for column, label, style in _REDUCTIONS:
                ax.plot(_positions(rows) + shift, rows[column], marker=marker, linestyle=style,
                        color=colors[label], label=f"{label} {tag}")
                if column in printed:
                    mark_published(ax, _positions(printed) + shift, printed[column], label="_nolegend_",
                                   color=colors[label])
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
    drawn_axes = [ax for ax in axes if ax.get_legend_handles_labels()[0]]
    if drawn_axes:
        if published is not None:
            mark_published(drawn_axes[0], [], [], label="published (Tables 5.1, 5.2)")
        # One legend under the panels: inside a panel it hides the points.
        fig.legend(*drawn_axes[0].get_legend_handles_labels(), loc="lower center", ncol=7)
    fig.suptitle(f"{figure_label('figure_5_25')}: relative reductions of error, bias and unbiased variance "
                 f"against single SVMs (rows: {row_rule})")
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])
