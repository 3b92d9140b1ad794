"""Figures 1–7 of Allwein, Schapire & Singer (2000) (spec allwein2000 §5): each figure's data (the
target's CSV) from a pure function, drawn by a plotting function; :func:`build_figure` builds one by id.

Figure 1: the margin losses; Figure 2: one decoding example; Figure 3: the synthetic experiment (its
data from :mod:`.synthetic`). Figures 4–7 are differences of Table 2/3 cells (loss-based minus
Hamming per code; code i minus code j per decoding), read from the long error table (``decoding,
problem, code, published, reproduced``, NaN where a cell has no number), so the published-derived and
the reproduced bars are computed the same way and drawn side by side.
"""

import numpy as np
import pandas as pd

from ...output_codes.codes import code_distance
from ...output_codes.decoders import hamming_distances, loss_distances
from ...output_codes.losses import margin_loss
from ...reproduction.figures import PUBLISHED_BARS, plt, save_figure
from .settings import TABLE_CODES

__all__ = ["CODE_LABELS", "EXAMPLE_CODE", "EXAMPLE_OUTPUTS", "FIGURE_1_LOSSES", "PAIR_CODES",
           "SYNTHETIC_SERIES", "TITLES", "build_figure", "decoding_differences", "decoding_example",
           "loss_curves", "pairwise_code_differences", "plot_decoding_differences",
           "plot_decoding_example", "plot_losses", "plot_pairwise_codes", "plot_synthetic"]

#: Figure 1 panels in reading order: top left, top right, bottom left, bottom right.
FIGURE_1_LOSSES = {"exp": "exponential, $e^{-z}$", "square": "square, $(1-z)^2$",
                   "hinge": "hinge, $(1-z)_+$", "logistic": "logistic, $\\ln(1+e^{-2z})$"}

#: The constructed Figure 2 example of spec §5 (not the paper's numbers, which the text lacks).
EXAMPLE_CODE = np.array([[+1, +1, +1, -1, 0, +1, -1],
                         [+1, -1, -1, +1, +1, 0, -1],
                         [-1, +1, -1, -1, +1, -1, +1],
                         [-1, -1, +1, +1, 0, -1, +1]], dtype=np.int8)
EXAMPLE_OUTPUTS = np.array([0.5, 0.4, 0.3, -0.2, 0.6, 0.1, 2.0])

_CHORD = 1.5          # Eq. 7 overlay: chord between (−1.5, L(−1.5)) and (1.5, L(1.5))
_SYMBOL = {1: "+", -1: "−", 0: "0"}


def loss_curves(n_points=401, limit=2.0):
    """Figure 1 data: ``z`` (``n_points`` margins in [−limit, limit]) and the four losses."""
    z = np.linspace(-limit, limit, n_points)
    return pd.DataFrame({"z": z, **{name: margin_loss(name, z) for name in FIGURE_1_LOSSES}})


def plot_losses(frame, png):
    """Figure 1: one panel per loss (2×2), with the chord and L(0) point that illustrate Eq. 7."""
    fig, axes = plt.subplots(2, 2, figsize=(8, 6.5))
    for ax, (name, label) in zip(axes.ravel(), FIGURE_1_LOSSES.items(), strict=True):
        ax.plot(frame["z"], frame[name], color="black", label="L(z)")
        ends = margin_loss(name, np.array([-_CHORD, _CHORD]))
        ax.plot([-_CHORD, _CHORD], ends, "--", color="tab:blue", label="chord (L(−z)+L(z))/2")
        ax.plot([0.0], [ends.mean()], "o", color="tab:blue", markersize=5)
        ax.plot([0.0], [margin_loss(name, 0.0)], "s", color="tab:red", markersize=5, label="L(0)")
        ax.set_title(label)
        ax.set_xlabel("margin z")
        ax.set_ylabel("L(z)")
        ax.grid(alpha=0.3)
    axes[0, 0].legend(loc="upper right")
    fig.suptitle("Figure 1: margin losses; chord midpoint ≥ L(0) (Eq. 7)")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)


