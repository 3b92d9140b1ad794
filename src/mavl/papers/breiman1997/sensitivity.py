"""Measured explanations of Breiman (1997)'s misses: each group of published cells re-reproduced
under the alternative readings the spec's ambiguities allow (issue 18, item 2).

A *reading* is a named entry of the config's ``sensitivity.readings``: another tree rule (R1), a cap
on the leaves or cost-complexity pruning of each tree (R1, limits beyond the node size), trees fitted
on a resample instead of the weighted points (the report's §8 says weighted; the alternative is
measured), another arc-u2 floor δ (R3), the node size counted in weight or the trees without a
training miss dropped (decision 5). The ``default`` reading is the spec's recommended one, read from
the main runs. Sweeps run at reduced cost: the first ``sensitivity.runs`` runs of each data set in
``sensitivity.data_sets`` (capped by the scale), so a reading's cells are means over fewer runs than
the headline's; a reading with ``full_cost: true`` runs every run and is judged beside
``default_full``, the main runs whole. The main runs' other tree rules (:func:`rule_readings`) are
readings too, read from those runs (every run, nothing fitted again).

Each group (:data:`GROUPS`) writes ``results/breiman1997/sensitivity/<group>.csv`` with the
framework's :data:`~mavl.reproduction.comparison.SWEEP_COLUMNS`, read by its comparison step.
"""

import pandas as pd

from ...reproduction.comparison import SWEEP_COLUMNS
from ...reproduction.io import write_table
from .comparison import n_test_points, reproduced_cells
from .settings import TREE_RULES, group_of, n_runs, sweep_data_sets, sweep_runs, tree_rules
from .tables import read_runs
from .targets import TABLES, run_files

__all__ = ["DEFAULT", "DEFAULT_FULL", "GROUPS", "build_sweep", "describe", "full_cost", "group_data_sets",
           "reading_rule", "reading_runs", "rule_readings", "run_sweep", "sweep_files", "sweep_inputs",
           "sweep_readings"]

#: The reading of the spec's recommended resolutions, at the sweeps' reduced cost and whole.
DEFAULT = "default"
DEFAULT_FULL = "default_full"

#: Each group of cells swept together: target -> the published columns in it.
GROUPS = {
    "adaboost_top_c": {"table_1": ["adaboost_top_c"], "table_3": ["adaboost_top_c"],
                       "table_4": ["adaboost_top_c"]},
    "arc_u2_top_c": {"table_1": ["arc_u2_top_c"], "table_3": ["arc_u2_top_c"], "table_4": ["arc_u2_top_c"],
                     "table_5": ["steps50_top_c", "steps100_top_c"]},
    "synthetic_test_error": {"table_1": ["adaboost_test_error", "arc_u2_test_error"]},
    "moderate_test_error": {"table_3": ["adaboost_test_error", "arc_u2_test_error"],
                            "table_5": ["steps50_test_error", "steps100_test_error"]},
    "larger_test_error": {"table_4": ["adaboost_test_error", "arc_u2_test_error"]},
}


def group_data_sets(config, group):
    """The swept data sets whose cells belong to ``group``."""
    groups = {TABLES[t] for t in GROUPS[group]}
    return [d for d in sweep_data_sets(config) if group_of(config, d) in groups]


def rule_readings(config):
    """The main runs' tree rules other than the default (decision 7's readings among them where the
    scale lists them), each a full-cost reading named by its rule. A sweep reading of the same name
    runs only where no main rule supersedes it (:func:`sweep_readings`)."""
    return tree_rules(config)[1:]


def sweep_readings(config):
    """The configured sweep readings this scale runs: those no main-runs rule of the same name runs at
    full cost already (``weighted_leaf`` at the readings scale)."""
    return [r for r in config["sensitivity"]["readings"] if r not in rule_readings(config)]


def reading_rule(config, reading):
    """The tree rule a reading runs under: its own (a configured ``tree_rule``, or the rule a main
    runs' reading is named by), else the default."""
    if reading in rule_readings(config):
        return reading
    return config["sensitivity"]["readings"].get(reading, {}).get("tree_rule") or tree_rules(config)[0]


def sweep_files(config):
    """Every group's sweep (``config``: the paper's settings, unused: the groups are the same at every
    scale)."""
    return [f"results/breiman1997/sensitivity/{group}.csv" for group in GROUPS]


def sweep_inputs(config, group):
    """What :func:`build_sweep` reads for ``group``: the main runs of its swept sets under the default
    tree rule (the default reading) and under the other rules (:func:`rule_readings`), every configured
    reading's runs and Table 2 (the test sizes)."""
    readings = [f"results/breiman1997/sensitivity/raw/{r}.tsv" for r in sweep_readings(config)]
    swept = group_data_sets(config, group)
    return {"default": run_files(config, swept, rules=tree_rules(config)[:1]),
            "rules": run_files(config, swept, rules=rule_readings(config)),
            "readings": readings, "summary": "results/breiman1997/table_2.csv"}


