"""The demonstration targets of Zaki & Meira Ch. 22 (spec zaki-ch22 §3-§5), declared once.

The chapter's copy has no worked examples, so each algorithm box and each text-only topic gets a
deterministic demonstration on Iris. Every target function returns ``(table, figure or None,
checks)``: the CSV frame, the figure, and the chapter identities of spec §5 it can evaluate
(:func:`.common.check`).
"""

import importlib

from ...reproduction import targets as declared

__all__ = ["CATALOGUE", "COMPARISON", "declared_targets", "demonstration", "final_targets"]

#: The chapter's printed numbers beside their reproduction (rule zaki_comparison).
COMPARISON = ["results/zaki_ch22/comparison.csv", "results/zaki_ch22/comparison_summary.json"]

#: target id -> the module of its demonstration, in the catalogue's order (spec §4). The modules are
#: imported when a demonstration is asked for (:func:`demonstration`): they fit scikit-learn's models,
#: and the workflow reads this list each time it starts.
CATALOGUE = {
    "demo_measures_multiclass": "measures", "demo_measures_binary": "measures", "algorithm_22_1": "measures",
    "algorithm_22_2": "resampling", "algorithm_22_3": "resampling", "demo_confidence_intervals": "resampling",
    "algorithm_22_4": "resampling", "demo_bias_variance": "ensembles", "demo_bagging": "ensembles",
    "algorithm_22_5": "ensembles", "algorithm_22_6": "ensembles", "algorithm_22_7": "ensembles",
    "demo_bootstrap_probability": "resampling",
}


def demonstration(target):
    """The function that computes ``target`` (an id of :data:`CATALOGUE`)."""
    return getattr(importlib.import_module(f".{CATALOGUE[target]}", __package__), target)


def declared_targets(config):
    """The demonstrations of ``config`` (the paper's settings), in the catalogue's order: a figure
    target's PNG, CSV and checks, a table target's CSV and checks."""
    out = []
    for target in CATALOGUE:
        files = [f"results/zaki_ch22/{target}.{ext}" for ext in ("csv", "checks.json")]
        if target in config["figure_targets"]:
            out.append(declared.Target(target, "figure", [f"results/zaki_ch22/{target}.png", *files]))
        elif target in config["table_targets"]:
            out.append(declared.Target(target, "table", files))
    return out


def final_targets(config):
    """The files rule ``zaki_ch22`` asks for (``config``: the paper's settings): every target's files,
    then the comparison; the report's path is the rules' to add."""
    return declared.final_targets(declared_targets(config), COMPARISON)
