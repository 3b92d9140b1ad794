"""Figures 4.5–4.25 of Valentini (2003): curves, capacity, 3-D panels, P2 surfaces, kernel comparisons
and schematics (spec §4.1, §4.3).

Each figure writes its PNG and returns its CSV frame, drawn as :mod:`..plotting` describes; each kind
of figure is one builder over its table (:data:`CURVE_FIGURES`, :data:`SURFACE_FIGURES`, …).
Figs 4.8–4.10 take F4's surface frame (:func:`.jobs.run_p2_surface`); the others the tidy F1–F3
frame of all data sets (:func:`.jobs.run_family`, concatenated). The schematics 4.23–4.25 (A23)
are drawn from computed curves, their regions found by :func:`mavl.svm.regions.rbf_regions`, and
say "schematic" in their titles. :data:`FIGURES` lists every figure with what it reads.
"""

from functools import partial

import numpy as np
import pandas as pd

from ....reproduction.figures import figure_label, plt, save_figure
from ....svm.regions import RBF_REGIONS, rbf_regions
from .. import plotting
from ..plotting import SERIES, SERIES_STYLE, Figure, select_curve
from ..settings import DISPLAY
from .published import surface_error
from .tables import table_4_2

__all__ = ["CAPACITY_FIGURES", "COMPARISON_FIGURES", "CURVE_FIGURES", "FIGURES", "P2_SURFACE_FIGURES",
           "SURFACE_FIGURES", "capacity_figure", "comparison_figure", "comparison_panels", "curves",
           "figure_4_23", "figure_4_24", "figure_4_25", "p2_surface_figure", "surface_figure"]

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


#: Capacity figures (Figs 4.13–4.14): id → data set.
CAPACITY_FIGURES = {"figure_4_13": "letter_two", "figure_4_14": "grey_landsat"}
#: 3-D figures over (C, σ or degree): id → (panels (data set, kernel, series column), y axis, title).
SURFACE_FIGURES = {
    "figure_4_5": ([("grey_landsat", "rbf", column) for column in SERIES], "sigma",
                   "Grey-Landsat, RBF-SVM"),
    "figure_4_16": ([("p2", "poly", column) for column in ("error", "bias", "net_var")], "degree",
                    "P2, polynomial SVM"),
    "figure_4_18": ([(data_set, "poly", "bias") for data_set in ("waveform", "spam")], "degree",
                    "bias of polynomial SVMs"),
}
#: The P2 output (Figs 4.8–4.10, F4's surface): id → ((σ, C) per panel, note). Spiky at σ = 0.01 (near 0
#: away from the support vectors), smooth at σ = 1, over-smooth at σ = 20 unless C = 1000.
P2_SURFACE_FIGURES = {"figure_4_8": ([(0.01, 1.0)], "very small σ"), "figure_4_9": ([(1.0, 1.0)], "σ = 1"),
                      "figure_4_10": ([(20.0, 1.0), (20.0, 1000.0)], "large σ")}
#: The kernels compared against C (Figs 4.21–4.22): id → data sets.
COMPARISON_FIGURES = {"figure_4_21": ("p2", "musk"), "figure_4_22": ("waveform", "letter_two")}


def curves(figure_id, frame, png, published=None, unspecified_C=10.0):
    """A curve figure of :data:`CURVE_FIGURES`; a panel's C given as None is ``unspecified_C`` (A10)."""
    title, x_axis, panels, x_max = CURVE_FIGURES[figure_id]
    panels = [(d, k, {n: (unspecified_C if v is None else v) for n, v in f.items()}) for d, k, f in panels]
    return plotting.curve_figure(frame, panels, x_axis, png, f"{figure_label(figure_id)}: {title}", x_max,
                                 published)


def capacity_figure(figure_id, frame, png, C_values=(1.0, 10.0, 100.0, 1000.0)):
    """Figs 4.13–4.14 (:data:`CAPACITY_FIGURES`): error, bias, training error and SV/2 (left) and the VC
    estimate (right, log) against σ, one panel per C."""
    data_set = CAPACITY_FIGURES[figure_id]
    fig, axes = plotting.panel_grid(len(C_values))
    parts = []
    for ax, letter, C in zip(axes, "abcd", C_values, strict=False):
        rows, used = select_curve(frame, data_set, "rbf", "sigma", {"C": C})
        if rows.empty:
            plotting.empty_panel(ax, plotting.panel_name(letter, data_set, "rbf"))
            continue
        for column, label, color in (("error", "avg. error", "black"), ("bias", "bias", "tab:red"),
                                     ("train_error", "training error", "tab:orange"),
                                     ("sv_frac_half", "SV fraction / 2", "tab:cyan")):
            ax.plot(rows["sigma"], rows[column], color=color, marker=".", label=label)
        right = ax.twinx()
        right.plot(rows["sigma"], rows["vc_est"], color="grey", linestyle="--", label="VC estimate")
        right.set_yscale("log")
        right.set_ylabel("VC estimate (log)")
        plotting.x_scale(ax, "sigma")
        ax.set_title(plotting.panel_title(letter, data_set, "rbf", used))
        ax.grid(alpha=0.3)
        parts.append(plotting.panel_frame(rows, letter, "sigma", used))
        if letter == "a":
            ax.legend(loc="center right")
            right.legend(loc="upper right")
    fig.suptitle(f"{figure_label(figure_id)}: {DISPLAY.get(data_set, data_set)}, RBF-SVM, capacity against σ")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return plotting.plotted(parts)


