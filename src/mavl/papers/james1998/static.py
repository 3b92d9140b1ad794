"""The static and analytic targets of James (1998): Table 2.1 as printed, Table 2.2 (the bound of
Theorem 5 in the printed and the Hoeffding form) and the illustrations (Figures 1.1, 2.1, 2.5).
"""

import pandas as pd

from ...random import stream
from ...reproduction.figures import save_figure
from ...reproduction.io import write_table
from .bound_table import bound_table, compare_bound_table
from .illustrations import plot_cube, plot_digits_grid, table_2_1_display

__all__ = ["build_bound_table", "build_illustration", "build_static_table"]


def build_static_table(published_path, outputs):
    """Table 2.1 exactly as printed, with the hidden columns marked "…"."""
    write_table(table_2_1_display(pd.read_csv(published_path)), outputs["table"])


def build_bound_table(config, target, published_path, outputs):
    """Table 2.2 in the printed form, the Hoeffding form, and the cell-by-cell comparison."""
    info = config["targets"][target]
    for form, key in (("printed", "table"), ("hoeffding", "hoeffding")):
        write_table(bound_table(info["classes"], info["B"], info["gaps"], form), outputs[key])
    write_table(compare_bound_table(pd.read_csv(published_path), info["classes"]), outputs["compare"])


def build_illustration(config, target, outputs):
    """Figure 1.1 (substitute digits) or the cube drawings of Figures 2.1 and 2.5, seeded."""
    rng = stream(config["master_seed"], target, 0, "data")
    if target == "figure_1_1":
        fig, grid = plot_digits_grid(rng)
        data = pd.DataFrame(grid, columns=[f"col{c}" for c in range(grid.shape[1])])
        data.insert(0, "row", range(grid.shape[0]))
    else:
        fig, data = plot_cube(target[-3:].replace("_", "."), rng)
    write_table(data, outputs["csv"])
    save_figure(fig, outputs["png"], outputs["pdf"])
