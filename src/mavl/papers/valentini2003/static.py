"""The targets of Valentini (2003) that need no learning (family F0, spec §4.0) and the
reference-only GCM targets (F9, spec §2.8 and A27).

Every target is ``target(cfg, published_dir, png) -> DataFrame``: ``cfg`` is
:func:`.settings.settings`'s dict, ``published_dir`` is ``resources/published/valentini2003``; the
function draws its PNG and returns its CSV frame, which carries the run's ``scale``. The listings of
Figures 4.3-5.14 are read from ``listings.txt`` there, copied from the thesis, never typed in here.
"""

from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.svm import SVC

from ...data.two_class import TWO_CLASS_GENERATORS, p2, p2_boundaries, p2_labels
from ...data.uci_binary import load_binary
from ...random import stream
from ...reproduction.figures import figure_label, plt, save_figure
from ...reproduction.io import write_table

__all__ = ["GCM_STATUS", "LISTINGS", "TARGETS", "build_static", "build_statics", "figure_3_1", "figure_3_2",
           "figure_4_1", "figure_4_2", "figure_6_2", "listing", "read_listings", "reference_table",
           "table_4_1"]

#: Status of every GCM target: the microarray data are in no reachable source (spec §2.8).
GCM_STATUS = "not reproduced: data unavailable (GCM)"
#: The pseudo-code listings rendered as text figures (spec §4.3, §4.5).
LISTINGS = ("figure_4_3", "figure_4_4", "figure_5_1", "figure_5_2", "figure_5_3", "figure_5_13",
            "figure_5_14")
#: Table 4.1's columns besides ``dataset``.
_TABLE_4_1 = ("n_attributes", "train_sample_size", "n_train_sets", "base_train_set_size", "test_set_size")
_SERIES = {"bias": "tab:red", "var_unbiased": "tab:green", "var_biased": "tab:orange",
           "net_var": "tab:purple"}


def _stamp(frame, cfg):
    return frame.assign(scale=cfg["scale"])


def figure_3_1(cfg, published_dir, png):
    """Figure 3.1, Domingos's case analysis of the 0/1 error for two classes (spec §4.2).

    One row per leaf of the three tests t = y*? (noise), y* = y_m? (bias), y_m = y? (variance): with
    two classes each "no" flips the outcome, so the prediction y is wrong when an odd number of tests fail.
    """
    rows = [{"noise": n, "bias": b, "variance": v, "outcome": "error" if (n + b + v) % 2 else "correct"}
            for n in (0, 1) for b in (0, 1) for v in (0, 1)]
    frame = pd.DataFrame(rows)
    fig, ax = plt.subplots(figsize=(9, 5))
    ax.set_axis_off()
    tests = ("t = y*?", "y* = y_m?", "y_m = y?")
    for level, label in enumerate(tests):
        width = 1.0 / 2**level
        for k in range(2**level):
            x, y = (k + 0.5) * width, 1.0 - 0.28 * level
            ax.text(x, y, label, ha="center", va="center", bbox={"boxstyle": "round", "fc": "0.92"})
            for side, sign in enumerate((-1, 1)):
                child_x = x + sign * width / 4
                ax.plot([x, child_x], [y - 0.04, y - 0.24], color="0.4", lw=0.8)
                ax.text((x + child_x) / 2 + 0.012 * sign, y - 0.13, "no" if side else "yes", fontsize=7,
                        ha="center")
    for i, row in frame.iterrows():
        x = (i + 0.5) / 8
        color = "tab:red" if row.outcome == "error" else "tab:green"
        ax.text(x, 0.1, row.outcome, ha="center", color=color, fontweight="bold", fontsize=9)
    ax.set_xlim(0, 1)
    ax.set_ylim(0.0, 1.08)
    ax.set_title("Figure 3.1: case analysis of the error (two classes)")
    save_figure(fig, png, pdf=True)
    return _stamp(frame, cfg)


def figure_3_2(cfg, published_dir, png, n_points=101):
    """Figure 3.2 (schematic), how unbiased and biased variance affect the error (spec §1.3, §4.2).

    Two classes, no noise: pointwise error 1 − p_corr = B + V_u − V_b, with B = 1 and V_b = p_corr
    for p_corr ≤ 0.5 (the tie rule of §1.5) and V_u = 1 − p_corr above.
    """
    p = np.linspace(0.0, 1.0, n_points)
    bias = (p <= 0.5).astype(float)
    frame = pd.DataFrame({"p_corr": p, "error": 1.0 - p, "bias": bias, "var_unbiased": (1 - bias) * (1 - p),
                          "var_biased": bias * p})
    frame["net_var"] = frame["var_unbiased"] - frame["var_biased"]
    fig, ax = plt.subplots(figsize=(6.5, 4.5))
    ax.plot(p, frame["error"], color="black", lw=2, label="error = B + V_u − V_b")
    for column, color in _SERIES.items():
        ax.plot(p, frame[column], color=color, label=column)
    ax.axvline(0.5, color="0.5", ls=":")
    ax.text(0.25, 1.03, "biased: variance subtracts", ha="center", fontsize=8)
    ax.text(0.75, 1.03, "unbiased: variance adds", ha="center", fontsize=8)
    ax.set(xlabel="p_corr(x) = P_D(f_D(x) = t)", ylabel="pointwise quantity", ylim=(-1.05, 1.1))
    ax.legend(loc="lower left")
    ax.set_title("Figure 3.2 (schematic): unbiased and biased variance")
    save_figure(fig, png, pdf=True)
    return _stamp(frame, cfg)


