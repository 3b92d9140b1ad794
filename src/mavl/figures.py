"""Figures of Chapter 2: error against B, and one Concentric Two Class sample."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

__all__ = ["plot_concentric", "plot_error_vs_b", "save_figure"]

# Fixed metadata keeps the PDF free of a creation date, so reruns give the same bytes.
_PDF_META = {"CreationDate": None, "ModDate": None, "Producer": "mavl"}


def plot_error_vs_b(mean, undefined, title):
    """One line per method of test error (%) against B; Tree and 1NN as horizontal lines.

    Undefined cells (Regression with B < k) are left out.
    """
    fig, ax = plt.subplots(figsize=(7, 4.5))
    grid = [int(c[1:]) for c in mean.columns]
    for method in mean.index:
        values = mean.loc[method].to_numpy(dtype=float)
        if method in ("Tree", "1NN"):
            ax.axhline(values[0], linestyle="--", linewidth=1.2, label=method,
                       color="black" if method == "Tree" else "grey")
            continue
        keep = ~undefined.loc[method].to_numpy(dtype=bool)
        ax.plot(np.array(grid)[keep], values[keep], marker="o", markersize=3, label=method)
    ax.set_xlim(0, max(grid))
    ax.set_xlabel("B (columns, bootstrap trees or boosting rounds)")
    ax.set_ylabel("test error (%)")
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    return fig


def plot_concentric(X, y, inner, outer):
    """A training sample of the Concentric Two Class data with the band of overlap."""
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.scatter(*X[y == 0].T, facecolors="none", edgecolors="tab:blue", s=18, label="class 0 (centre)")
    ax.scatter(*X[y == 1].T, marker="x", color="tab:red", s=18, label="class 1 (outer)")
    theta = np.linspace(0, 2 * np.pi, 200)
    for r in (outer[0], inner[1]):
        ax.plot(r * np.cos(theta), r * np.sin(theta), color="grey", linewidth=0.8, linestyle=":")
    ax.set_aspect("equal")
    ax.legend(fontsize=8, loc="upper right")
    ax.set_title("Concentric Two Class data, one training set")
    fig.tight_layout()
    return fig


def save_figure(fig, png, pdf):
    """Write PNG and PDF with fixed metadata, then close the figure."""
    fig.savefig(png, dpi=120, metadata={"Software": None})
    fig.savefig(pdf, metadata=_PDF_META)
    plt.close(fig)