def surface_figure(figure_id, frame, png):
    """A 3-D figure of :data:`SURFACE_FIGURES`: wireframes over (log10 C, log10 σ or degree)."""
    panels, y_axis, title = SURFACE_FIGURES[figure_id]
    fig = plt.figure(figsize=(5.0 * min(len(panels), 3), 4.2 * int(np.ceil(len(panels) / 3))))
    parts = []
    for i, (data_set, kernel, column) in enumerate(panels):
        letter = "abcde"[i]
        ax = fig.add_subplot(int(np.ceil(len(panels) / 3)), min(len(panels), 3), i + 1, projection="3d")
        rows = frame[(frame["data_set"] == data_set) & (frame["kernel"] == kernel)]
        name = f"{plotting.panel_name(letter, data_set, kernel)}: {SERIES.get(column, column)}"
        if rows.empty:
            plotting.empty_panel(ax, name)
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
    return plotting.plotted(parts)


def p2_surface_figure(figure_id, surface, png, errors=None, published=None):
    """A figure of :data:`P2_SURFACE_FIGURES`: wireframes of f(x) over [0, 10]² for each (σ, C); each title
    gives the panel's test error (``errors``, F4's) beside the published one (``published``), where known."""
    pairs, note = P2_SURFACE_FIGURES[figure_id]
    fig = plt.figure(figsize=(5.5 * len(pairs), 4.8))
    parts = []
    for i, (sigma, C) in enumerate(pairs):
        ax = fig.add_subplot(1, len(pairs), i + 1, projection="3d")
        rows = surface[np.isclose(surface["sigma"], sigma) & np.isclose(surface["C"], C)]
        title = f"({'ab'[i]}) σ = {sigma:g}, C = {C:g}" if len(pairs) > 1 else f"σ = {sigma:g}, C = {C:g}"
        error = surface_error(errors, published, sigma, C)
        title = f"{title}\n{error}" if error else title
        if rows.empty:
            ax.set_title(title)
            ax.text2D(0.5, 0.5, "not computed", ha="center", transform=ax.transAxes)
            continue
        grid = rows.pivot_table(index="x2", columns="x1", values="f")
        x1, x2 = np.meshgrid(grid.columns.to_numpy(float), grid.index.to_numpy(float))
        ax.plot_wireframe(x1, x2, grid.to_numpy(), rcount=50, ccount=50, color="black", linewidth=0.4)
        ax.set_xlabel("x1")
        ax.set_ylabel("x2")
        ax.set_zlabel("f(x)", fontsize=8)
        ax.set_title(title)
        parts.append(rows.assign(panel="ab"[i] if len(pairs) > 1 else "a"))
    fig.suptitle(f"{figure_label(figure_id)}: P2, RBF-SVM real-valued output ({note})")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return plotting.plotted(parts)


def comparison_panels(frame, data_sets):
    """Figs 4.21–4.22 panels: per kernel (RBF, poly, dot) and data set, against C, with σ or the
    degree fixed at the argmin of the computed Table 4.2 (spec §4.3)."""
    best = table_4_2(frame) if not frame.empty else pd.DataFrame(columns=["data_set", "kernel_id"])
    panels = []
    for kernel, param in (("rbf", "sigma"), ("poly", "degree"), ("linear", None)):
        for data_set in data_sets:
            row = best[(best["data_set"] == data_set) & (best["kernel_id"] == kernel)]
            fixed = {param: float(row[param].iloc[0])} if param and not row.empty else {}
            panels.append((data_set, kernel, fixed))
    return panels


def comparison_figure(figure_id, frame, png, published=None):
    """Figs 4.21–4.22 (:data:`COMPARISON_FIGURES`): RBF / polynomial / dot-product against C."""
    title = f"{figure_label(figure_id)}: kernels against C (σ and degree at the Table 4.2 argmin)"
    panels = comparison_panels(frame, COMPARISON_FIGURES[figure_id])
    return plotting.curve_figure(frame, panels, "C", png, title, published=published)


_REGION_COLOURS = dict(zip(RBF_REGIONS, ("tab:red", "tab:orange", "tab:green"), strict=True))


def _finish(fig, axes, figure_id, title, png, parts):
    for ax in axes:
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:       # an uncomputed panel has nothing to list
            ax.legend()
    fig.suptitle(f"{figure_label(figure_id)}: {title} (schematic, drawn from computed curves)",
                 fontsize=10)
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return plotting.plotted(parts)


def _series(ax, rows, x_axis, columns):
    for column in columns:
        color, style = SERIES_STYLE[column]          # the same style as in every curve figure (§4.1)
        ax.plot(rows[x_axis], rows[column], color=color, linestyle=style, marker=".", label=SERIES[column])