def decoding_example(code=EXAMPLE_CODE, outputs=EXAMPLE_OUTPUTS):
    """Figure 2 data: Hamming (Eq. 4) and exp-loss (Eq. 5) decoding of one output vector f(x).

    Returns
    -------
    DataFrame with one row per class (``row`` = "class 1" … "class k", 1-based as in the paper)
    and a last row ``row = "f(x)"``. Columns: ``row``, ``s1`` … ``sℓ`` (code entries, or the
    outputs f_s(x)), ``d_hamming`` (Eq. 4), ``d_exp`` (the sum Σ_s e^{−M(r,s) f_s(x)}),
    ``hamming_choice`` and ``exp_choice`` (True on the row each decoding picks) and ``rho`` (ρ(M),
    Eq. 6). The distance and choice cells of the f(x) row are NaN / False.
    """
    code = np.asarray(code)
    outputs = np.asarray(outputs, dtype=float)
    columns = [f"s{s + 1}" for s in range(code.shape[1])]
    d_hamming = hamming_distances(outputs[None, :], code)[0] / 2.0
    d_exp = np.exp(loss_distances(outputs[None, :], code, "exp")[0])
    frame = pd.DataFrame(code.astype(float), columns=columns)
    frame.insert(0, "row", [f"class {r + 1}" for r in range(len(code))])
    frame["d_hamming"] = d_hamming
    frame["d_exp"] = d_exp
    frame["hamming_choice"] = np.arange(len(code)) == np.argmin(d_hamming)
    frame["exp_choice"] = np.arange(len(code)) == np.argmin(d_exp)
    last = pd.DataFrame([{"row": "f(x)", **dict(zip(columns, outputs, strict=True)),
                          "hamming_choice": False, "exp_choice": False}])
    frame = pd.concat([frame, last], ignore_index=True)
    frame["rho"] = code_distance(code)
    return frame


def _decoding_table(ax, frame, distance, choice, output_row, title):
    """One annotated table of Figure 2: code rows, the output row and the distance column."""
    columns = [c for c in frame.columns if c.startswith("s") and c[1:].isdigit()]
    classes = frame[frame["row"] != "f(x)"]
    fmt = "{:g}" if distance == "d_hamming" else "{:.4f}"
    cells = [[_SYMBOL[int(v)] for v in row[columns]] + [fmt.format(row[distance])]
             for _, row in classes.iterrows()]
    cells.append(output_row + [""])
    labels = list(classes["row"]) + ["sign f(x)" if distance == "d_hamming" else "f(x)"]
    header = columns + ["d_H" if distance == "d_hamming" else "d_exp"]
    table = ax.table(cellText=cells, rowLabels=labels, colLabels=header, loc="center", cellLoc="center")
    table.scale(1.0, 1.4)
    picked = int(np.flatnonzero(classes[choice].to_numpy())[0])
    for col in range(-1, len(header)):
        table[picked + 1, col].set_facecolor("#ffe08a")
    ax.set_title(f"{title}: picks {classes['row'].iloc[picked]}")
    ax.axis("off")


def plot_decoding_example(frame, png):
    """Figure 2: the Hamming table (top) and the exp-loss table (bottom), chosen rows shaded."""
    columns = [c for c in frame.columns if c.startswith("s") and c[1:].isdigit()]
    outputs = frame.loc[frame["row"] == "f(x)", columns].iloc[0].to_numpy(float)
    fig, axes = plt.subplots(2, 1, figsize=(8, 6))
    _decoding_table(axes[0], frame, "d_hamming", "hamming_choice",
                    [_SYMBOL[int(v)] for v in np.sign(outputs)], "Hamming decoding (Eq. 4)")
    _decoding_table(axes[1], frame, "d_exp", "exp_choice", [f"{v:g}" for v in outputs],
                    "loss-based decoding, exponential loss (Eq. 5)")
    fig.suptitle(f"Figure 2: one example, ρ(M) = {frame['rho'].iloc[0]:g} "
                 "(constructed, spec §5)", fontsize=11)
    fig.tight_layout()
    save_figure(fig, png, pdf=True)


