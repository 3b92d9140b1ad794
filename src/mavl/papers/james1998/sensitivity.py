"""Sensitivity sweeps of James (1998): a group of Chapter 2 error-table misses re-run under the readings
the spec's ambiguities allow (issue 33 item 4: the Concentric generator, AMB-02 / AMB-03), each
reading beside the default at the same cost (:func:`mavl.reproduction.comparison.explain`).

A group in the config's ``sensitivity`` section names the table targets it re-reproduces and its
readings; each reading sets named options of the ``james1998`` section (dotted keys such as
``options.concentric.generator``). The ``default`` reading is not fitted again: its rows are the
main jobs' replicates of the group's experiments, and every other reading runs exactly those
replicates (same training-set count, same seeds), so the two differ only by the reading. A group
may instead set its own ``replicates`` (capped by the scale's ``max_replicates``): then every reading,
the default too, runs replicates 0, 1, … of that count (the first ones are the main jobs' own), for a
group so cheap that its readings can be measured with less replicate noise than the main table has.

Each reproduced number is, as in the main tables, the mean over replicates with its SE over them.

A group may instead name one bias/variance table (Tables 3.1, 3.2): its readings then set options of
the Gaussian simulation or of the classifiers (for example ``gaussian.g10.seed``, the configuration of
class means, spec james-ch3-4 AMB-1), each re-counts the group's ``methods`` (every column of the table
when not given) over the table's own training sets, and the default reading is the main jobs' counts.
Each number is then, as in the main table, a mean over the test points with its SE over them.
"""

import logging
import time

import numpy as np
import pandas as pd

from ...reproduction.comparison import SWEEP_COLUMNS, apply_reading
from .bias_variance_tables import method_counts, point_table_cells
from .comparison import b_column
from .error_tables import ERROR_TABLE_KINDS, experiment_table
from .experiments import run_replicate
from .gaussian_study import problem_of
from .settings import PAPER, capped, experiment_spec

__all__ = ["DEFAULT", "bias_variance_sweep_rows", "bias_variance_target",
           "group_experiments", "group_methods", "readings", "run_bias_variance_sweep", "run_sweep",
           "sweep_replicates", "sweep_rows"]

#: The reading every sweep starts with: nothing changed.
DEFAULT = ("default", "the spec's resolutions, as built (the main jobs' replicates)", {})

log = logging.getLogger(__name__)


def readings(group_spec):
    """``[(name, description, overrides), …]`` of a group, the default reading first."""
    return [DEFAULT] + [(r["name"], r["description"], r["set"]) for r in group_spec["readings"]]


def group_experiments(settings, group_spec):
    """The experiments behind a group's table targets, in the order first named."""
    out = []
    for target in group_spec["targets"]:
        info = settings["targets"][target]
        if info["kind"] not in ERROR_TABLE_KINDS:
            raise ValueError(f"{PAPER} sensitivity: {target} is not an error table")
        if info["experiment"] not in out:
            out.append(info["experiment"])
    return out


def sweep_rows(settings, group, reading, description, results, targets):
    """One reading's rows (:data:`SWEEP_COLUMNS`) for each table target, from the replicates in
    ``results`` (long format, every experiment of the targets), aggregated as the main tables are."""
    rows = []
    for target in targets:
        info = settings["targets"][target]
        spec = experiment_spec(settings, info["experiment"])
        frame = results[results["experiment"] == info["experiment"]]
        mean, se, undefined, n = experiment_table(frame, spec, info["kind"] == "relative_table")
        for method in mean.index:
            for b, column in zip(spec["grid"], mean.columns, strict=True):
                missing = bool(undefined.loc[method, column])
                rows.append({"group": group, "reading": reading, "description": description,
                             "target": target, "row": method, "column": b_column(b),
                             "reproduced": np.nan if missing else float(mean.loc[method, column]),
                             "reproduced_se": np.nan if missing else float(se.loc[method, column]),
                             "n_replicates": int(n)})
    return rows


def sweep_replicates(settings, group_spec):
    """The group's own replicate count at this scale, or None (the main jobs' replicates)."""
    return capped(settings, group_spec.get("replicates"))


