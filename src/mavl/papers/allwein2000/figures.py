"""Figures 1–3 of Allwein, Schapire & Singer (2000): the margin losses, one decoding example and
the synthetic complete vs. one-against-all experiment (spec allwein2000 §5).

Every figure is a pure function returning a frame (the target's CSV) and a plotting function that
draws that frame and writes the PNG. Figures 4–7 are in :mod:`.figures_tables`.
"""

import numpy as np
import pandas as pd

from ...output_codes.codes import code_distance
from ...output_codes.decoders import hamming_distances, loss_distances
from ...output_codes.losses import margin_loss
from ...reproduction.figures import plt, save_figure

__all__ = ["EXAMPLE_CODE", "EXAMPLE_OUTPUTS", "FIGURE_1_LOSSES", "decoding_example", "loss_curves",
           "plot_decoding_example", "plot_losses", "plot_synthetic", "SYNTHETIC_SERIES"]

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
    """Figure 1 data: the four margin losses of Figure 1 on ``n_points`` margins z ∈ [−limit, limit].

    Returns
    -------
    DataFrame with columns ``z, exp, square, hinge, logistic``.
    """
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
