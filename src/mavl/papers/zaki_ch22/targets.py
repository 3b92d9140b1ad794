"""The demonstration targets of Zaki & Meira Ch. 22 (spec zaki-ch22 §3-§5), declared once.

The chapter's copy has no worked examples, so each algorithm box and each text-only topic gets a
deterministic demonstration on Iris. Every target function returns ``(table, figure or None,
checks)``: the CSV frame, the figure, and the chapter identities of spec §5 it can evaluate
(:func:`.common.check`).
"""

from ...reproduction import targets as declared
from .ensembles import algorithm_22_5, algorithm_22_6, algorithm_22_7, demo_bagging, demo_bias_variance
from .measures import algorithm_22_1, demo_measures_binary, demo_measures_multiclass
from .resampling import (
    algorithm_22_2,
    algorithm_22_3,
    algorithm_22_4,
    demo_bootstrap_probability,
    demo_confidence_intervals,
)

__all__ = ["COMPARISON", "TARGETS", "declared_targets", "final_targets"]

#: The chapter's printed numbers beside their reproduction (rule zaki_comparison).
COMPARISON = ["results/zaki_ch22/comparison.csv", "results/zaki_ch22/comparison_summary.json"]

#: target id -> function, in the catalogue's order (spec §4).
TARGETS = {f.__name__: f for f in (
    demo_measures_multiclass, demo_measures_binary, algorithm_22_1, algorithm_22_2, algorithm_22_3,
    demo_confidence_intervals, algorithm_22_4, demo_bias_variance, demo_bagging, algorithm_22_5,
    algorithm_22_6, algorithm_22_7, demo_bootstrap_probability)}


def declared_targets(config):
    """The demonstrations of ``config`` (the paper's settings), in the catalogue's order: a figure
    target's PNG, CSV and checks, a table target's CSV and checks."""
    out = []
    for target in TARGETS:
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