def figure_4_1(cfg, published_dir, png, n_per_class=20):
    """Figure 4.1, a hard-margin linear SVM on seeded toy separable data: hyperplane, margins, SVs."""
    rng = stream(cfg["master_seed"], "valentini2003/figure_4_1", 0, "data")
    X = np.vstack([rng.normal(-1.6, 0.6, (n_per_class, 2)), rng.normal(1.6, 0.6, (n_per_class, 2))])
    y = np.repeat([-1, 1], n_per_class)
    svc = SVC(kernel="linear", C=1e4).fit(X, y)  # a very large C leaves the soft margin hard
    frame = pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "label": y, "decision": svc.decision_function(X)})
    frame["support_vector"] = np.isin(np.arange(len(y)), svc.support_)
    (w1, w2), b = svc.coef_[0], svc.intercept_[0]
    frame["margin_width"] = 2.0 / np.hypot(w1, w2)
    fig, ax = plt.subplots(figsize=(5.5, 5))
    xs = np.linspace(X[:, 0].min() - 0.5, X[:, 0].max() + 0.5, 2)
    for level, style in ((0, "-"), (-1, "--"), (1, "--")):
        ax.plot(xs, (level - b - w1 * xs) / w2, style, color="black", lw=1)
    for label, marker in ((-1, "o"), (1, "s")):
        part = frame[frame["label"] == label]
        ax.scatter(part["x1"], part["x2"], marker=marker, s=25, label=f"class {label:+d}")
    sv = frame[frame["support_vector"]]
    ax.scatter(sv["x1"], sv["x2"], s=120, facecolors="none", edgecolors="tab:red", label="support vectors")
    ax.set(xlabel="x1", ylabel="x2", ylim=(X[:, 1].min() - 0.5, X[:, 1].max() + 0.5))
    ax.legend()
    ax.set_title("Figure 4.1: separating hyperplane and margins")
    save_figure(fig, png, pdf=True)
    return _stamp(frame, cfg)


def figure_4_2(cfg, published_dir, png, n_points=400, step=0.05):
    """Figure 4.2, P2's two class regions on [0, 10]² (spec §2.2, A3) with a seeded sample of points."""
    amplitude = cfg["options"]["e1_amplitude"]
    X, y = p2(n_points, stream(cfg["master_seed"], "valentini2003/figure_4_2", 0, "data"), amplitude)
    frame = pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "y": y, "class": np.where(y == 1, "I", "II")})
    grid = np.arange(0.0, 10.0 + step / 2, step)
    labels = p2_labels(np.stack(np.meshgrid(grid, grid), axis=-1), amplitude)
    fig, ax = plt.subplots(figsize=(6, 6))
    ax.contourf(grid, grid, labels, levels=[-0.5, 0.5, 1.5], colors=["#f4d6a0", "#a9c8e8"])
    for curve in p2_boundaries(grid, amplitude):
        ax.plot(grid, curve, color="0.3", lw=0.7)
    for cls, color in (("I", "tab:blue"), ("II", "tab:orange")):
        part = frame[frame["class"] == cls]
        ax.scatter(part["x1"], part["x2"], s=6, color=color, label=f"class {cls}")
    ax.set(xlim=(0, 10), ylim=(0, 10), xlabel="x1", ylabel="x2", aspect="equal")
    ax.legend(loc="lower right")
    ax.set_title(f"Figure 4.2: P2 regions (E1 amplitude {amplitude:g})")
    save_figure(fig, png, pdf=True)
    return _stamp(frame, cfg)


