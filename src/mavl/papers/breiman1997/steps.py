"""Breiman (1997)'s workflow steps: one function per rule, each ``step(job)``.

``job`` is what Snakemake hands a rule's script (``snakemake``): ``job.input``, ``job.output``,
``job.wildcards`` and ``job.params``, whose ``settings`` are the paper's settings
(:func:`.settings.settings`; the main runs' rule leaves out the sweeps' section). Rule ``breiman_<name>`` runs
``<name>(snakemake)`` through the one step script (:func:`mavl.reproduction.steps.run_step`);
``breiman_comparison`` and ``breiman_report`` are the framework's (:mod:`mavl.reproduction.loop`), on
this module's hooks ``comparison_parts`` and ``report_parts``.
"""

from pathlib import Path

from . import sensitivity as _sensitivity
from . import tables
from .comparison import comparison_parts
from .decision import build_decision
from .report import report_parts

__all__ = ["bottom_edge", "comparison_parts", "decision", "report_parts", "runs", "sensitivity", "static",
           "sweep_runs", "table"]


def runs(job):
    """AdaBoost and arc-u2 on every run of one data set under one tree rule (or decision-7 reading;
    its input, if any, the default rule's runs of a set the reading does not change)."""
    from .runs import run_data_set  # the fits: here, so that the other steps load no scikit-learn

    default = job.input[0] if len(job.input) else None
    run_data_set(job.params.settings, job.wildcards.data_set, job.wildcards.tree_rule, job.output[0],
                 default_runs=default)


def sweep_runs(job):
    """One sensitivity reading's runs of every swept data set."""
    _sensitivity.run_sweep(job.params.settings, job.wildcards.reading, job.output[0])


def sensitivity(job):
    """One group of misses swept over the readings."""
    i, group = job.input, job.wildcards.breiman_group
    _sensitivity.build_sweep(job.params.settings, group, i.default, i.rules, i.readings, i.summary,
                             job.output[0])


def table(job):
    """One of Tables 1 and 3-5 beside the published one."""
    tables.build_table(job.params.settings, Path(job.output[0]).stem, job.input.runs, job.input.published,
                       job.output[0])


def static(job):
    """Table 2 (the data sets, with their checks) or Eq. 7.3, from the published files."""
    if job.wildcards.breiman_static == "table_2":
        tables.build_data_summary(job.params.settings, job.input.published, job.output[0])
    else:
        tables.build_eq_7_3(job.input.published, job.output[0])


def bottom_edge(job):
    """The bottom edge of each run's trees beside its top(c)."""
    tables.build_bottom_edge_table(job.params.settings, job.input.runs, job.output[0])


def decision(job):
    """Every published cell judged under every tree rule, and the counts that decide the default."""
    i = job.input
    build_decision(job.params.settings, i.runs, i.published, i.summary, job.output)
