"""The thesis's final target list, as the workflow builds it: every table and figure target's files
and the judged comparison (the report's path depends on the shared scale and is the rules' to add).

``final_targets(settings(config))`` is what rule ``james1998`` asks for; a test compares it with
Snakemake's dry run.
"""

__all__ = ["COMPARISON", "TABLE_SUFFIXES", "final_targets", "target_files"]

#: Files that make each kind of table target; every other target (a figure) is PNG, PDF and CSV.
TABLE_SUFFIXES = {
    "table": [".csv", ".compare.csv"],
    "relative_table": [".csv", ".compare.csv"],
    "bias_variance_table": [".csv", ".compare.csv", ".kw.csv"],
    "case_study_table": [".csv", ".compare.csv"],
    "static_table": [".csv"],
    "bound_table": [".csv", ".hoeffding.csv", ".compare.csv"],
}
_FIGURE_SUFFIXES = [".png", ".pdf", ".csv"]

#: The judged comparison of every published cell (rule james_comparison).
COMPARISON = ["results/james1998/comparison.csv", "results/james1998/comparison_summary.json"]


def target_files(config, target):
    """The files of one target of ``config["targets"]``."""
    suffixes = TABLE_SUFFIXES.get(config["targets"][target]["kind"], _FIGURE_SUFFIXES)
    return [f"results/james1998/{target}{suffix}" for suffix in suffixes]


def final_targets(config):
    """Every target's files, then the comparison."""
    return [f for target in config["targets"] for f in target_files(config, target)] + COMPARISON