#: Figure 3 series: frame column -> (legend label, marker).
SYNTHETIC_SERIES = {"avg_binary": ("average binary error", "o"),
                    "hamming": ("Hamming decoding", "s"),
                    "loss": ("loss-based decoding (exp)", "^")}


def plot_synthetic(frame, png):
    """Figure 3: test error against k, complete code (left) and one-against-all (right).

    ``frame`` has columns ``code`` (``complete`` or ``one_vs_all``), ``k``, ``avg_binary``,
    ``hamming``, ``loss`` and the standard deviations ``avg_binary_sd``, ``hamming_sd``,
    ``loss_sd`` over repetitions (error bars).
    """
    fig, axes = plt.subplots(1, 2, figsize=(10, 4.2), sharey=True)
    for ax, (code, title) in zip(axes, (("complete", "complete code"),
                                        ("one_vs_all", "one-against-all code")), strict=True):
        part = frame[frame["code"] == code].sort_values("k")
        for column, (label, marker) in SYNTHETIC_SERIES.items():
            ax.errorbar(part["k"], part[column], yerr=part[f"{column}_sd"], marker=marker,
                        capsize=3, label=label)
        ax.set_title(title)
        ax.set_xlabel("number of classes k")
        ax.set_xticks(sorted(frame["k"].unique()))
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("test error rate")
    axes[0].legend()
    fig.suptitle("Figure 3: synthetic |x|-threshold data, AdaBoost with 10 rounds",
                 fontsize=11)
    fig.tight_layout()
    save_figure(fig, png, pdf=True)


#: Codes in the row/column order of Figures 6–7 (differs from the tables'; Figures 4–5's panels follow
#: the tables', :data:`.settings.TABLE_CODES`).
PAIR_CODES = ("one_vs_all", "all_pairs", "complete", "dense", "sparse")
CODE_LABELS = {"one_vs_all": "one-vs-all", "complete": "complete", "all_pairs": "all-pairs",
               "dense": "dense", "sparse": "sparse"}
#: Loss series: legend label and colour (spec A10: Exp black, L_1 gray).
SERIES = {"exp": ("Exp", "tab:blue"), "l1": ("L$_1$", "tab:orange"), "hinge": ("hinge", "tab:blue")}
SIDES = {"published": "published-derived", "reproduced": "reproduced"}
_REPRODUCED_COLOUR = "tab:orange"


def decoding_differences(table, loss_decoding):
    """Figure 4/5 bars: error(``loss_decoding``) − error(Hamming), in percentage points, from the long
    error table.

    Returns
    -------
    DataFrame with columns ``problem, index, code, series, published_difference,
    reproduced_difference``: ``index`` numbers the data sets from 1 in the table's order, ``series``
    is the loss without ``loss_``. Cells without either difference are left out; a negative
    difference favours loss-based decoding.
    """
    order = list(dict.fromkeys(table["problem"]))
    cells = (table[table["decoding"].isin(["hamming", loss_decoding]) & table["code"].isin(TABLE_CODES)]
             .set_index(["problem", "code", "decoding"])[["published", "reproduced"]].unstack("decoding"))
    diff = (cells.xs(loss_decoding, axis=1, level="decoding")
            - cells.xs("hamming", axis=1, level="decoding")).round(10)
    frame = diff.reset_index().rename(columns={"published": "published_difference",
                                               "reproduced": "reproduced_difference"})
    frame = frame.dropna(subset=["published_difference", "reproduced_difference"], how="all")
    frame.insert(1, "index", frame["problem"].map({p: i + 1 for i, p in enumerate(order)}))
    frame.insert(3, "series", loss_decoding.removeprefix("loss_"))
    rank = frame["code"].map({c: i for i, c in enumerate(TABLE_CODES)})
    return frame.assign(_rank=rank).sort_values(["_rank", "index"]).drop(columns="_rank") \
        .reset_index(drop=True)


