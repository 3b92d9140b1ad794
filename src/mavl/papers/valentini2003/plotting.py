"""How Valentini (2003) draws its bias–variance curves (spec §4.1), shared by the figures of chapters 4
and 5.

A panel shows one curve of a tidy frame: the five series of §4.1 against C, σ, the degree or the
number of base learners k, each series in one colour and line style in every figure. A fixed value
missing from the computed grid (a reduced scale) is replaced by the nearest one (log scale for C
and σ) and the panel's title says so; a panel whose data set or kernel was not run is drawn empty
with a note, so every target exists at every scale (§6.3). A figure returns the rows it plotted
(its CSV) with ``panel`` (a, b, …), ``x_axis`` and, where a panel fixes C, σ or the degree,
``fixed``, ``fixed_requested`` and ``fixed_used``.

Published values are marked beside a curve (the framework's hollow diamonds) only where the panel
fixes the parameters the published point names, at the point's values.
"""

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import pandas as pd

from ...reproduction.figures import finish_figure, mark_published, plt, save_figure
from .settings import DISPLAY

__all__ = ["AXIS_LABELS", "KERNEL_NAMES", "SERIES", "SERIES_STYLE", "Y_LABEL", "Figure", "curve_figure",
           "empty_panel", "in_order", "mark_panel", "mark_sources", "panel_frame", "panel_grid", "panel_name",
           "panel_title", "plotted", "select_curve", "x_scale"]

#: The five series of §4.1: column → legend label, with one line style each.
SERIES = {"error": "avg. error", "bias": "bias", "net_var": "net variance",
          "var_unbiased": "unbiased var.", "var_biased": "biased var."}
#: The y-axis of every panel of the five series: they share one scale (0-1 loss and its parts).
Y_LABEL = "error, bias and variance"
#: Kernel names in panel headings.
KERNEL_NAMES = {"rbf": "RBF", "poly": "polynomial", "linear": "dot-product"}
SERIES_STYLE = {"error": ("black", "-"), "bias": ("tab:red", "--"), "net_var": ("tab:blue", "-."),
                "var_unbiased": ("tab:green", ":"), "var_biased": ("tab:purple", (0, (5, 1, 1, 1)))}
#: The label of each x axis (and of a fixed parameter in a panel's title).
AXIS_LABELS = {"C": "C", "sigma": "σ", "degree": "polynomial degree", "k": "number of base learners k"}


class Figure(NamedTuple):
    """One figure as its chapter lists it for the chapter's targets step.

    ``draw`` is the builder, ``draw(<what it reads>, png, **keywords)``; ``reads`` names what it
    takes besides its PNG, in the chapter's words; ``options`` pairs a keyword of the builder with the
    entry of the settings' ``options`` it takes.
    """

    draw: Callable
    reads: str
    options: tuple = ()


def in_order(figures):
    """A chapter's ``{figure id: Figure}`` in the thesis's order (by figure number)."""
    return dict(sorted(figures.items(), key=lambda item: int(item[0].rsplit("_", 1)[1])))


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


def panel_frame(rows, letter, x_axis, used, **columns):
    """The rows a panel plotted, as its figure's CSV holds them: ``panel``, ``x_axis``, any ``columns``
    (e.g. the ``series``) and the fixed value asked and used (``fixed_requested`` NaN: none asked)."""
    out = rows.assign(panel=letter, x_axis=x_axis, **columns)
    for name, (asked, chosen) in used.items():
        out = out.assign(fixed=name, fixed_requested=np.nan if asked is None else asked, fixed_used=chosen)
    return out


def plotted(parts):
    """A figure's CSV frame: its panels' rows (:func:`panel_frame`), or only a ``panel`` column if none."""
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel"])


def panel_name(letter, data_set, kernel):
    """A panel's heading as a reader knows the data: "(a) Letter-Two, RBF kernel"."""
    return f"({letter}) {DISPLAY.get(data_set, data_set)}, {KERNEL_NAMES.get(kernel, kernel)} kernel"


