"""Figures of James (1998): error against B, data samples, and the figures of the theory chapters."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

__all__ = [
    "plot_case_study_errors",
    "plot_concentric",
    "plot_error_vs_b",
    "plot_margin_distribution",
    "plot_margin_model",
    "plot_probability_estimates",
    "plot_settling",
    "plot_settling_panels",
    "save_figure",
]

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


def plot_settling(points, fits, groups):
    """Figure 2.3: each random matrix's error against B, with the 1/√B and 1/B fits."""
    from .settling import CURVES

    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.scatter(points["B"], points["err"], s=14, color="black", label="one random matrix")
    grid = np.linspace(min(groups), max(groups), 200)
    for (curve, (transform, _)), style in zip(CURVES.items(), ("-", "--"), strict=True):
        row = fits[(fits["curve"] == curve) & fits["thesis_fit"]].iloc[0]
        label = f"{row['a']:.1f} + {row['b']:.1f}·{curve.replace('1/', '/')} ({row['groups']} four groups)"
        ax.plot(grid, row["a"] + row["b"] * transform(grid), style, label=label)
    ax.set_xlabel("B (columns)")
    ax.set_ylabel("test error (%)")
    ax.set_title("james1998/figure_2_3: ECOC error against B, independent random matrices")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def plot_settling_panels(points, fits, groups):
    """Figure 2.4: error against 1/√B and 1/B for the first and the last four groups, with R²."""
    from .settling import CURVES

    fig, axes = plt.subplots(2, 2, figsize=(8, 6.5))
    sets = {"first": list(groups[:4]), "last": list(groups[-4:])}
    for r, (name, members) in enumerate(sets.items()):
        chosen = points[points["B"].isin(members)]
        for c, (curve, (transform, _)) in enumerate(CURVES.items()):
            ax = axes[r, c]
            x = transform(chosen["B"].to_numpy(float))
            ax.scatter(x, chosen["err"], s=12, color="black")
            row = fits[(fits["curve"] == curve) & (fits["groups"] == name)].iloc[0]
            xs = np.linspace(x.min(), x.max(), 50)
            ax.plot(xs, row["a"] + row["b"] * xs, color="tab:red")
            ax.set_title(f"B in {members}: R² = {row['r2']:.3f}", fontsize=9)
            ax.set_xlabel(curve)
            ax.set_ylabel("test error (%)")
    fig.suptitle("james1998/figure_2_4: linearity in 1/√B (left) and 1/B (right)", fontsize=10)
    fig.tight_layout()
    return fig


def plot_probability_estimates(estimates, slope, intercept, r2, disagreement):
    """Figure 2.6: averaged Substitution estimates against averaged ECOC estimates (q > 0.01)."""
    fig, ax = plt.subplots(figsize=(5.5, 5.5))
    ax.scatter(estimates["ecoc"], estimates["substitution"], s=3, alpha=0.3, color="black")
    lims = [min(estimates["ecoc"].min(), 0.0), 1.0]
    ax.plot(lims, lims, ":", color="grey", label="45° line")
    xs = np.linspace(*lims, 50)
    ax.plot(xs, intercept + slope * xs, color="tab:red",
            label=f"least squares: slope {slope:.3f}, R² = {r2:.3f}")
    ax.set_xlabel("ECOC estimate D̄_i (averaged over training sets)")
    ax.set_ylabel("Substitution estimate p_i^S (averaged)")
    ax.set_title(f"james1998/figure_2_6 (disagreement {100 * disagreement:.1f} %)", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def plot_case_study_errors(mean_errors, b_star):
    """Figure 3.1: test error against B (log axis) for Tree, Substitution and ECOC."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    tree = float(mean_errors.loc[mean_errors["method"] == "Tree", "err"].iloc[0])
    ax.axhline(tree, color="black", linestyle="--", label="Tree")
    for method in ("Substitution", "ECOC"):
        rows = mean_errors[mean_errors["method"] == method]
        ax.plot(rows["B"], rows["err"], marker="o", markersize=3, label=f"{method} PICT")
    if np.isfinite(b_star):
        ax.axvline(b_star, color="grey", linestyle=":", label=f"bound B* = {b_star:.1f}")
    ax.set_xscale("log")
    ax.set_xlabel("B (log scale)")
    ax.set_ylabel("test error (%)")
    ax.set_title("james1998/figure_3_1: 26-class simulation")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def plot_margin_model(B, test_error, smoothed_test, model=None, smoothed_model=None, label=None,
                      annotation=None, title=""):
    """Figures 4.1–4.4: test error (raw points, LOWESS line) and optionally one model's prediction."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.plot(B, test_error, ".", color="grey", markersize=4, label="test error")
    ax.plot(B, smoothed_test, color="tab:red", label="test error, smoothed")
    if model is not None:
        ax.plot(B, smoothed_model, color="tab:blue", label=f"{label}, smoothed")
    if annotation:
        ax.text(0.98, 0.95, annotation, transform=ax.transAxes, ha="right", va="top", fontsize=8)
    ax.set_xlabel("B (boosting rounds)")
    ax.set_ylabel("error rate")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="center right")
    fig.tight_layout()
    return fig


def plot_margin_distribution(train_margins, test_margins, rounds=(1, 5, 10, 20, 50, 100)):
    """Cumulative distributions of the training and test margins after selected rounds."""
    fig, axes = plt.subplots(1, 2, figsize=(9, 4), sharey=True)
    for ax, margins, name in ((axes[0], train_margins, "training"), (axes[1], test_margins, "test")):
        for b in (r for r in rounds if r <= margins.shape[0]):
            values = np.sort(margins[b - 1])
            ax.step(values, np.arange(1, values.size + 1) / values.size, where="post", label=f"B = {b}")
        ax.axvline(0, color="grey", linewidth=0.8, linestyle=":")
        ax.set_xlabel("margin")
        ax.set_title(f"{name} points", fontsize=10)
    axes[0].set_ylabel("cumulative share of points")
    axes[1].legend(fontsize=8)
    fig.suptitle("Margin distributions of AdaBoost.M1 on Letter", fontsize=10)
    fig.tight_layout()
    return fig
