"""Figure 6.1 of Valentini (2003): Table 6.1 as the thesis's scatter (spec §4.7), one panel from the
published table and one from the reproduced one (:func:`.tables.table_6_1`)."""

import numpy as np
import pandas as pd

from ....reproduction.figures import plt, save_figure

__all__ = ["figure_6_1"]


def _scatter(ax, rows, title):
    """One panel of Fig. 6.1: per case a segment from (E_lobag, E_single) to (E_lobag, E_bag)."""
    for _, r in rows.iterrows():
        ax.plot([r["E_lobag"]] * 2, [r["E_single"], r["E_bag"]], color="0.6", lw=0.8, zorder=1)
    ax.scatter(rows["E_lobag"], rows["E_single"], marker="*", s=60, color="tab:red", label="single SVM",
               zorder=2)
    ax.scatter(rows["E_lobag"], rows["E_bag"], marker="+", s=60, color="tab:blue", label="bagged SVMs",
               zorder=3)
    ax.set_title(title)
    ax.set_xlabel("Lobag test error")
    ax.set_ylabel("single (star) and bagged (+) SVM test error")
    if rows.empty:
        ax.text(0.5, 0.5, "not computed at this scale", ha="center", va="center", transform=ax.transAxes)


def figure_6_1(table, png, published=None):
    """Figure 6.1: Table 6.1 as a scatter on equal axes with the diagonal y = x (spec §4.7).

    Points above the diagonal are cases where Lobag wins. Panel (a) is derived from the
    ``published`` Table 6.1 (when given), panel (b) from the reproduced ``table`` (:func:`table_6_1`,
    or any frame with ``dataset`` or ``data_set``, ``kernel``, ``E_lobag``, ``E_bag``, ``E_single``).

    Returns
    -------
    DataFrame of the plotted rows: ``panel, source, dataset, kernel, E_lobag, E_bag, E_single``.
    """
    table = table.rename(columns={"data_set": "dataset"}) if "dataset" not in table else table
    cols = ["dataset", "kernel", "E_lobag", "E_bag", "E_single"]
    panels = [("a", "published", published[cols] if published is not None else pd.DataFrame(columns=cols)),
              ("b", "reproduced", table[cols])]
    parts = [rows.assign(panel=p, source=s) for p, s, rows in panels if not rows.empty]
    data = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=["panel", "source", *cols])
    values = data[["E_lobag", "E_bag", "E_single"]].to_numpy(dtype=float)
    top = 1.05 * np.nanmax(values) if np.isfinite(values).any() else 0.5
    fig, axes = plt.subplots(1, 2, figsize=(10, 5))
    for ax, (letter, source, rows) in zip(axes, panels, strict=True):
        ax.plot([0, top], [0, top], color="black", lw=0.8, ls="--", label="y = x", zorder=0)
        _scatter(ax, rows.astype({c: float for c in cols[2:]}), f"({letter}) {source}")
        ax.set_xlim(0, top)
        ax.set_ylim(0, top)
        ax.set_aspect("equal")
        ax.legend(loc="upper left")
    fig.suptitle("Figure 6.1: Lobag against single and bagged SVMs (Table 6.1)")
    fig.tight_layout()
    save_figure(fig, png, pdf=True)
    return data[["panel", "source", *cols]]
