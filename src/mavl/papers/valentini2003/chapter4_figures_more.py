"""Figures 4.8–4.10 and 4.21–4.25 of Valentini (2003): P2 surfaces, kernel comparisons, schematics.

Spec valentini2003 §4.3 and §4.1. Same contract as :mod:`.chapter4_figures`: ``figure_4_x(frame,
png)`` writes the PNG and returns the CSV frame. Figs 4.8–4.10 take F4's surface frame
(:func:`.p2_surface.run_p2_surface`); the others the tidy F1–F3 frame. The schematics 4.23–4.25
(A23) are drawn from computed curves, their regions found by :func:`mavl.svm.regions.rbf_regions`,
and say "schematic" in their titles.
"""

import numpy as np
import pandas as pd

from ...reproduction.figures import figure_label, plt, save_figure
from ...svm.regions import RBF_REGIONS, rbf_regions
from .chapter4_figures import SERIES, SERIES_STYLE, curve_figure, select_curve
from .chapter4_published import surface_error
from .chapter4_table import table_4_2
from .settings import DISPLAY

__all__ = ["comparison_panels", "figure_4_8", "figure_4_9", "figure_4_10", "figure_4_21",
           "figure_4_22", "figure_4_23", "figure_4_24", "figure_4_25"]

_REGION_COLOURS = dict(zip(RBF_REGIONS, ("tab:red", "tab:orange", "tab:green"), strict=True))


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
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


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


def _finish(fig, axes, figure_id, title, png, parts):
    for ax in axes:
        ax.grid(alpha=0.3)
        if ax.get_legend_handles_labels()[0]:       # an uncomputed panel has nothing to list
            ax.legend()
    fig.suptitle(f"{figure_label(figure_id)}: {title} (schematic, drawn from computed curves)",
                 fontsize=10)
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


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
