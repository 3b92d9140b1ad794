"""Figures 5.4–5.12 and 5.15–5.25 of Valentini (2003): bagged and random-aggregated SVMs (spec §4.5).

Each figure takes the tidy F5/F6 frame (:func:`.jobs.run_ensembles`, concatenated), writes its PNG
and returns its CSV frame, drawn as :mod:`..plotting` describes: the five series of §4.1, single
SVMs marked "x", ensembles "^". Curves against k use each data set's minimum-error ensemble at
k = m where the caption gives no model (A11).

Figures 5.24 and 5.25 summarise the chapter across data sets from the computed Tables 5.1 and 5.2
(:func:`.tables.table_5`, row rule A13): a data set not run at this scale is a gap on the
categorical axis, and a kernel with no rows gives a panel saying "not computed at this scale".
With the published Tables 5.1/5.2, both draw the printed values as hollow diamonds beside the
reproduced ones (the framework's mark for published values).

:data:`FIGURES` lists every figure with what it reads.
"""

from functools import partial

import pandas as pd

from ....reproduction.figures import figure_label, finish_figure, mark_published, plt, save_figure
from ..plotting import (
    AXIS_LABELS,
    SERIES,
    SERIES_STYLE,
    Y_LABEL,
    Figure,
    curve_figure,
    empty_panel,
    in_order,
    panel_frame,
    panel_grid,
    panel_name,
    panel_title,
    plotted,
    select_curve,
    x_scale,
)
from ..settings import DISPLAY, KERNEL_DISPLAY
from .tables import best_models, final_models, table_5

__all__ = ["FIGURES", "K_FIGURES", "PARAMETER_FIGURES", "SINGLE_FIGURES", "figure_5_24", "figure_5_25",
           "k_figure", "parameter_figure", "single_vs_ensemble"]

_NAME = {"bagging": "bagged", "randagg": "random-aggregated"}
_KNAME = {"rbf": "RBF-SVM", "poly": "polynomial SVM", "linear": "dot-product SVM"}
_AXIS = {"rbf": "sigma", "poly": "degree", "linear": "C"}


def _panels(data_sets, kernel, Cs):
    if not Cs:
        return [(d, kernel, {}) for d in data_sets]
    return [(d, kernel, {"C": c}) for d in data_sets for c in Cs]


#: Ensemble against its parameter at k = m: id → (method, kernel, panels).
PARAMETER_FIGURES = {
    "figure_5_4": ("bagging", "rbf", _panels(("p2", "letter_two"), "rbf", (1.0, 100.0))),
    "figure_5_7": ("bagging", "poly", _panels(("p2", "letter_two"), "poly", (0.1, 100.0))),
    "figure_5_10": ("bagging", "linear", _panels(("waveform", "grey_landsat", "letter_two_noise", "spam"),
                                                 "linear", None)),
    "figure_5_15": ("randagg", "rbf", _panels(("p2", "letter_two"), "rbf", (1.0, 100.0))),
    "figure_5_18": ("randagg", "poly", _panels(("p2", "letter_two"), "poly", (1.0, 100.0))),
    "figure_5_21": ("randagg", "linear", _panels(("grey_landsat", "letter_two", "letter_two_noise", "spam"),
                                                 "linear", None)),
}
_DOT = ("waveform", "grey_landsat", "spam", "musk")
#: Single (x) against ensemble (^) along the parameter at k = m: id → (method, kernel, panels).
SINGLE_FIGURES = {
    "figure_5_6": ("bagging", "rbf", _panels(("letter_two", "waveform"), "rbf", (1.0, 100.0))),
    "figure_5_9": ("bagging", "poly", _panels(("p2", "grey_landsat"), "poly", (1.0, 100.0))),
    "figure_5_12": ("bagging", "linear", _panels(_DOT, "linear", None)),
    "figure_5_17": ("randagg", "rbf", _panels(("letter_two", "waveform"), "rbf", (1.0, 100.0))),
    "figure_5_20": ("randagg", "poly", _panels(("p2", "grey_landsat"), "poly", (1.0, 100.0))),
    "figure_5_23": ("randagg", "linear", _panels(_DOT, "linear", None)),
}
#: Ensemble against k: id → (method, kernel, panels); a panel's fixed dict None means A11's best model.
K_FIGURES = {
    "figure_5_5": ("bagging", "rbf", [("grey_landsat", "rbf", None), ("spam", "rbf", None)]),
    "figure_5_8": ("bagging", "poly", [("p2", "poly", None), ("letter_two", "poly", None)]),
    "figure_5_11": ("bagging", "linear", [("grey_landsat", "linear", None), ("letter_two", "linear", None)]),
    "figure_5_16": ("randagg", "rbf", [("p2", "rbf", {"C": 1.0, "sigma": 0.2}),
                                       ("p2", "rbf", {"C": 100.0, "sigma": 0.5}),
                                       ("letter_two", "rbf", {"C": 100.0, "sigma": 1.0}),
                                       ("letter_two", "rbf", {"C": 100.0, "sigma": 2.0})]),
    "figure_5_19": ("randagg", "poly", [("p2", "poly", {"C": 1.0, "degree": 6}),
                                        ("p2", "poly", {"C": 100.0, "degree": 9}),
                                        ("letter_two", "poly", {"C": 1.0, "degree": 3}),
                                        ("letter_two", "poly", {"C": 100.0, "degree": 9})]),
    "figure_5_22": ("randagg", "linear", [(d, "linear", None) for d in ("waveform", "letter_two", "spam",
                                                                       "musk")]),
}


