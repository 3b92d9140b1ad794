"""Allwein, Schapire & Singer (2000)'s workflow steps: one function per rule, each ``step(job)``.

``job`` is what Snakemake hands a rule's script (``snakemake``): ``job.input``, ``job.output``,
``job.wildcards`` and ``job.params``, whose ``settings`` are the resolved settings
(:func:`.settings.settings`, without the sweeps' section). The sweep's rule passes instead the part
of the workflow config its readings override (``params.config``). Rule ``allwein_<name>`` runs
``<name>(snakemake)`` through the one step script (:func:`mavl.reproduction.steps.run_step`);
``allwein_comparison`` and ``allwein_report`` are the framework's (:mod:`mavl.reproduction.loop`), on
the hooks ``comparison_parts`` and ``report_parts``.
"""

from pathlib import Path

import pandas as pd

from ...reproduction.io import read_results, write_table
from . import tables
from .experiments import run_job
from .figures import build_figure, plot_synthetic
from .report import comparison_parts, report_parts
from .sensitivity import run_sweep
from .settings import TABLE_LEARNERS
from .synthetic import run_synthetic, summarise_synthetic

__all__ = ["bound_check", "code_properties", "comparison_figure", "comparison_parts", "error_table", "job",
           "report_parts", "sensitivity", "static_figure", "synthetic", "table_1"]


def job(job):
    """One learner on one data set and code, every fold and round (its sweeps' rounds too)."""
    w = job.wildcards
    results, examples, bounds = run_job(job.params.settings, w.learner, w.data_set, w.code, job.params.rounds)
    write_table(results, job.output.results, sep="\t")
    write_table(examples, job.output.examples, sep="\t")
    write_table(bounds, job.output.bounds, sep="\t")


def synthetic(job):
    """Figure 3: the |x|-threshold simulation, its summary and its plot."""
    runs = run_synthetic(job.params.settings)
    summary = summarise_synthetic(runs)
    write_table(runs, job.output.runs)
    write_table(summary, job.output.summary)
    plot_synthetic(summary, job.output.png)


def table_1(job):
    """Table 1: the data sets beside the published ones."""
    write_table(tables.table_1(job.params.settings, pd.read_csv(job.input.published)), job.output[0])


def error_table(job):
    """Table 2 (AdaBoost.MO) or Table 3 (SVM) beside the published one."""
    learner = TABLE_LEARNERS[job.wildcards.allwein_table]
    table = tables.error_table(job.params.settings, learner, pd.read_csv(job.input.published), job.input.runs)
    write_table(table, job.output[0])


def code_properties(job):
    """The properties of every code the paper uses."""
    write_table(tables.code_properties(job.params.settings), job.output[0])


def bound_check(job):
    """Every fit's training error beside its bound."""
    write_table(tables.bound_check(job.input.bounds), job.output[0])


def _figure(job, table):
    write_table(build_figure(Path(job.output.csv).stem, table, job.output.png), job.output.csv)


def static_figure(job):
    """Figure 1 or 2, drawn from the paper's definitions alone."""
    _figure(job, None)


def comparison_figure(job):
    """One of Figures 4-7 from the reproduced Table 2 or 3."""
    _figure(job, pd.read_csv(job.input.table))


def sensitivity(job):
    """One group of misses swept over its readings."""
    default = read_results(job.input.default)
    write_table(run_sweep(job.params.config, job.wildcards.allwein_group, default), job.output[0])