def describe(config, reading):
    """What a reading changes, in words (the default: the spec's resolutions as configured)."""
    if reading in (DEFAULT, DEFAULT_FULL):
        tree = config["tree"]
        cost = "; every run" if reading == DEFAULT_FULL else ""
        return (f"spec defaults: tree rule {tree_rules(config)[0]}, trees on the weighted points, "
                f"no leaf cap or pruning (max_leaf_nodes {tree['max_leaf_nodes']}, ccp_alpha "
                f"{tree['ccp_alpha']}), δ = {config['arc_u2']['delta']}, zero_error {config['zero_error']}"
                f"{cost}")
    if reading in rule_readings(config):
        if reading in TREE_RULES:
            return f"tree rule {reading}: {TREE_RULES[reading]}; the main runs, every run (decision 5)"
        return f"{config['readings'][reading]['description']}; the main runs, every run"
    return config["sensitivity"]["readings"][reading]["description"]


def full_cost(config, reading):
    """Whether ``reading`` runs every run of each swept set (else the first :func:`sweep_runs`)."""
    entry = config["sensitivity"]["readings"].get(reading, {})
    return reading in (DEFAULT_FULL, *rule_readings(config)) or bool(entry.get("full_cost"))


def reading_runs(config, reading, data_set):
    """How many runs of ``data_set`` a reading fits."""
    n = n_runs(config, group_of(config, data_set))
    return n if full_cost(config, reading) else min(sweep_runs(config), n)


def run_sweep(config, reading, output):
    """The runs of every swept data set under ``reading`` (:func:`reading_runs` of each): the runs
    TSV of :func:`.runs.fit_run` with a ``reading`` column (one job per reading)."""
    # The fits imported here: this module's other functions judge the sweeps and load no scikit-learn.
    from .runs import fit_run, with_reading

    changed, rule = with_reading(config, config["sensitivity"]["readings"][reading])
    rule = rule or tree_rules(config)[0]          # a reading that names no tree rule keeps the default
    frames = [fit_run(changed, d, rule, r) for d in sweep_data_sets(config)
              for r in range(reading_runs(config, reading, d))]
    write_table(pd.concat(frames, ignore_index=True).assign(reading=reading), output)


def build_sweep(config, group, default_paths, rule_paths, reading_paths, data_summary_path, output):
    """``results/breiman1997/sensitivity/<group>.csv``: the group's cells under every reading.

    Parameters
    ----------
    default_paths : list of paths
        The main runs of the group's swept data sets under the default tree rule (their first
        :func:`sweep_runs` runs are the ``default`` reading).
    rule_paths : list of paths
        The main runs of the same sets under the other tree rules (:func:`rule_readings`), read whole.
    reading_paths : list of paths
        :func:`run_sweep`'s TSVs of every other reading (the group's data sets are read from them).
    """
    sizes = n_test_points(config, pd.read_csv(data_summary_path))
    targets = GROUPS[group]
    columns = [c for cs in targets.values() for c in cs]
    swept = group_data_sets(config, group)
    main = read_runs(default_paths) if default_paths else pd.DataFrame()
    readings = [*rule_readings(config), *sweep_readings(config)]
    frames = []
    if len(main):
        frames.append(main[main["run"] < sweep_runs(config)].assign(reading=DEFAULT))
        if any(full_cost(config, r) for r in readings):
            frames.append(main.assign(reading=DEFAULT_FULL))
    if rule_paths:
        frames.append(read_runs(rule_paths).pipe(lambda f: f.assign(reading=f["tree_rule"])))
    others = read_runs(reading_paths) if reading_paths else pd.DataFrame()
    runs = pd.concat([f for f in (*frames, others) if len(f)] or [pd.DataFrame(columns=["reading"])],
                     ignore_index=True)
    rows = []
    for reading in [DEFAULT, DEFAULT_FULL, *readings]:
        mine = runs[runs["reading"] == reading]
        if mine.empty:
            continue
        rule = reading_rule(config, reading)
        baseline = DEFAULT_FULL if full_cost(config, reading) else DEFAULT
        for cell in reproduced_cells(config, mine[mine["data_set"].isin(swept)], rule, sizes,
                                     targets=targets, columns=columns):
            if cell["column"] in targets[cell["target"]] and pd.notna(cell["reproduced"]):
                rows.append({"group": group, "reading": reading, "description": describe(config, reading),
                             **{k: cell[k] for k in ("target", "row", "column", "reproduced", "reproduced_se",
                                                     "n_replicates")}, "baseline": baseline})
    write_table(pd.DataFrame(rows, columns=[*SWEEP_COLUMNS, "baseline"]), output)

