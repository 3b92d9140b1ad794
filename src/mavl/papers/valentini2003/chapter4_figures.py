"""Figures 4.5–4.7 and 4.11–4.20 of Valentini (2003): curves, capacity and 3-D panels (spec §4.1, §4.3).

Each ``figure_4_x(frame, png)`` takes the tidy F1–F3 frame of all data sets
(:func:`.chapter4.run_family`, concatenated), writes its PNG and returns its CSV frame: the rows
it plotted with ``panel`` (a, b, …), ``x_axis`` and, where a panel fixes C, σ or the degree,
``fixed``, ``fixed_requested`` and ``fixed_used``. A fixed value missing from the computed grid
(a reduced scale) is replaced by the nearest one (log scale for C and σ) and the figure says so;
a panel whose data set or kernel was not run is drawn empty with a note, so every target exists
at every scale (§6.3). Figures 4.8–4.10 and 4.21–4.25 are in :mod:`.chapter4_figures_more`.
"""

import numpy as np
import pandas as pd

from ...reproduction.figures import figure_label, finish_figure, plt, save_figure
from .chapter4_published import mark_panel, mark_sources
from .settings import DISPLAY

__all__ = ["CURVE_FIGURES", "SERIES", "SERIES_STYLE", "curve_figure", "figure_4_5", "figure_4_6",
           "figure_4_7", "figure_4_11", "figure_4_12", "figure_4_13", "figure_4_14", "figure_4_15",
           "figure_4_16", "figure_4_17", "figure_4_18", "figure_4_19", "figure_4_20", "select_curve"]

#: The five series of §4.1: column → legend label, with one line style each.
SERIES = {"error": "avg. error", "bias": "bias", "net_var": "net variance",
          "var_unbiased": "unbiased var.", "var_biased": "biased var."}
#: The y-axis of every panel of the five series: they share one scale (0-1 loss and its parts).
Y_LABEL = "error, bias and variance"
#: Kernel names in panel headings.
KERNEL_NAMES = {"rbf": "RBF", "poly": "polynomial", "linear": "dot-product"}
SERIES_STYLE = {"error": ("black", "-"), "bias": ("tab:red", "--"), "net_var": ("tab:blue", "-."),
          "var_unbiased": ("tab:green", ":"), "var_biased": ("tab:purple", (0, (5, 1, 1, 1)))}
_PARAM = {"rbf": "sigma", "poly": "degree", "linear": None}
_LABEL = {"C": "C", "sigma": "σ", "degree": "polynomial degree"}
#: Curve figures (§4.3): id → (title, x axis, panels (data set, kernel, {fixed: value}), σ limit).
#: Panels (a), (b), (e), (f) of Fig. 4.6 give no C; C = 10 (A10) is the ``unspecified_C`` default.
CURVE_FIGURES = {
    "figure_4_6": ("RBF-SVM against σ", "sigma",
                   [("waveform", "rbf", {"C": None}), ("grey_landsat", "rbf", {"C": None}),
                    ("letter_two", "rbf", {"C": 0.1}), ("letter_two", "rbf", {"C": 1.0}),
                    ("letter_two_noise", "rbf", {"C": None}), ("spam", "rbf", {"C": None})], 100.0),
    "figure_4_7": ("Letter-Two, RBF-SVM against C", "C",
                   [("letter_two", "rbf", {"sigma": s}) for s in (0.01, 0.1, 1.0, 5.0, 20.0, 100.0)],
                   None),
    "figure_4_11": ("Grey-Landsat, RBF-SVM against σ", "sigma",
                    [("grey_landsat", "rbf", {"C": c}) for c in (0.1, 1.0, 10.0, 100.0)], None),
    "figure_4_12": ("P2 and Musk, RBF-SVM against σ", "sigma",
                    [(d, "rbf", {"C": c}) for d in ("p2", "musk") for c in (1.0, 1000.0)], None),
    "figure_4_15": ("Polynomial SVM against degree", "degree",
                    [(d, "poly", {"C": c}) for d in ("waveform", "letter_two") for c in (0.1, 50.0)],
                    None),
    "figure_4_17": ("Letter-Two, polynomial SVM against C", "C",
                    [("letter_two", "poly", {"degree": g}) for g in (2, 3, 5, 10)], None),
    "figure_4_19": ("Polynomial SVM against C", "C",
                    [("p2", "poly", {"degree": 6}), ("spam", "poly", {"degree": 3})], None),
    "figure_4_20": ("Dot-product SVM against C", "C",
                    [(d, "linear", {}) for d in ("p2", "grey_landsat", "letter_two",
                                                 "letter_two_noise", "spam", "musk")], None),
}


def _nearest(available, value, log):
    available = np.asarray(sorted(set(available)), dtype=float)
    distance = np.abs(np.log10(available) - np.log10(value)) if log else np.abs(available - value)
    return float(available[np.argmin(distance)])