def run_sweep(settings, group, group_spec, default_results):
    """Every reading of ``group`` on the replicates of ``default_results``: a :data:`SWEEP_COLUMNS` frame.

    Parameters
    ----------
    settings : dict
        The resolved ``james1998`` settings (:func:`~.settings.settings`, at the run's scale).
    group : str
    group_spec : dict
        The group's entry of the ``sensitivity`` section: ``targets``, ``readings`` and optionally
        ``replicates`` (:func:`sweep_replicates`).
    default_results : DataFrame
        The main jobs' replicates of the group's experiments: the default reading, unless the group
        sets its own ``replicates``.
    """
    experiments = group_experiments(settings, group_spec)
    count = sweep_replicates(settings, group_spec)
    if count is None:
        replicates = {name: sorted(default_results.loc[default_results["experiment"] == name, "replicate"]
                                   .unique()) for name in experiments}
        plan = readings(group_spec)[1:]
        rows = sweep_rows(settings, group, *DEFAULT[:2], default_results, group_spec["targets"])
    else:
        replicates = dict.fromkeys(experiments, range(count))
        plan = [(DEFAULT[0], f"the spec's resolutions, re-run on {count} replicates", {}),
                *readings(group_spec)[1:]]
        rows = []
    for name, description, overrides in plan:
        cfg = apply_reading(settings, overrides, PAPER)
        start = time.perf_counter()
        seed, options = cfg["master_seed"], cfg["options"]
        results = pd.concat([run_replicate(experiment_spec(cfg, e), int(r), seed, options)
                             for e in experiments for r in replicates[e]], ignore_index=True)
        log.info("%s: reading %s took %.1f s", group, name, time.perf_counter() - start)
        rows += sweep_rows(cfg, group, name, description, results, group_spec["targets"])
    return pd.DataFrame(rows, columns=SWEEP_COLUMNS)


def bias_variance_target(settings, group_spec):
    """The bias/variance table a group sweeps (its one target), or None for a group of error tables."""
    kinds = [settings["targets"][t]["kind"] for t in group_spec["targets"]]
    if "bias_variance_table" not in kinds:
        return None
    if len(kinds) != 1:
        raise ValueError(f"{PAPER} sensitivity: a group of a bias/variance table names that table only, "
                         f"not {group_spec['targets']}")
    return group_spec["targets"][0]


def group_methods(settings, group_spec):
    """The columns a bias/variance group re-counts: its ``methods``, else every column of its table."""
    columns = settings["bias_variance"]["tables"][bias_variance_target(settings, group_spec)]
    methods = list(group_spec.get("methods", columns))
    unknown = [m for m in methods if m not in columns]
    if unknown:
        raise ValueError(f"{PAPER} sensitivity: {unknown} are not columns of "
                         f"{group_spec['targets'][0]} ({columns})")
    return methods


def bias_variance_sweep_rows(settings, group, reading, description, target, counts_by_method):
    """One reading's rows (:data:`SWEEP_COLUMNS`) of a bias/variance table: each cell the mean over the
    test points of its per-point quantity with its SE over them, as the main comparison reads it."""
    problem = problem_of(settings, settings["targets"][target]["problem"])
    rows = []
    for method, counts in counts_by_method.items():
        for label, (mean, se) in point_table_cells(problem.q_test, counts).items():
            rows.append({"group": group, "reading": reading, "description": description, "target": target,
                         "row": label, "column": method, "reproduced": mean, "reproduced_se": se,
                         "n_replicates": 1})
    return rows


def run_bias_variance_sweep(settings, group, group_spec, default_counts):
    """Every reading of a bias/variance group: a :data:`SWEEP_COLUMNS` frame.

    ``default_counts``: the main jobs' prediction counts of the group's methods, ``{method: array}``
    (:func:`~.bias_variance_tables.read_counts`), the default reading.
    """
    target = bias_variance_target(settings, group_spec)
    problem = settings["targets"][target]["problem"]
    counts = {m: default_counts[m] for m in group_methods(settings, group_spec)}
    rows = bias_variance_sweep_rows(settings, group, *DEFAULT[:2], target, counts)
    for name, description, overrides in readings(group_spec)[1:]:
        cfg = apply_reading(settings, overrides, PAPER)
        start = time.perf_counter()
        counts = {m: method_counts(cfg, problem, m) for m in counts}
        log.info("%s: reading %s took %.1f s", group, name, time.perf_counter() - start)
        rows += bias_variance_sweep_rows(cfg, group, name, description, target, counts)
    return pd.DataFrame(rows, columns=SWEEP_COLUMNS)
