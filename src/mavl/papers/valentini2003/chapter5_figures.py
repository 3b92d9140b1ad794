"""Figures 5.4–5.12 and 5.15–5.23 of Valentini (2003): bagged and random-aggregated SVMs (spec §4.5).

Each ``figure_5_x(frame, png)`` takes the tidy F5/F6 frame (:func:`.chapter5.run_ensembles`,
concatenated), writes its PNG and returns its CSV frame (the plotted rows with ``panel``,
``x_axis`` and, where a panel fixes a value, ``fixed``, ``fixed_requested``, ``fixed_used``).
Plot conventions are §4.1's: the five series; single SVMs marked "x", ensembles "^". A fixed value
missing from a reduced grid is replaced by the nearest one (noted in the title); a data set not run
gives a panel saying "not computed at this scale", so every target exists at every scale (§6.3).
Curves against k use each data set's minimum-error ensemble at k = m where the caption gives no
model (A11). Figures 5.24–5.25 are in :mod:`.chapter5_figures_more`.
"""

import numpy as np
import pandas as pd

from ...reproduction.figures import figure_label, finish_figure, plt, save_figure
from .chapter4_figures import SERIES, SERIES_STYLE, Y_LABEL, curve_figure, panel_name, select_curve
from .chapter5_tables import best_models, final_models

__all__ = ["K_FIGURES", "PARAMETER_FIGURES", "SINGLE_FIGURES", "k_figure", "single_vs_ensemble"]

_NAME = {"bagging": "bagged", "randagg": "random-aggregated"}
_KNAME = {"rbf": "RBF-SVM", "poly": "polynomial SVM", "linear": "dot-product SVM"}
_AXIS = {"rbf": "sigma", "poly": "degree", "linear": "C"}
_LABEL = {"C": "C", "sigma": "σ", "degree": "polynomial degree", "k": "number of base learners k"}


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


def _grid(n_panels):
    cols = 2 if n_panels > 1 else 1
    rows = int(np.ceil(n_panels / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.6 * rows), squeeze=False)
    for ax in axes.ravel()[n_panels:]:
        ax.set_visible(False)
    return fig, axes.ravel()


def _empty(ax, title):
    ax.set_title(title)
    ax.text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def _title(letter, data_set, kernel, used, substitute):
    parts = [panel_name(letter, data_set, kernel) + (" (substitute: Musk1)" if substitute else "")]
    for name, (asked, chosen) in used.items():
        text = f"{_LABEL[name]} = {chosen:g}"
        parts.append(text if asked is None or np.isclose(asked, chosen) else f"{text} (asked {asked:g})")
    return ", ".join(parts)


def _finish(fig, axes, png, title, parts):
    for ax in axes:
        if ax.get_legend_handles_labels()[0]:
            ax.set_ylabel(Y_LABEL)
    finish_figure(fig, title, axes)
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


def _tag(rows, letter, x_axis, used, series):
    out = rows.assign(panel=letter, x_axis=x_axis, series=series)
    for name, (asked, chosen) in used.items():
        out = out.assign(fixed=name, fixed_requested=np.nan if asked is None else asked, fixed_used=chosen)
    return out


def _x_scale(ax, x_axis):
    if x_axis == "degree":
        ax.set_xlim(0.5, 10.5)
    elif x_axis != "k":
        ax.set_xscale("log")
    ax.set_xlabel(_LABEL[x_axis])


def parameter_figure(figure_id, frame, png):
    """An ensemble's five series against σ, degree or C at k = m (Figs 5.4, 5.7, 5.10, 5.15, 5.18, 5.21)."""
    method, kernel, panels = PARAMETER_FIGURES[figure_id]
    title = (f"{figure_label(figure_id)}: {_NAME[method]} {_KNAME[kernel]}s of m members, against "
             f"{_LABEL[_AXIS[kernel]]}")
    return curve_figure(final_models(frame, method), panels, _AXIS[kernel], png, title)


def single_vs_ensemble(figure_id, frame, png):
    """Single SVMs ("x") against ensembles ("^") at k = m (Figs 5.6, 5.9, 5.12, 5.17, 5.20, 5.23)."""
    method, kernel, panels = SINGLE_FIGURES[figure_id]
    x_axis = _AXIS[kernel]
    fig, axes = _grid(len(panels))
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
            parts.append(_tag(rows, letter, x_axis, used, who))
            if not drawn:
                ax.set_title(_title(letter, data_set, kern, used, bool(rows["substitute"].any())))
            drawn = True
        if not drawn:
            _empty(ax, panel_name(letter, data_set, kern))
            continue
        _x_scale(ax, x_axis)
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
    fig, axes = _grid(len(panels))
    parts = []
    for ax, letter, (data_set, kern, fixed) in zip(axes, "abcd", panels, strict=False):
        rows, used = _k_rows(frame, method, data_set, kern, fixed)
        if rows.empty:
            _empty(ax, panel_name(letter, data_set, kern))
            continue
        for column, label in SERIES.items():
            color, style = SERIES_STYLE[column]
            ax.plot(rows["k"], rows[column], color=color, linestyle=style, marker="^", markersize=3,
                    label=label)
        _x_scale(ax, "k")
        best = " (best at k = m, A11)" if fixed is None else ""
        ax.set_title(_title(letter, data_set, kern, used, bool(rows["substitute"].any())) + best)
        ax.grid(alpha=0.3)
        parts.append(_tag(rows, letter, "k", used, method))
    title = f"{figure_label(figure_id)}: {_NAME[method]} {_KNAME[kernel]} against the number of base learners"
    return _finish(fig, axes, png, title, parts)


def _bind(kind, figure_id, doc):
    def draw(frame, png):
        return kind(figure_id, frame, png)
    draw.__name__, draw.__doc__ = figure_id, doc
    return draw


for _id, (_m, _k, _) in PARAMETER_FIGURES.items():
    globals()[_id] = _bind(parameter_figure, _id, f"Fig. {_id[7:].replace('_', '.')}: {_NAME[_m]} "
                           f"{_KNAME[_k]}, five series against its parameter at k = m (spec §4.5).")
for _id, (_m, _k, _) in SINGLE_FIGURES.items():
    globals()[_id] = _bind(single_vs_ensemble, _id, f"Fig. {_id[7:].replace('_', '.')}: single against "
                           f"{_NAME[_m]} {_KNAME[_k]} (spec §4.5).")
for _id, (_m, _k, _) in K_FIGURES.items():
    globals()[_id] = _bind(k_figure, _id, f"Fig. {_id[7:].replace('_', '.')}: {_NAME[_m]} {_KNAME[_k]} "
                           "against k (spec §4.5).")
__all__ += [*PARAMETER_FIGURES, *SINGLE_FIGURES, *K_FIGURES, "parameter_figure"]
