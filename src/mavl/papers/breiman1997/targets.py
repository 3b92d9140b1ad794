"""Breiman (1997)'s tables, declared once (:class:`mavl.reproduction.targets.Target`): Tables 1-5,
the Eq. 7.3 remark and the bottom-edge check. The workflow builds its target rule (``final_targets``:
every target's file, then the judged comparison and the tree rules' counts) and one rule per target
(``breiman1997_<id>``) from this declaration."""

from ...reproduction import targets as declared
from .settings import GROUPS, reading_data_sets, tree_rules

__all__ = ["COMPARISON", "DECISION", "TABLES", "declared_targets", "default_runs", "final_targets",
           "run_files"]

#: The tables built from runs, and the group of data sets each reads (Table 2 summarises Table 3's).
TABLES = {"table_1": "synthetic", "table_3": "moderate", "table_4": "larger", "table_5": "moderate"}
#: Every published cell judged, and the summary (rule breiman_comparison).
COMPARISON = ["results/breiman1997/comparison.csv", "results/breiman1997/comparison_summary.json"]
#: Every cell under every tree rule, and the counts that decide the default (rule breiman_decision).
DECISION = {"cells": "results/breiman1997/tree_rule_cells.csv",
            "counts": "results/breiman1997/tree_rule_counts.csv"}


def declared_targets(config):
    """Tables 1-5 and Eq. 7.3 in the report's order, then the bottom-edge check (``config``: the
    paper's settings, unused: the list is the same at every scale)."""
    tables = [declared.Target(t, "table", [f"results/breiman1997/{t}.csv"])
              for t in ["table_1", "table_2", "table_3", "table_4", "table_5", "eq_7_3"]]
    return tables + [declared.Target("bottom_edge", "extra", ["results/breiman1997/bottom_edge.csv"])]


def final_targets(config):
    """The files rule ``breiman1997`` asks for; the report's path is the rules' to add."""
    return declared.final_targets(declared_targets(config), [*COMPARISON, *DECISION.values()])


def run_files(config, data_sets=None, rules=None):
    """The main runs' TSVs (one job each) of ``data_sets`` (every group's by default, in the tables'
    order) under ``rules`` (default: every tree rule of the scale; ``tree_rules(config)[:1]``: the
    default one, the headline cells')."""
    if data_sets is None:
        data_sets = [d for group in GROUPS for d in config[group]["data_sets"]]
    rules = tree_rules(config) if rules is None else rules
    return [f"results/breiman1997/raw/{d}/{rule}.tsv" for d in data_sets for rule in rules]


def default_runs(config, data_set, rule):
    """What the main runs' job of ``data_set`` under ``rule`` reads: nothing, or, for a decision-7
    reading on a set it does not change, the default tree rule's runs of that set (relabelled, not
    fitted again)."""
    if data_set in reading_data_sets(config, rule):
        return []
    return [f"results/breiman1997/raw/{data_set}/{tree_rules(config)[0]}.tsv"]
