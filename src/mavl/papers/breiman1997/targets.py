"""Breiman (1997)'s final target list, as the workflow builds it (the report's path depends on the
shared scale and is the rules' to add). A test compares it with Snakemake's dry run."""

__all__ = ["TABLES", "final_targets"]

#: The tables built from runs, and the group of data sets each reads (Table 2 summarises Table 3's).
TABLES = {"table_1": "synthetic", "table_3": "moderate", "table_4": "larger", "table_5": "moderate"}


def final_targets(config):
    """The files rule ``breiman1997`` asks for (``config``: the paper's settings)."""
    tables = [f"results/breiman1997/{t}.csv" for t in [*TABLES, "table_2", "eq_7_3"]]
    comparison = ["results/breiman1997/comparison.csv", "results/breiman1997/comparison_summary.json"]
    return tables + comparison + ["results/breiman1997/bottom_edge.csv"]
