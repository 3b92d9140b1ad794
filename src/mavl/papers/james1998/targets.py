"""The thesis's tables and figures, declared once (:class:`mavl.reproduction.targets.Target`): every
target of the config's ``targets`` with its files, in the thesis's order. The workflow builds its
target rule (``final_targets``: every target's files, then the judged comparison) and one rule per
target (``james1998_<id>``) from this declaration.
"""

from ...reproduction import targets as declared

__all__ = ["COMPARISON", "TABLE_SUFFIXES", "declared_targets", "final_targets", "target_files"]

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


def declared_targets(config):
    """Every table and figure of ``config["targets"]`` (the paper's settings), in their order."""
    return [declared.Target(target, "table" if info["kind"] in TABLE_SUFFIXES else "figure",
                            target_files(config, target))
            for target, info in config["targets"].items()]


def final_targets(config):
    """Every target's files, then the comparison."""
    return declared.final_targets(declared_targets(config), COMPARISON)