def _finish(fig, axes, png, title, parts):
    for ax in axes:
        if ax.get_legend_handles_labels()[0]:
            ax.set_ylabel(Y_LABEL)
    finish_figure(fig, title, axes)
    save_figure(fig, png, pdf=True)
    return plotted(parts)


def parameter_figure(figure_id, frame, png):
    """An ensemble's five series against σ, degree or C at k = m (Figs 5.4, 5.7, 5.10, 5.15, 5.18, 5.21)."""
    method, kernel, panels = PARAMETER_FIGURES[figure_id]
    title = (f"{figure_label(figure_id)}: {_NAME[method]} {_KNAME[kernel]}s of m members, against "
             f"{AXIS_LABELS[_AXIS[kernel]]}")
    return curve_figure(final_models(frame, method), panels, _AXIS[kernel], png, title)


def single_vs_ensemble(figure_id, frame, png):
    """Single SVMs ("x") against ensembles ("^") at k = m (Figs 5.6, 5.9, 5.12, 5.17, 5.20, 5.23)."""
    method, kernel, panels = SINGLE_FIGURES[figure_id]
    x_axis = _AXIS[kernel]
    fig, axes = panel_grid(len(panels))
    parts = []
    for ax, letter, (data_set, kern, fixed) in zip(axes, "abcd", panels, strict=False):
        drawn = False
        for who, marker in (("single", "x"), (method, "^")):
            rows, used = select_curve(final_models(frame, who), data_set, kern, x_axis, fixed)
            if rows.empty:
                continue
            for column, label in SERIES.items():
                color, style = SERIES_STYLE[column]
                ax.plot(rows[x_axis], rows[column], color=color, linestyle=style, marker=marker, markersize=5,
                        label=f"{label} ({'single' if who == 'single' else _NAME[method]})")
            parts.append(panel_frame(rows, letter, x_axis, used, series=who))
            if not drawn:
                ax.set_title(panel_title(letter, data_set, kern, used, bool(rows["substitute"].any())))
            drawn = True
        if not drawn:
            empty_panel(ax, panel_name(letter, data_set, kern))
            continue
        x_scale(ax, x_axis)
        ax.grid(alpha=0.3)
    title = f"{figure_label(figure_id)}: single {_KNAME[kernel]}s (x) against {_NAME[method]} ones (^)"
    return _finish(fig, axes, png, title, parts)


def _k_rows(frame, method, data_set, kernel, fixed):
    """Rows of one ensemble setting over k: ``fixed`` (nearest grid values) or A11's best model."""
    ensembles = frame[frame["method"] == method]
    if fixed is None:
        best = best_models(frame, method)
        best = best[(best["data_set"] == data_set) & (best["kernel"] == kernel)]
        if best.empty:
            return ensembles.iloc[:0], {}
        fixed = {n: float(best.iloc[0][n]) for n in ("C", "sigma", "degree") if not pd.isna(best.iloc[0][n])}
        rows, used = select_curve(ensembles, data_set, kernel, "k", fixed)
        return rows, {n: (None, v) for n, (_, v) in used.items()}
    return select_curve(ensembles, data_set, kernel, "k", fixed)


def k_figure(figure_id, frame, png):
    """An ensemble's five series against k (Figs 5.5, 5.8, 5.11, 5.16, 5.19, 5.22)."""
    method, kernel, panels = K_FIGURES[figure_id]
    fig, axes = panel_grid(len(panels))
    parts = []
    for ax, letter, (data_set, kern, fixed) in zip(axes, "abcd", panels, strict=False):
        rows, used = _k_rows(frame, method, data_set, kern, fixed)
        if rows.empty:
            empty_panel(ax, panel_name(letter, data_set, kern))
            continue
        for column, label in SERIES.items():
            color, style = SERIES_STYLE[column]
            ax.plot(rows["k"], rows[column], color=color, linestyle=style, marker="^", markersize=3,
                    label=label)
        x_scale(ax, "k")
        best = " (best at k = m, A11)" if fixed is None else ""
        ax.set_title(panel_title(letter, data_set, kern, used, bool(rows["substitute"].any())) + best)
        ax.grid(alpha=0.3)
        parts.append(panel_frame(rows, letter, "k", used, series=method))
    title = f"{figure_label(figure_id)}: {_NAME[method]} {_KNAME[kernel]} against the number of base learners"
    return _finish(fig, axes, png, title, parts)


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
            empty_panel(ax, title)
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
    return plotted(parts)


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
            empty_panel(ax, title)
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
    return plotted(parts)


#: Every figure of chapter 5, in the thesis's order: ``"frame"`` reads the tidy F5/F6 frame,
#: ``"marked"`` also the published Tables 5.1/5.2 (``published``, by table id).
FIGURES = in_order({
    **{f: Figure(partial(parameter_figure, f), "frame") for f in PARAMETER_FIGURES},
    **{f: Figure(partial(single_vs_ensemble, f), "frame") for f in SINGLE_FIGURES},
    **{f: Figure(partial(k_figure, f), "frame") for f in K_FIGURES},
    "figure_5_24": Figure(figure_5_24, "marked"),
    "figure_5_25": Figure(figure_5_25, "marked"),
})