def panel_title(letter, data_set, kernel, used, substitute=False):
    """:func:`panel_name` with the substitute data named and each fixed value (and the one asked, if
    the grid lacked it)."""
    parts = [panel_name(letter, data_set, kernel) + (" (substitute: Musk1)" if substitute else "")]
    for name, (asked, chosen) in used.items():
        text = f"{AXIS_LABELS[name]} = {chosen:g}"
        parts.append(text if asked is None or np.isclose(asked, chosen) else f"{text} (asked {asked:g})")
    return ", ".join(parts)


def x_scale(ax, x_axis):
    """The thesis's x axis: degrees 1-10 linear, k linear, C and σ on a log scale."""
    if x_axis == "degree":
        ax.set_xlim(0.5, 10.5)
    elif x_axis != "k":
        ax.set_xscale("log")
    ax.set_xlabel(AXIS_LABELS[x_axis])


def empty_panel(ax, title):
    """A panel whose data set or kernel was not run at this scale."""
    ax.set_title(title)
    text = getattr(ax, "text2D", ax.text)     # 3-D axes take (x, y, z, s) in text()
    text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def panel_grid(n_panels):
    """A figure of ``n_panels`` panels, two per row; the axes in reading order."""
    cols = 2 if n_panels > 1 else 1
    rows = int(np.ceil(n_panels / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.6 * rows), squeeze=False)
    for ax in axes.ravel()[n_panels:]:
        ax.set_visible(False)
    return fig, axes.ravel()


def mark_panel(ax, points, data_set, kernel, x_axis, used, styles):
    """Mark on ``ax`` each published series value of this panel's curve; return the sources drawn.

    ``points`` holds one published point per row: ``source``, ``data_set``, ``kernel``, the
    parameters and the series columns; ``used`` maps each fixed parameter to (asked, used) as
    :func:`select_curve` returns it; ``styles`` maps a series column to its (colour, line style).
    """
    rows = points[(points["data_set"] == data_set) & (points["kernel"] == kernel)]
    for name, (_, chosen) in used.items():
        rows = rows[np.isclose(rows[name].astype(float), chosen)]
    for column, (color, _) in styles.items():
        shown = rows[rows[column].notna()]
        if not shown.empty:
            mark_published(ax, shown[x_axis].astype(float), shown[column], label="_nolegend_", color=color)
    return set(rows["source"])


def mark_sources(ax, points, sources):
    """One legend entry per source drawn anywhere in the figure (``points``' ``legend`` of each, in the
    points' order), on the panel the legend reads."""
    for source, legend in dict(zip(points["source"], points["legend"], strict=True)).items():
        if source in sources:
            mark_published(ax, [], [], label=legend)


def curve_figure(frame, panels, x_axis, png, title, x_max=None, published=None):
    """Panels of the five §4.1 series against ``x_axis``; returns the plotted rows (CSV frame).

    ``panels``: (data set, kernel, {fixed parameter: value}) per panel; ``published``: points as
    :func:`mark_panel` reads them, marked where a panel's fixed parameters equal theirs.
    """
    fig, axes = panel_grid(len(panels))
    parts, sources, drawn = [], set(), []
    for ax, letter, (data_set, kernel, fixed) in zip(axes, "abcdefgh", panels, strict=False):
        rows, used = select_curve(frame, data_set, kernel, x_axis, fixed, x_max)
        if rows.empty:
            empty_panel(ax, panel_name(letter, data_set, kernel))
            continue
        for column, label in SERIES.items():
            color, style = SERIES_STYLE[column]
            ax.plot(rows[x_axis], rows[column], color=color, linestyle=style, marker=".", label=label)
        if published is not None:
            shown = published if x_max is None else published[~(published[x_axis] > x_max)]
            sources |= mark_panel(ax, shown, data_set, kernel, x_axis, used, SERIES_STYLE)
        drawn.append(ax)
        x_scale(ax, x_axis)
        ax.set_title(panel_title(letter, data_set, kernel, used, bool(rows["substitute"].any())))
        ax.set_ylabel(Y_LABEL)
        parts.append(panel_frame(rows, letter, x_axis, used))
    if drawn and published is not None:
        mark_sources(drawn[0], published, sources)
    finish_figure(fig, title, axes)
    save_figure(fig, png, pdf=True)
    return plotted(parts)
