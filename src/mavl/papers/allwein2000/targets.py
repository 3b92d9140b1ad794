"""Figures 1, 2 and 4-7 as targets: each one's CSV frame, with its PNG drawn beside it."""

import pandas as pd

from .figures import decoding_example, loss_curves, plot_decoding_example, plot_losses
from .figures_tables import (
    decoding_differences,
    pairwise_code_differences,
    plot_decoding_differences,
    plot_pairwise_codes,
)

__all__ = ["build_figure"]

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

