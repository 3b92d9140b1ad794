"""Smith (2001)'s table and figure, declared once: the workflow's target rule and the rules
``smith2001_table_1`` and ``smith2001_figure_1`` come from this list."""

from ...reproduction import targets as declared

__all__ = ["COMPARISON", "declared_targets", "final_targets"]

COMPARISON = ["results/smith2001/comparison.csv", "results/smith2001/comparison_summary.json"]


def declared_targets(config):
    """Table 1 and Figure 1 (``config``: the paper's settings, unused)."""
    return [declared.Target("table_1", "table", ["results/smith2001/table_1.csv"]),
            declared.Target("figure_1", "figure", [f"results/smith2001/figure_1{ext}"
                                                   for ext in (".png", ".csv", ".pdf")])]


def final_targets(config):
    """Every target's files, then the comparison."""
    return declared.final_targets(declared_targets(config), COMPARISON)