def select_curve(frame, data_set, kernel, x_axis, fixed=None, x_max=None):
    """Rows of one curve sorted by ``x_axis``, and the fixed values used ({name: (asked, used)}).

    A fixed value absent from the grid is replaced by the nearest present one (log10 distance
    for C and σ); an empty frame means the data set or kernel was not computed.
    """
    rows = frame[(frame["data_set"] == data_set) & (frame["kernel"] == kernel)]
    used = {}
    for name, value in (fixed or {}).items():
        if rows.empty:
            break
        chosen = _nearest(rows[name].dropna(), value, log=name != "degree")
        used[name] = (value, chosen)
        rows = rows[np.isclose(rows[name], chosen)]
    if x_max is not None:
        rows = rows[rows[x_axis] <= x_max]
    return rows.sort_values(x_axis), used


def _panel_frame(rows, letter, x_axis, used):
    out = rows.assign(panel=letter, x_axis=x_axis)
    for name, (asked, chosen) in used.items():
        out = out.assign(fixed=name, fixed_requested=asked, fixed_used=chosen)
    return out


def panel_name(letter, data_set, kernel):
    """A panel's heading as a reader knows the data: "(a) Letter-Two, RBF kernel"."""
    return f"({letter}) {DISPLAY.get(data_set, data_set)}, {KERNEL_NAMES.get(kernel, kernel)} kernel"


def _panel_title(letter, data_set, kernel, used, substitute=False):
    parts = [panel_name(letter, data_set, kernel) + (" (substitute: Musk1)" if substitute else "")]
    for name, (asked, chosen) in used.items():
        text = f"{_LABEL[name]} = {chosen:g}"
        parts.append(text if np.isclose(asked, chosen) else f"{text} (asked {asked:g})")
    return ", ".join(parts)


def _x_scale(ax, x_axis):
    if x_axis == "degree":
        ax.set_xlim(0.5, 10.5)
    else:
        ax.set_xscale("log")
    ax.set_xlabel(_LABEL[x_axis])


def _empty(ax, title):
    ax.set_title(title)
    text = getattr(ax, "text2D", ax.text)     # 3-D axes take (x, y, z, s) in text()
    text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def _grid(n_panels):
    cols = 2 if n_panels > 1 else 1
    rows = int(np.ceil(n_panels / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.6 * rows), squeeze=False)
    for ax in axes.ravel()[n_panels:]:
        ax.set_visible(False)
    return fig, axes.ravel()


def curve_figure(frame, panels, x_axis, png, title, x_max=None, published=None):
    """Panels of the five §4.1 series against ``x_axis``; returns the plotted rows (CSV frame).

    ``published``: points of :func:`.chapter4_published.published_points`, marked where a panel's
    fixed parameters equal theirs.
    """
    fig, axes = _grid(len(panels))
    parts, sources, drawn = [], set(), []
    for ax, letter, (data_set, kernel, fixed) in zip(axes, "abcdefgh", panels, strict=False):
        rows, used = select_curve(frame, data_set, kernel, x_axis, fixed, x_max)
        if rows.empty:
            _empty(ax, panel_name(letter, data_set, kernel))
            continue
        for column, label in SERIES.items():
            color, style = SERIES_STYLE[column]
            ax.plot(rows[x_axis], rows[column], color=color, linestyle=style, marker=".", label=label)
        if published is not None:
            shown = published if x_max is None else published[~(published[x_axis] > x_max)]
            sources |= mark_panel(ax, shown, data_set, kernel, x_axis, used, SERIES_STYLE)
        drawn.append(ax)
        _x_scale(ax, x_axis)
        ax.set_title(_panel_title(letter, data_set, kernel, used, bool(rows["substitute"].any())))
        ax.set_ylabel(Y_LABEL)
        parts.append(_panel_frame(rows, letter, x_axis, used))
    if drawn:
        mark_sources(drawn[0], sources)
    finish_figure(fig, title, axes)
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


def _curves(figure_id, frame, png, resolve=None, published=None):
    title, x_axis, panels, x_max = CURVE_FIGURES[figure_id]
    panels = [(d, k, {n: (resolve if v is None else v) for n, v in f.items()}) for d, k, f in panels]
    return curve_figure(frame, panels, x_axis, png, f"{figure_label(figure_id)}: {title}", x_max, published)


def figure_4_6(frame, png, unspecified_C=10.0, published=None):
    """Fig. 4.6: RBF against σ ≤ 100, six data sets; C = ``unspecified_C`` where not given (A10)."""
    return _curves("figure_4_6", frame, png, resolve=unspecified_C, published=published)


def figure_4_7(frame, png, published=None):
    """Fig. 4.7: Letter-Two RBF against C, one panel per σ."""
    return _curves("figure_4_7", frame, png, published=published)


def figure_4_11(frame, png, published=None):
    """Fig. 4.11: Grey-Landsat RBF against σ, C = 0.1, 1, 10, 100."""
    return _curves("figure_4_11", frame, png, published=published)


def figure_4_12(frame, png, published=None):
    """Fig. 4.12: P2 and Musk RBF against σ at C = 1 and 1000."""
    return _curves("figure_4_12", frame, png, published=published)


def figure_4_15(frame, png, published=None):
    """Fig. 4.15: polynomial against degree, Waveform and Letter-Two at C = 0.1 and 50."""
    return _curves("figure_4_15", frame, png, published=published)


