"""Figures 1, 2 and 4-7 as targets: each one's CSV frame, with its PNG drawn beside it."""

import pandas as pd

from .figures import decoding_example, loss_curves, plot_decoding_example, plot_losses
from .figures_tables import (
    decoding_differences,
    pairwise_code_differences,
    plot_decoding_differences,
    plot_pairwise_codes,
)

__all__ = ["FIGURES", "build_figure", "final_targets"]

#: Figures 1-7, each a CSV with its PNG.
FIGURES = [f"figure_{i}" for i in range(1, 8)]

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



def final_targets(config):
    """The files rule ``allwein2000`` asks for (``config``: the paper's settings); the report's path
    depends on the shared scale and is the rules' to add."""
    csvs = [f"results/allwein2000/{t}.csv" for t in ("table_1", "table_2", "table_3", *FIGURES)]
    csvs += ["results/allwein2000/extra_code_properties.csv", "results/allwein2000/extra_bound_check.csv"]
    csvs += ["results/allwein2000/comparison.csv", "results/allwein2000/comparison_summary.json"]
    return csvs + [f"results/allwein2000/{t}.{ext}" for t in FIGURES for ext in ("png", "pdf")]