def _index_caption(frame):
    """"1 dermatology, 2 satimage, …" for the figure foot."""
    pairs = frame[["index", "problem"]].drop_duplicates().sort_values("index")
    return ",  ".join(f"{i} {p}" for i, p in zip(pairs["index"], pairs["problem"], strict=True))


def plot_decoding_differences(frame, png, series, title="loss-based minus Hamming decoding"):
    """Figures 4–5: one panel per code (columns), published-derived (top row) and reproduced
    (bottom row) bars of :func:`decoding_differences` output; ``series`` lists the loss series to
    draw side by side (``["exp", "l1"]`` or ``["hinge"]``)."""
    n = int(frame["index"].max())
    width = 0.8 / len(series)
    fig, axes = plt.subplots(2, len(TABLE_CODES), figsize=(16, 6.5), sharex=True, sharey=True)
    for row, side in enumerate(SIDES):
        for col, code in enumerate(TABLE_CODES):
            ax = axes[row, col]
            part = frame[frame["code"] == code]
            for j, name in enumerate(series):
                cells = part[(part["series"] == name) & part[f"{side}_difference"].notna()]
                label, colour = SERIES[name]
                # Published-derived bars carry the framework's hatch, in the series' colour.
                look = {**PUBLISHED_BARS, "facecolor": colour} if side == "published" else {"color": colour}
                ax.bar(cells["index"] + (j - (len(series) - 1) / 2) * width,
                       cells[f"{side}_difference"], width, label=label, **look)
            if part[f"{side}_difference"].isna().all():
                ax.text(0.5, 0.5, "no data", transform=ax.transAxes, ha="center", color="0.5")
            ax.axhline(0.0, color="0.3", linewidth=0.8)
            ax.set_xticks(range(1, n + 1))
            ax.tick_params(axis="x", labelsize=7)
            ax.grid(axis="y", alpha=0.3)
            if row == 0:
                ax.set_title(CODE_LABELS[code])
            else:
                ax.set_xlabel("data set index")
        axes[row, 0].set_ylabel(f"{SIDES[side]}\nloss − Hamming error (pp)")
    from matplotlib.patches import Patch  # here, as pyplot is (mavl.reproduction.figures.plt)

    # One entry per loss only where several share a panel; the hatch tells the rows apart.
    handles = [Patch(**PUBLISHED_BARS, label="published-derived (top row)"),
               Patch(color="0.4", label="reproduced (bottom row)")]
    if len(series) > 1:
        handles += [Patch(color=SERIES[name][1], label=SERIES[name][0]) for name in series]
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.95), ncol=len(handles))
    fig.suptitle(f"{title} (negative: loss-based better)")
    fig.text(0.5, 0.01, _index_caption(frame), ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 0.91))
    save_figure(fig, png, pdf=True)


def pairwise_code_differences(table, decoding):
    """Figure 6/7 panels: error(code i) − error(code j) under ``decoding``, every ordered pair.

    Returns
    -------
    DataFrame with columns ``code_i, code_j, problem, index, published_difference,
    reproduced_difference`` (pairs in :data:`PAIR_CODES` order, i ≠ j; ``index`` numbers the data
    sets from 1 in the table's order). Rows where both differences are missing are left out, so
    panel (i, j) is exactly minus panel (j, i).
    """
    order = list(dict.fromkeys(table["problem"]))
    cells = table[table["decoding"] == decoding]
    wide = {side: cells.pivot(index="problem", columns="code", values=side)
            .reindex(index=order, columns=list(PAIR_CODES)) for side in SIDES}
    parts = []
    for code_i in PAIR_CODES:
        for code_j in (c for c in PAIR_CODES if c != code_i):
            parts.append(pd.DataFrame({
                "code_i": code_i, "code_j": code_j, "problem": order, "index": np.arange(1, len(order) + 1),
                **{f"{side}_difference": (wide[side][code_i] - wide[side][code_j]).round(10).to_numpy()
                   for side in SIDES}}))
    frame = pd.concat(parts, ignore_index=True)
    return frame.dropna(subset=["published_difference", "reproduced_difference"], how="all") \
        .reset_index(drop=True)


