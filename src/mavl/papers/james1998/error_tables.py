"""The Chapter 2 error tables and figures of James (1998): one replicate's fit, each table beside
the published one (how a table is aggregated from the replicates: :func:`experiment_table`), the
error-against-B figures and the Concentric sample (Figure 2.7).
"""

import shutil
from pathlib import Path

import numpy as np
import pandas as pd

from ...data import sample_concentric
from ...random import stream
from ...reproduction.compare import absolute_table, average_se, compare, wide
from ...reproduction.figures import figure_label, mark_published, plt, save_figure
from ...reproduction.io import read_results, write_json, write_table
from .experiments import CONSTANT_METHODS, run_replicate
from .settings import experiment_spec

__all__ = ["ERROR_TABLE_KINDS", "build_concentric_figure", "build_error_figure", "build_table",
           "error_table_targets", "experiment_table", "fit_experiment", "plot_concentric", "plot_error_vs_b",
           "published_table_of", "published_tables", "relative_table", "reproduced_tables", "swap_rows"]


#: Target kinds of the Chapter 2 error tables: absolute, and divided by the 1NN mean.
ERROR_TABLE_KINDS = ("table", "relative_table")


def error_table_targets(config):
    """The Chapter 2 error table targets (absolute and relative), in the config's order."""
    return [t for t, info in config["targets"].items() if info["kind"] in ERROR_TABLE_KINDS]


def fit_experiment(config, name, replicate, output):
    """Run one replicate and write its long-format results (TSV)."""
    frame = run_replicate(experiment_spec(config, name), replicate, config["master_seed"],
                          config["options"])
    write_table(frame, output)


def experiment_table(results, spec, relative=False):
    """One experiment's table from its replicates (long results): ``(mean, se, undefined, n)``, each
    method × B; ``relative``: divided by the 1NN mean (:func:`relative_table`)."""
    mean, se, undefined, n = absolute_table(results, spec["methods"], spec["grid"], CONSTANT_METHODS)
    if relative:
        mean, se, undefined = relative_table(mean, se, undefined)
    return mean, se, undefined, n


def relative_table(mean, se, undefined):
    """Table ÷ the 1NN mean (a ratio of means, spec §0); 1NN's own row is dropped."""
    base = mean.loc["1NN"]
    keep = [m for m in mean.index if m != "1NN"]
    return mean.loc[keep] / base, se.loc[keep] / base, undefined.loc[keep]


def swap_rows(published, a="Regression", b="Centroid"):
    """The published table with rows ``a`` and ``b`` relabelled (Table 2.14, AMB-11)."""
    relabel = {a: b, b: a}
    out = published.copy()
    out["method"] = out["method"].map(lambda m: relabel.get(m, m))
    return out


def build_table(config, target, results_paths, published_path, average_se_path, outputs):
    """Write ``<id>.csv``, ``<id>.published.csv``, ``<id>.compare.csv`` and ``<id>.summary.json``."""
    info = config["targets"][target]
    relative = info["kind"] == "relative_table"
    mean, se, undefined, n_reps = experiment_table(read_results(results_paths),
                                                   experiment_spec(config, info["experiment"]), relative)
    shutil.copyfile(published_path, outputs["published"])
    compared_to = read_published(config, target, published_path)
    published_se = float(pd.read_csv(average_se_path).set_index("table").loc[target, "average_se"])
    # Order rows as the thesis does; keep methods the thesis lacks at the end.
    order = [m for m in compared_to["method"] if m in mean.index]
    order += [m for m in mean.index if m not in order]
    mean, se, undefined = mean.loc[order], se.loc[order], undefined.loc[order]
    write_table(wide(mean), outputs["table"])
    comparison = compare(compared_to, mean, se, undefined, published_se, n_reps)
    write_table(comparison, outputs["compare"])
    summary = {
        "target": target, "experiment": info["experiment"], "relative": relative,
        "replicates": int(n_reps), "average_se": round(average_se(se, undefined), 6),
        "published_average_se": published_se,
        "cells": int((~comparison["undefined"]).sum()),
        "within_3se": int(comparison["within_3se"].sum()),
        "published_in_ci": int(comparison["published_in_ci"].sum()),
        "mean_abs_difference": round(float(comparison.loc[~comparison["undefined"],
                                                          "difference"].abs().mean()), 6),
        "labels_swapped": _swapped(config, target),
    }
    write_json(summary, outputs["summary"])


def published_table_of(config, target):
    """The published absolute table behind an error figure: the ``table`` target of its experiment."""
    experiment = config["targets"][target]["experiment"]
    return next(t for t, info in config["targets"].items()
                if info["kind"] == "table" and info["experiment"] == experiment)


def build_error_figure(config, target, results_paths, published_path, outputs):
    """Error-against-B figure of one experiment beside its published table: PNG, PDF and the
    plotted (reproduced) CSV."""
    info = config["targets"][target]
    spec = experiment_spec(config, info["experiment"])
    mean, _, undefined, _ = experiment_table(read_results(results_paths), spec)
    methods = info.get("methods", list(mean.index))
    mean, undefined = mean.loc[methods], undefined.loc[methods]
    write_table(wide(mean.where(~undefined)), outputs["csv"])
    table = published_table_of(config, target)
    published = read_published(config, table, published_path).set_index("method")
    title = (f"{figure_label(target)}: {_EXPERIMENT_TITLES.get(info['experiment'], info['experiment'])}, "
             "test error against B")
    fig = plot_error_vs_b(mean, undefined, title, published.reindex(methods), figure_label(table))
    save_figure(fig, outputs["png"], outputs["pdf"])