def figure_4_23(frame, png, data_set="grey_landsat", C=10.0):
    """Fig. 4.23: the three RBF regions against σ, from one computed curve (default Grey-Landsat, C = 10)."""
    fig, ax = plt.subplots(figsize=(7, 4.2))
    rows, used = select_curve(frame, data_set, "rbf", "sigma", {"C": C})
    parts = []
    if not rows.empty:
        regions = rbf_regions(rows["sigma"], rows["error"], rows["bias"])
        rows = rows.reset_index(drop=True).assign(region=regions["region"].to_numpy())
        _series(ax, rows, "sigma", list(SERIES))
        s = rows["sigma"].to_numpy()
        edges = np.sqrt(s[1:] * s[:-1])           # geometric midpoints between grid values
        lows, highs = np.r_[s[0] / 1.5, edges], np.r_[edges, s[-1] * 1.5]
        for name in RBF_REGIONS:
            inside = np.flatnonzero(rows["region"].to_numpy() == name)
            if inside.size:
                ax.axvspan(lows[inside[0]], highs[inside[-1]], color=_REGION_COLOURS[name], alpha=0.12)
                ax.text(np.sqrt(lows[inside[0]] * highs[inside[-1]]), 0.98, name, ha="center",
                        va="top", transform=ax.get_xaxis_transform(), fontsize=8)
        ax.set_xscale("log")
        ax.set_title(f"{data_set}, C = {used['C'][1]:g}")
        parts.append(rows.assign(panel="a"))
    ax.set_xlabel("σ")
    return _finish(fig, [ax], "figure_4_23", "RBF-SVM regions against σ", png, parts)


def figure_4_24(frame, png, data_sets=("letter_two", "waveform"), C=0.1):
    """Fig. 4.24: U-shaped error against degree, driven by bias and unbiased variance (Letter-Two)
    or mainly by unbiased variance (Waveform); the argmin degree is marked."""
    fig, axes = plt.subplots(1, len(data_sets), figsize=(5.5 * len(data_sets), 4), squeeze=False)
    parts = []
    for ax, letter, data_set in zip(axes[0], "ab", data_sets, strict=False):
        rows, used = select_curve(frame, data_set, "poly", "degree", {"C": C})
        ax.set_xlabel("polynomial degree")
        if rows.empty:
            ax.set_title(f"({letter}) {DISPLAY.get(data_set, data_set)}: not computed")
            continue
        _series(ax, rows, "degree", ["error", "bias", "var_unbiased"])
        best = rows.loc[rows["error"].idxmin()]
        ax.axvline(best["degree"], color="grey", linestyle=":", label=f"min error, degree {best['degree']:g}")
        ax.set_title(f"({letter}) {DISPLAY.get(data_set, data_set)}, C = {used['C'][1]:g}")
        parts.append(rows.assign(panel=letter))
    return _finish(fig, axes[0], "figure_4_24", "polynomial SVM against degree", png, parts)


def figure_4_25(frame, png, data_set="letter_two"):
    """Fig. 4.25: dot-product SVM against C: bias falls, net variance rises, both level off; the
    error's minimum (at low C in the thesis) is marked."""
    fig, ax = plt.subplots(figsize=(7, 4.2))
    rows, _ = select_curve(frame, data_set, "linear", "C")
    parts = []
    if not rows.empty:
        _series(ax, rows, "C", ["error", "bias", "net_var"])
        best = rows.loc[rows["error"].idxmin()]
        ax.axvline(best["C"], color="grey", linestyle=":", label=f"min error, C = {best['C']:g}")
        ax.set_xscale("log")
        ax.set_title(data_set)
        parts.append(rows.assign(panel="a"))
    ax.set_xlabel("C")
    return _finish(fig, [ax], "figure_4_25", "dot-product SVM against C", png, parts)


#: Every figure of chapter 4, in the thesis's order: ``"frame"`` reads the tidy F1–F3 frame, ``"marked"``
#: also the published points its panels can show (``published``), ``"surface"`` F4's surface with its
#: ``errors`` and the published P2 errors (``published``).
FIGURES = plotting.in_order({
    **{f: Figure(partial(curves, f), "marked") for f in CURVE_FIGURES},
    # Panels (a), (b), (e), (f) of Fig. 4.6 give no C: the config's (A10).
    "figure_4_6": Figure(partial(curves, "figure_4_6"), "marked", (("unspecified_C", "figure_4_6_C"),)),
    **{f: Figure(partial(capacity_figure, f), "frame") for f in CAPACITY_FIGURES},
    **{f: Figure(partial(surface_figure, f), "frame") for f in SURFACE_FIGURES},
    **{f: Figure(partial(p2_surface_figure, f), "surface") for f in P2_SURFACE_FIGURES},
    **{f: Figure(partial(comparison_figure, f), "marked") for f in COMPARISON_FIGURES},
    "figure_4_23": Figure(figure_4_23, "frame"),
    "figure_4_24": Figure(figure_4_24, "frame"),
    "figure_4_25": Figure(figure_4_25, "frame"),
})