def _pair_panel(ax, part, width=0.4):
    for k, side in enumerate(SIDES):
        cells = part[part[f"{side}_difference"].notna()]
        look = PUBLISHED_BARS if side == "published" else {"color": _REPRODUCED_COLOUR}
        ax.bar(cells["index"] + (k - 0.5) * width, cells[f"{side}_difference"], width,
               label=SIDES[side], **look)
    ax.axhline(0.0, color="0.3", linewidth=0.8)


def plot_pairwise_codes(frame, png, title):
    """Figures 6–7: 5×5 grid of :func:`pairwise_code_differences` output; panel (i, j) holds
    error(row code) − error(column code) per data set, published-derived and reproduced side by
    side; the diagonal panels only name the code."""
    n = int(frame["index"].max())
    fig, axes = plt.subplots(len(PAIR_CODES), len(PAIR_CODES), figsize=(15, 13), sharex=True, sharey=True)
    for i, code_i in enumerate(PAIR_CODES):
        for j, code_j in enumerate(PAIR_CODES):
            ax = axes[i, j]
            if i == j:
                ax.set_facecolor("0.93")
                ax.text(0.5, 0.5, CODE_LABELS[code_i], transform=ax.transAxes, ha="center",
                        va="center", fontsize=11)
            else:
                _pair_panel(ax, frame[(frame["code_i"] == code_i) & (frame["code_j"] == code_j)])
            ax.set_xticks(range(1, n + 1))
            ax.tick_params(labelsize=7)
            ax.grid(axis="y", alpha=0.3)
        axes[0, i].set_title(f"minus {CODE_LABELS[code_i]}")
        axes[i, 0].set_ylabel(f"{CODE_LABELS[code_i]} −\nerror difference (pp)")
        axes[-1, i].set_xlabel("data set index")
    handles, labels = axes[0, 1].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper right")
    fig.suptitle(f"{title}: error(row code) − error(column code), negative: row code better")
    fig.text(0.5, 0.005, _index_caption(frame), ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.02, 1, 0.97))
    save_figure(fig, png, pdf=True)


#: The titles of Figures 4-7.
TITLES = {
    "figure_4": "Figure 4: AdaBoost, loss-based minus Hamming decoding (Table 2)",
    "figure_5": "Figure 5: SVM, loss-based (hinge) minus Hamming decoding (Table 3)",
    "figure_6": "Figure 6: SVM, error of code i minus code j, loss-based (hinge) decoding (Table 3)",
    "figure_7": "Figure 7: AdaBoost, error of code i minus code j, loss-based (Exp) decoding (Table 2)",
}


def build_figure(target, table, png):
    """Draw ``target`` to ``png`` and return its data; ``table`` is Table 2 or 3 (long) for
    Figures 4-7, unused for 1 and 2."""
    if target == "figure_1":
        frame = loss_curves()
        plot_losses(frame, png)
    elif target == "figure_2":
        frame = decoding_example()
        plot_decoding_example(frame, png)
    elif target in ("figure_4", "figure_5"):
        series = ["exp", "l1"] if target == "figure_4" else ["hinge"]
        frame = pd.concat([decoding_differences(table, f"loss_{s}") for s in series], ignore_index=True)
        plot_decoding_differences(frame, png, series, TITLES[target])
    else:
        frame = pairwise_code_differences(table, "loss_hinge" if target == "figure_6" else "loss_exp")
        plot_pairwise_codes(frame, png, TITLES[target])
    return frame