#: What each error figure's experiment is (spec james-ch2 §6), for titles a reader understands.
_EXPERIMENT_TITLES = {
    "L50": "Letter, 50 training points per class, default trees",
    "L50deep": "Letter, 50 training points per class, deep trees",
    "L10": "Letter, 10 training points per class",
    "V40": "Vowel, 40 training points per class",
    "V20": "Vowel, 20 training points per class",
}


def build_concentric_figure(config, target, outputs):
    """One Concentric Two Class training sample (Figure 2.7): PNG, PDF and the points as CSV."""
    info, radii = config["targets"][target], config["options"]["concentric"]
    rng = stream(config["master_seed"], target, 0, "data")
    X, y = sample_concentric(info["n_per_class"], rng, radii["inner"], radii["outer"], radii["generator"])
    write_table(pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "class": y}), outputs["csv"])
    # The band of overlap exists only for the radial-uniform reading.
    band = (radii["inner"], radii["outer"]) if radii["generator"] == "radial_uniform" else (None, None)
    save_figure(plot_concentric(X, y, *band), outputs["png"], outputs["pdf"])


def _swapped(config, target):
    return target == "table_2_14" and config["options"]["swap_table_2_14"]


def read_published(config, target, path):
    """A published table as printed, or with Table 2.14's swapped labels corrected (AMB-11)."""
    frame = pd.read_csv(path)
    return swap_rows(frame) if _swapped(config, target) else frame


def published_tables(config, published_dir):
    """Published absolute tables by experiment (Table 2.14 with corrected labels)."""
    published_dir = Path(published_dir)
    return _tables_by_experiment(config, lambda t: read_published(config, t, published_dir / f"{t}.csv"))


def reproduced_tables(config, table_dir):
    """Reproduced absolute tables by experiment, read from the table targets' CSVs."""
    return _tables_by_experiment(config, lambda t: pd.read_csv(Path(table_dir) / f"{t}.csv"))


def _tables_by_experiment(config, read):
    """``{experiment: table}`` of the absolute table targets, each ``read(target)`` indexed by method."""
    return {info["experiment"]: read(target).set_index("method").astype(float)
            for target, info in config["targets"].items() if info["kind"] == "table"}


def plot_error_vs_b(mean, undefined, title, published=None, published_name="published table"):
    """One line per method of test error (%) against B; Tree and 1NN as horizontal lines.

    Undefined cells (Regression with B < k) are left out. ``published`` (methods × ``B<b>``
    columns, as printed) adds hollow diamonds in each method's colour at the printed B.
    """
    fig, ax = plt.subplots(figsize=(8.5, 4.5))
    grid = [int(c[1:]) for c in mean.columns]
    for method in mean.index:
        values = mean.loc[method].to_numpy(dtype=float)
        if method in ("Tree", "1NN"):
            line = ax.axhline(values[0], linestyle="--", label=method,
                              color="black" if method == "Tree" else "grey")
        else:
            keep = ~undefined.loc[method].to_numpy(dtype=bool)
            (line,) = ax.plot(np.array(grid)[keep], values[keep], marker="o", markersize=3, label=method)
        if published is not None and method in published.index:
            # Cells the reproduction leaves undefined (Regression with B < k) are left out here too.
            flags = undefined.loc[method].to_numpy(dtype=bool)
            first_defined = min(np.array(grid)[~flags], default=0) if flags.any() else 0
            printed = published.loc[method].dropna()
            at = np.array([int(c[1:]) for c in printed.index])
            mark_published(ax, at[at >= first_defined], printed.to_numpy(dtype=float)[at >= first_defined],
                           label="_nolegend_", color=line.get_color())
    if published is not None:
        mark_published(ax, [], [], label=f"published ({published_name})")
    ax.set_xlim(0, max(grid) * 1.02)
    ax.set_xlabel("B (columns, bootstrap trees or boosting rounds)")
    ax.set_ylabel("test error (%)")
    ax.set_title(title)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    return fig


def plot_concentric(X, y, inner=None, outer=None):
    """A training sample of the Concentric Two Class data with the band of overlap (where the radii
    ranges ``inner`` and ``outer`` are given)."""
    fig, ax = plt.subplots(figsize=(5, 5))
    ax.scatter(*X[y == 0].T, facecolors="none", edgecolors="tab:blue", s=18, label="class 0 (centre)")
    ax.scatter(*X[y == 1].T, marker="x", color="tab:red", s=18, label="class 1 (outer)")
    theta = np.linspace(0, 2 * np.pi, 200)
    for r in () if inner is None else (outer[0], inner[1]):
        ax.plot(r * np.cos(theta), r * np.sin(theta), color="grey", linewidth=0.8, linestyle=":")
    ax.set_aspect("equal")
    ax.legend(loc="upper right")
    ax.set_title("Concentric Two Class data, one training set")
    fig.tight_layout()
    return fig
