"""Figures 4.5–4.25 of Valentini (2003): curves, capacity, 3-D panels, P2 surfaces, kernel comparisons
and schematics (spec §4.1, §4.3).

Each ``figure_4_x`` writes its PNG and returns its CSV frame, drawn as :mod:`..plotting` describes.
Figs 4.8–4.10 take F4's surface frame (:func:`.jobs.run_p2_surface`); the others the tidy F1–F3
frame of all data sets (:func:`.jobs.run_family`, concatenated). The schematics 4.23–4.25 (A23)
are drawn from computed curves, their regions found by :func:`mavl.svm.regions.rbf_regions`, and
say "schematic" in their titles. :data:`FIGURES` lists every figure with what it reads.
"""

import numpy as np
import pandas as pd

from ....reproduction.figures import figure_label, plt, save_figure
from ....svm.regions import RBF_REGIONS, rbf_regions
from ..plotting import (
    SERIES,
    SERIES_STYLE,
    Figure,
    curve_figure,
    empty_panel,
    panel_frame,
    panel_grid,
    panel_name,
    panel_title,
    plotted,
    select_curve,
    x_scale,
)
from ..settings import DISPLAY
from .published import surface_error
from .tables import table_4_2

__all__ = ["CURVE_FIGURES", "FIGURES", "comparison_panels", "figure_4_5", "figure_4_6", "figure_4_7",
           "figure_4_8", "figure_4_9", "figure_4_10", "figure_4_11", "figure_4_12", "figure_4_13",
           "figure_4_14", "figure_4_15", "figure_4_16", "figure_4_17", "figure_4_18", "figure_4_19",
           "figure_4_20", "figure_4_21", "figure_4_22", "figure_4_23", "figure_4_24", "figure_4_25"]

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
    fig, axes = panel_grid(len(C_values))
    parts = []
    for ax, letter, C in zip(axes, "abcd", C_values, strict=False):
        rows, used = select_curve(frame, data_set, "rbf", "sigma", {"C": C})
        if rows.empty:
            empty_panel(ax, panel_name(letter, data_set, "rbf"))
            continue
        for column, label, color in (("error", "avg. error", "black"), ("bias", "bias", "tab:red"),
                                     ("train_error", "training error", "tab:orange"),
                                     ("sv_frac_half", "SV fraction / 2", "tab:cyan")):
            ax.plot(rows["sigma"], rows[column], color=color, marker=".", label=label)
        right = ax.twinx()
        right.plot(rows["sigma"], rows["vc_est"], color="grey", linestyle="--", label="VC estimate")
        right.set_yscale("log")
        right.set_ylabel("VC estimate (log)")
        x_scale(ax, "sigma")
        ax.set_title(panel_title(letter, data_set, "rbf", used))
        ax.grid(alpha=0.3)
        parts.append(panel_frame(rows, letter, "sigma", used))
        if letter == "a":
            ax.legend(loc="center right")
            right.legend(loc="upper right")
    fig.suptitle(f"{figure_label(figure_id)}: {DISPLAY.get(data_set, data_set)}, RBF-SVM, capacity against σ")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return plotted(parts)


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
            empty_panel(ax, name)
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
    return plotted(parts)


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


def _p2_surface(figure_id, surface, pairs, png, note, errors=None, published=None):
    """Wireframes of f(x) over [0, 10]² for each (σ, C) in ``pairs`` (Figs 4.8–4.10); each title gives
    the panel's test error (``errors``, F4's) beside the published one (``published``), where known."""
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
    return plotted(parts)


def figure_4_8(surface, png, errors=None, published=None):
    """Fig. 4.8: P2 output at σ = 0.01, C = 1 (spiky; near 0 away from the support vectors)."""
    return _p2_surface("figure_4_8", surface, [(0.01, 1.0)], png, "very small σ", errors, published)


def figure_4_9(surface, png, errors=None, published=None):
    """Fig. 4.9: P2 output at σ = 1, C = 1 (smooth, fits the regions)."""
    return _p2_surface("figure_4_9", surface, [(1.0, 1.0)], png, "σ = 1", errors, published)


def figure_4_10(surface, png, errors=None, published=None):
    """Fig. 4.10: P2 output at σ = 20 with (a) C = 1 (over-smooth) and (b) C = 1000."""
    return _p2_surface("figure_4_10", surface, [(20.0, 1.0), (20.0, 1000.0)], png, "large σ", errors,
                       published)


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


def _comparison(figure_id, frame, data_sets, png, published):
    title = f"{figure_label(figure_id)}: kernels against C (σ and degree at the Table 4.2 argmin)"
    return curve_figure(frame, comparison_panels(frame, data_sets), "C", png, title, published=published)


def figure_4_21(frame, png, published=None):
    """Fig. 4.21: P2 and Musk, RBF / polynomial / dot-product against C."""
    return _comparison("figure_4_21", frame, ("p2", "musk"), png, published)


def figure_4_22(frame, png, published=None):
    """Fig. 4.22: Waveform and Letter-Two, RBF / polynomial / dot-product against C."""
    return _comparison("figure_4_22", frame, ("waveform", "letter_two"), png, published)


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
    return plotted(parts)


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
FIGURES = {
    "figure_4_5": Figure(figure_4_5, "frame"),
    # Panels (a), (b), (e), (f) of Fig. 4.6 give no C: the config's (A10).
    "figure_4_6": Figure(figure_4_6, "marked", (("unspecified_C", "figure_4_6_C"),)),
    "figure_4_7": Figure(figure_4_7, "marked"),
    "figure_4_8": Figure(figure_4_8, "surface"),
    "figure_4_9": Figure(figure_4_9, "surface"),
    "figure_4_10": Figure(figure_4_10, "surface"),
    "figure_4_11": Figure(figure_4_11, "marked"),
    "figure_4_12": Figure(figure_4_12, "marked"),
    "figure_4_13": Figure(figure_4_13, "frame"),
    "figure_4_14": Figure(figure_4_14, "frame"),
    "figure_4_15": Figure(figure_4_15, "marked"),
    "figure_4_16": Figure(figure_4_16, "frame"),
    "figure_4_17": Figure(figure_4_17, "marked"),
    "figure_4_18": Figure(figure_4_18, "frame"),
    "figure_4_19": Figure(figure_4_19, "marked"),
    "figure_4_20": Figure(figure_4_20, "marked"),
    "figure_4_21": Figure(figure_4_21, "marked"),
    "figure_4_22": Figure(figure_4_22, "marked"),
    "figure_4_23": Figure(figure_4_23, "frame"),
    "figure_4_24": Figure(figure_4_24, "frame"),
    "figure_4_25": Figure(figure_4_25, "frame"),
}
