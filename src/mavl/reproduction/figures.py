"""Figures of every paper: one plotting style, one mark for published values, byte-stable files.

Paper packages draw with :data:`plt` from here, so no module selects a backend or a style of its
own. Its first use loads pyplot with the Agg backend and :data:`STYLE` (fonts, sizes, colours), and
:func:`save_figure` writes PNG (and PDF) without timestamps, so reruns give the same bytes.

The single convention for published values: hollow black diamonds (:data:`PUBLISHED_MARK`, drawn
by :func:`mark_published`) beside the reproduced series, or hatched grey bars
(:data:`PUBLISHED_BARS`), each with a legend entry that says so.
"""

import functools
import io
import re
from pathlib import Path

__all__ = ["PUBLISHED_BARS", "PUBLISHED_MARK", "STYLE", "figure_label", "finish_figure", "mark_published",
           "plt", "save_figure"]

#: The one style: sizes read on screen at 100 dpi, a colour-blind-safe cycle (tab10), light grids.
STYLE = {
    "font.size": 9,
    "axes.titlesize": 9,
    "axes.labelsize": 9,
    "figure.titlesize": 11,
    "legend.fontsize": 7,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "lines.linewidth": 1.3,
    "lines.markersize": 4,
    "legend.frameon": False,
    "image.cmap": "viridis",
}


@functools.cache
def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot

    matplotlib.pyplot.rcParams.update(STYLE)
    return matplotlib.pyplot


class _Pyplot:
    """``matplotlib.pyplot``, imported at the first attribute read with the Agg backend and
    :data:`STYLE`. Why: every paper's steps module imports its plotting code, but most jobs fit and
    draw nothing, and pyplot costs a third of a second at each such job's start."""

    def __getattr__(self, name):
        return getattr(_pyplot(), name)


#: ``matplotlib.pyplot`` as every paper draws with it (loaded on first use: :class:`_Pyplot`).
plt = _Pyplot()

#: Published values as points: hollow black diamonds, no line.
PUBLISHED_MARK = {"marker": "D", "markersize": 5, "markerfacecolor": "none", "markeredgecolor": "black",
                  "markeredgewidth": 1.0, "linestyle": "none"}
#: Published values as bars: hatched, light grey, black edge.
PUBLISHED_BARS = {"facecolor": "0.85", "edgecolor": "black", "hatch": "///", "linewidth": 0.6}

#: PNG resolution: about 1000 px across a 10-inch figure, a few hundred kB at most.
DPI = 100

# Fixed metadata keeps the PDF free of a creation date, so reruns give the same bytes.
_PDF_META = {"CreationDate": None, "ModDate": None, "Producer": "mavl"}
_TARGET = re.compile(r"^(figure|table)_([0-9a-z]+(?:_[0-9a-z]+)*)$")


def figure_label(target):
    """The printed name of a target id: ``figure_2_8`` is "Figure 2.8", ``table_sec_3_4`` "Table sec.3.4"."""
    match = _TARGET.match(target)
    if match is None:
        raise ValueError(f"{target!r} is not a target id like 'figure_2_8' or 'table_4_1'")
    return f"{match.group(1).capitalize()} {match.group(2).replace('_', '.')}"


def mark_published(ax, x, y, label="published", color="black", **style):
    """Draw published values as :data:`PUBLISHED_MARK` points edged in ``color`` (the reproduced
    series' colour, where several series share an axis) with a legend entry; return the line."""
    # An explicit colour keeps the marks from advancing the axes' colour cycle.
    (line,) = ax.plot(x, y, label=label, color=color, **{**PUBLISHED_MARK, "markeredgecolor": color, **style})
    return line


def finish_figure(fig, title, axes=(), ncol=None):
    """Title the figure and, for panels that share their series, put one legend under all of them.

    ``axes``: the panels; the legend takes the entries of the first one that has any (a legend in
    one panel reads as if it belonged to that panel alone). Without ``axes`` each panel keeps its own.
    """
    fig.suptitle(title)
    drawn = [ax for ax in axes if ax.get_legend_handles_labels()[0]]
    if not drawn:
        fig.tight_layout()
        return
    handles, labels = drawn[0].get_legend_handles_labels()
    ncol = ncol or min(len(labels), 6)
    rows = -(-len(labels) // ncol)
    fig.legend(handles, labels, loc="lower center", ncol=ncol)
    # Room for the legend under the panels: about 0.2 inch per row of entries.
    fig.tight_layout(rect=(0, min(0.3, (0.1 + 0.2 * rows) / fig.get_figheight()), 1, 1))


def save_figure(fig, png, pdf=None):
    """Write PNG (and PDF when given: a path, or ``True`` for the PNG's path ending in ``.pdf``)
    with fixed metadata, then close the figure. The PDF is the copy to put in a paper.

    The PNG is drawn at :data:`DPI` and stored with a 256-colour palette (median cut, no dither):
    a plot has few colours, and the palette makes the file two to three times smaller than RGBA
    with no visible change.
    """
    from PIL import Image  # here, not above: only a step that draws needs it (as pyplot, plt)

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    image = Image.open(buffer).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        png, format="png", optimize=True)
    if pdf is True:
        pdf = Path(png).with_suffix(".pdf")
    if pdf is not None:
        fig.savefig(pdf, metadata=_PDF_META)
    plt.close(fig)