def read_listings(published_dir):
    """``{target: (caption, lines)}`` from ``listings.txt`` (sections ``## <target>: <caption>``)."""
    listings, current = {}, None
    for line in (Path(published_dir) / "listings.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            target, caption = line[3:].split(": ", 1)
            current = listings[target] = (caption, [])
        elif current is not None and line.strip():
            current[1].append(line)
    return listings


def listing(cfg, published_dir, png, target):
    """One pseudo-code listing (Figures 4.3, 4.4, 5.1-5.3, 5.13, 5.14) rendered as a text figure."""
    caption, lines = read_listings(published_dir)[target]
    frame = pd.DataFrame({"line": np.arange(1, len(lines) + 1), "text": lines})
    fig = plt.figure(figsize=(7.5, 0.22 * len(lines) + 1.0))
    top = 1.0 - 0.35 / fig.get_figheight()
    fig.text(0.03, top, "\n".join(lines), family="monospace", fontsize=9, va="top")
    fig.suptitle(f"{figure_label(target)}: {caption}", y=0.02, va="bottom")
    save_figure(fig, png, pdf=True)
    return _stamp(frame, cfg)


def _table_png(frame, title, png):
    fig, ax = plt.subplots(figsize=(min(2.0 + 1.7 * frame.shape[1], 18), 0.4 * len(frame) + 1.2))
    ax.set_axis_off()
    table = ax.table(cellText=frame.astype(str).to_numpy(), colLabels=list(frame.columns), loc="center")
    table.auto_set_font_size(False)
    table.set_fontsize(7)
    ax.set_title(title)
    save_figure(fig, png)


def _table_4_1_row(cfg, data_set):
    """Table 4.1's quantities of one data set as this run's data pipeline gives them."""
    n_sets, size = cfg["chapter4"]["n_samples"][data_set], cfg["sample_size"]
    if data_set in TWO_CLASS_GENERATORS:
        X, _ = TWO_CLASS_GENERATORS[data_set](1, np.random.default_rng(0))
        return {"n_attributes": X.shape[1], "train_sample_size": size, "n_train_sets": n_sets,
                "base_train_set_size": "synthetic", "test_set_size": cfg["synthetic_test_size"], "note": ""}
    data = load_binary(data_set, seed=cfg["split_seed"])
    cap = {"train": cfg["max_train"] or len(data.y), "test": cfg["max_test"] or len(data.y_test)}
    return {"n_attributes": data.X.shape[1], "train_sample_size": size, "n_train_sets": n_sets,
            "base_train_set_size": min(len(data.y), cap["train"]),
            "test_set_size": min(len(data.y_test), cap["test"]), "note": data.note}


def table_4_1(cfg, published_dir, png):
    """Table 4.1 from the data pipeline at this scale, each column beside its printed value.

    Columns ``<quantity>`` (computed) and ``published_<quantity>``, plus the loader's ``note`` (the
    Musk1 substitute, Grey-Landsat's 4435 rows against the printed 4425, the random splits).
    """
    published = pd.read_csv(Path(published_dir) / "table_4_1.csv", dtype=str)
    rows = []
    for data_set, (_, printed) in zip(cfg["data_sets"], published.iterrows(), strict=True):
        row = {"dataset": printed["dataset"], "data_set": data_set, **_table_4_1_row(cfg, data_set)}
        rows.append({**row, **{f"published_{c}": printed[c] for c in _TABLE_4_1}})
    order = ["dataset", "data_set"] + [k for c in _TABLE_4_1 for k in (c, f"published_{c}")] + ["note"]
    frame = _stamp(pd.DataFrame(rows)[order], cfg)
    shown = frame[["dataset"] + [k for c in _TABLE_4_1 for k in (c, f"published_{c}")]]
    _table_png(shown.rename(columns=lambda c: c.replace("published_", "pub. ").replace("_", " ")),
               f"Table 4.1 (scale {cfg['scale']}): computed beside published", png)
    return frame


def reference_table(cfg, published_dir, png, target):
    """Tables 6.3-6.5 (GCM), reference only: the printed table with a ``status`` column."""
    frame = pd.read_csv(Path(published_dir) / f"{target}.csv", dtype=str).assign(status=GCM_STATUS)
    _table_png(frame.drop(columns="status"), f"{figure_label(target)}: published values only, {GCM_STATUS}",
               png)
    return _stamp(frame, cfg)


def figure_6_2(cfg, published_dir, png):
    """Figure 6.2 (GCM bias-variance), reference only: one placeholder panel per kernel."""
    frame = pd.DataFrame({"panel": ["a", "b", "c"], "kernel": ["linear", "poly", "rbf"],
                          "x_axis": ["C", "degree", "sigma"], "status": GCM_STATUS})
    fig, axes = plt.subplots(1, 3, figsize=(11, 3.5))
    for ax, row in zip(axes, frame.itertuples(), strict=True):
        ax.text(0.5, 0.5, f"({row.panel}) {row.kernel} against {row.x_axis}\n\n{GCM_STATUS}", ha="center",
                va="center", fontsize=8, transform=ax.transAxes)
        ax.set_xticks([])
        ax.set_yticks([])
    fig.suptitle("Figure 6.2: GCM bias-variance decomposition, not reproduced")
    save_figure(fig, png, pdf=True)
    return _stamp(frame, cfg)


#: Every static target by its id.
TARGETS = {
    "figure_3_1": figure_3_1, "figure_3_2": figure_3_2, "figure_4_1": figure_4_1, "figure_4_2": figure_4_2,
    **{t: partial(listing, target=t) for t in LISTINGS},
    "table_4_1": table_4_1,
    **{t: partial(reference_table, target=t) for t in ("table_6_3", "table_6_4", "table_6_5")},
    "figure_6_2": figure_6_2,
}


def build_static(cfg, target, published_dir, outputs):
    """Write one static target: ``outputs["csv"]`` (its frame) and ``outputs["png"]``."""
    write_table(TARGETS[target](cfg, published_dir, outputs["png"]), outputs["csv"])


def build_statics(cfg, published_dir, outputs):
    """Write every static target; ``outputs`` holds a (csv, png) pair per :data:`TARGETS` entry, in order."""
    for target, (csv, png) in zip(TARGETS, outputs, strict=True):
        build_static(cfg, target, published_dir, {"csv": csv, "png": png})
