"""Spec decision 5: which tree rule is the default, measured over the whole table.

"Minimum node size 10" has several readings (spec R1, decision 5: the config's ``tree_rules``, every
one run at full cost in the main runs); the default changes only if a reading fits the whole table
better. So every compared cell of Tables 1, 3, 4 and 5 is judged under each rule by the framework's
one rule (:func:`mavl.reproduction.comparison.judge`), and the rules are ranked by the cells that
agree. Never per column or per table: a rule is the default for every cell or for none.

Every rule is judged alike: a miss counts as explained only by the top(c) measurement of that
rule's own trees (:mod:`.reach`). The sweeps, which explain further misses of the default in the
headline (:mod:`.comparison`), are read relative to the default, so they are applied to no rule here.
"""

from pathlib import Path

import pandas as pd

from ...reproduction.comparison import judge, summary
from ...reproduction.io import write_table
from .comparison import comparison_cells
from .reach import reach_table
from .settings import tree_rules
from .tables import read_runs
from .targets import TABLES

__all__ = ["COUNT_COLUMNS", "build_decision", "rule_cells", "rule_counts"]

#: ``results/breiman1997/tree_rule_counts.csv``: one row per tree rule, in the config's order.
COUNT_COLUMNS = ["tree_rule", "default", "compared", "agrees", "explained", "unexplained", "not_reproduced",
                 "mean_abs_difference", "fits_best"]


def rule_cells(config, runs, published, data_summary):
    """Every published cell judged under each tree rule of the scale: the judged cell frame of
    :func:`.comparison.comparison_cells` with the rule's top(c) measurement, one block per rule, with
    a ``tree_rule`` column first."""
    frames = []
    for rule in tree_rules(config):
        reach = reach_table(config, runs, published, rule)
        cells = judge(comparison_cells(config, runs, published, data_summary, reach, rule=rule))
        frames.append(cells.assign(tree_rule=rule))
    out = pd.concat(frames, ignore_index=True)
    return out[["tree_rule", *[c for c in out.columns if c != "tree_rule"]]]


def rule_counts(cells, default):
    """The headline of each rule's cells (:func:`mavl.reproduction.comparison.summary`: a repeated
    cell counted once): cells compared, agreeing, explained, unexplained and not reproduced, the mean
    absolute difference; ``default`` marks the configured default and ``fits_best`` every rule with
    the most agreeing cells."""
    rows = []
    for rule, mine in cells.groupby("tree_rule", sort=False):
        counts = summary(mine)
        rows.append({"tree_rule": rule, "default": rule == default,
                     **{k: counts[k] for k in COUNT_COLUMNS[2:-1]}})
    out = pd.DataFrame(rows, columns=COUNT_COLUMNS[:-1])
    return out.assign(fits_best=out["agrees"] == out["agrees"].max())


def build_decision(config, run_paths, published_paths, data_summary_path, outputs):
    """Rule ``breiman_decision``: every cell under every tree rule (``outputs["cells"]``) and the
    counts that decide the default (``outputs["counts"]``)."""
    paths = {Path(p).stem: p for p in published_paths}
    published = {t: pd.read_csv(paths[t], dtype=str) for t in TABLES}      # as printed
    cells = rule_cells(config, read_runs(run_paths), published, pd.read_csv(data_summary_path))
    write_table(cells, outputs["cells"])
    write_table(rule_counts(cells, tree_rules(config)[0]), outputs["counts"])
