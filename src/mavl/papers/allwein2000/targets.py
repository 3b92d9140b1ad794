"""Allwein, Schapire & Singer (2000)'s final target list, as the workflow builds it. A test compares
it with Snakemake's dry run."""

__all__ = ["FIGURES", "final_targets"]

#: Figures 1-7, each a CSV with its PNG and PDF (:func:`.figures.build_figure` builds 1, 2 and 4-7).
FIGURES = [f"figure_{i}" for i in range(1, 8)]


def final_targets(config):
    """The files rule ``allwein2000`` asks for (``config``: the paper's settings); the report's path
    depends on the shared scale and is the rules' to add."""
    csvs = [f"results/allwein2000/{t}.csv" for t in ("table_1", "table_2", "table_3", *FIGURES)]
    csvs += ["results/allwein2000/extra_code_properties.csv", "results/allwein2000/extra_bound_check.csv"]
    csvs += ["results/allwein2000/comparison.csv", "results/allwein2000/comparison_summary.json"]
    return csvs + [f"results/allwein2000/{t}.{ext}" for t in FIGURES for ext in ("png", "pdf")]