def figure_4_17(frame, png, published=None):
    """Fig. 4.17: Letter-Two polynomial against C, degrees 2, 3, 5, 10."""
    return _curves("figure_4_17", frame, png, published=published)


def figure_4_19(frame, png, published=None):
    """Fig. 4.19: polynomial against C, P2 degree 6 and Spam degree 3."""
    return _curves("figure_4_19", frame, png, published=published)


def figure_4_20(frame, png, published=None):
    """Fig. 4.20: dot-product against C on six data sets."""
    return _curves("figure_4_20", frame, png, published=published)


def _capacity_figure(figure_id, data_set, frame, png, C_values=(1.0, 10.0, 100.0, 1000.0)):
    """Figs 4.13–4.14: error, bias, training error and SV/2 (left) and VC estimate (right, log)."""
    fig, axes = _grid(len(C_values))
    parts = []
    for ax, letter, C in zip(axes, "abcd", C_values, strict=False):
        rows, used = select_curve(frame, data_set, "rbf", "sigma", {"C": C})
        if rows.empty:
            _empty(ax, panel_name(letter, data_set, "rbf"))
            continue
        for column, label, color in (("error", "avg. error", "black"), ("bias", "bias", "tab:red"),
                                     ("train_error", "training error", "tab:orange"),
                                     ("sv_frac_half", "SV fraction / 2", "tab:cyan")):
            ax.plot(rows["sigma"], rows[column], color=color, marker=".", label=label)
        right = ax.twinx()
        right.plot(rows["sigma"], rows["vc_est"], color="grey", linestyle="--", label="VC estimate")
        right.set_yscale("log")
        right.set_ylabel("VC estimate (log)")
        _x_scale(ax, "sigma")
        ax.set_title(_panel_title(letter, data_set, "rbf", used))
        ax.grid(alpha=0.3)
        parts.append(_panel_frame(rows, letter, "sigma", used))
        if letter == "a":
            ax.legend(loc="center right")
            right.legend(loc="upper right")
    fig.suptitle(f"{figure_label(figure_id)}: {DISPLAY.get(data_set, data_set)}, RBF-SVM, capacity against σ")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


def figure_4_13(frame, png):
    """Fig. 4.13: Letter-Two RBF, §1.10's quantities against σ at C = 1, 10, 100, 1000."""
    return _capacity_figure("figure_4_13", "letter_two", frame, png)


def figure_4_14(frame, png):
    """Fig. 4.14: the same for Grey-Landsat."""
    return _capacity_figure("figure_4_14", "grey_landsat", frame, png)


def _surface_figure(figure_id, frame, panels, y_axis, png, title):
    """3-D wireframes over (log10 C, log10 σ or degree); panels are (data set, kernel, column)."""
    fig = plt.figure(figsize=(5.0 * min(len(panels), 3), 4.2 * int(np.ceil(len(panels) / 3))))
    parts = []
    for i, (data_set, kernel, column) in enumerate(panels):
        letter = "abcde"[i]
        ax = fig.add_subplot(int(np.ceil(len(panels) / 3)), min(len(panels), 3), i + 1, projection="3d")
        rows = frame[(frame["data_set"] == data_set) & (frame["kernel"] == kernel)]
        name = f"{panel_name(letter, data_set, kernel)}: {SERIES.get(column, column)}"
        if rows.empty:
            _empty(ax, name)
            continue
        grid = rows.pivot_table(index=y_axis, columns="C", values=column)
        cc, yy = np.meshgrid(np.log10(grid.columns.to_numpy(float)), grid.index.to_numpy(float))
        yy = np.log10(yy) if y_axis == "sigma" else yy
        ax.plot_wireframe(cc, yy, grid.to_numpy(), color="black", linewidth=0.6)
        ax.set_xlabel("log10 C")
        ax.set_ylabel("log10 σ" if y_axis == "sigma" else "degree")
        ax.set_title(name)
        parts.append(rows.assign(panel=letter, quantity=column))
    fig.suptitle(f"{figure_label(figure_id)}: {title}")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


def figure_4_5(frame, png):
    """Fig. 4.5: Grey-Landsat RBF over (C, σ): error, bias, net, unbiased and biased variance."""
    panels = [("grey_landsat", "rbf", column) for column in SERIES]
    return _surface_figure("figure_4_5", frame, panels, "sigma", png, "Grey-Landsat, RBF-SVM")


def figure_4_16(frame, png):
    """Fig. 4.16: P2 polynomial over (C, degree): error, bias, net variance."""
    panels = [("p2", "poly", column) for column in ("error", "bias", "net_var")]
    return _surface_figure("figure_4_16", frame, panels, "degree", png, "P2, polynomial SVM")


def figure_4_18(frame, png):
    """Fig. 4.18: bias of polynomial SVMs over (C, degree), Waveform and Spam."""
    panels = [(data_set, "poly", "bias") for data_set in ("waveform", "spam")]
    return _surface_figure("figure_4_18", frame, panels, "degree", png, "bias of polynomial SVMs")
