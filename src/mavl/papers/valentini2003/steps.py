"""Valentini (2003)'s workflow steps: one function per rule, each ``step(job)``.

``job`` is what Snakemake hands a rule's script (``snakemake``): ``job.input``, ``job.output``,
``job.wildcards`` and ``job.params``, whose ``settings`` are the resolved settings the rule passes
(:func:`.settings.settings`, without the entries the rule does not read). Rule
``valentini_<name>`` runs ``<name>(snakemake)`` through the one step script
(:func:`mavl.reproduction.steps.run_step`); nothing here reads the workflow's config.
``valentini_comparison`` and ``valentini_report`` are the framework's (:mod:`mavl.reproduction.loop`),
on this module's hooks ``comparison_parts`` and ``report_parts``.
"""

import pandas as pd

from ...reproduction.io import write_json, write_table
from .calibration import calibrate_rbf_width as _calibrate_rbf_width
from .claims_noise import draws_for
from .comparison import comparison_parts
from .families import run_ch4_job, run_ensemble_jobs, run_surface_job
from .report import report_parts
from .sensitivity import run_sweep
from .static import build_statics
from .targets import build_ch4_targets, build_ch5_targets, build_ch6_targets

__all__ = ["calibrate_rbf_width", "ch4", "ch4_targets", "ch5", "ch5_targets", "ch6", "ch6_targets",
           "comparison_parts", "p2_surface", "report_parts", "sensitivity", "static"]

#: The tables each chapter's targets rule reads and writes, in the order of its ``published`` input.
_CH5_TABLES, _CH6_TABLES = ("table_5_1", "table_5_2"), ("table_6_1", "table_6_2")


def static(job):
    """The static targets: no learning, or the data generator only."""
    build_statics(job.params.settings, job.params.published_dir,
                  zip(job.output.csv, job.output.png, strict=True))


def ch4(job):
    """One chapter-4 family job: a data set and kernel over its grid, and its claims' draws."""
    w = job.wildcards
    frame, per_draw = run_ch4_job(job.params.settings, "ch4", w.data_set, w.kernel, _draws(job))
    write_table(frame, job.output.table, sep="\t")
    write_table(per_draw, job.output.draws, sep="\t")


def _draws(job):
    """The claims' bootstrap draws of the job's replicates (the same in every job and the report)."""
    return draws_for(job.params.claims, job.params.settings["master_seed"])


def p2_surface(job):
    """The P2 decision surface of Figures 4.8-4.10 and its test errors."""
    errors, surface = run_surface_job(job.params.settings)
    write_table(errors, job.output.errors, sep="\t")
    write_table(surface, job.output.surface, sep="\t")


def ch4_targets(job):
    """Table 4.2 and Figures 4.5-4.25 from the chapter-4 jobs."""
    i, out = job.input, job.output
    published = {"table_4_2": pd.read_csv(i.published), "p2_errors": pd.read_csv(i.p2_errors)}
    build_ch4_targets(job.params.settings, i.runs, (i.surface_errors, i.surface), published, out.table[0],
                      list(zip(out.csv, out.png, strict=True)))


def ch5(job):
    """One data set and kernel of bagging (F5) and random aggregating (F6), and their claims' draws."""
    w = job.wildcards
    run_ensemble_jobs(job.params.settings, w.data_set, w.kernel, dict(job.output.items()), _draws(job))


def ch6(job):
    """One data set and kernel of Lobag's Tables 6.1 (F7) and 6.2 (F8)."""
    w = job.wildcards
    run_ensemble_jobs(job.params.settings, w.data_set, w.kernel, dict(job.output.items()))


def ch5_targets(job):
    """Tables 5.1/5.2 and Figures 5.4-5.25 from the chapter-5 jobs."""
    i, out = job.input, job.output
    build_ch5_targets(job.params.settings, i.runs,
                      dict(zip(_CH5_TABLES, map(pd.read_csv, i.published), strict=True)),
                      pd.read_csv(i.inconsistent),
                      dict(zip(_CH5_TABLES, zip(out.table, out.supplement, strict=True), strict=True)),
                      list(zip(out.csv, out.png, strict=True)))


def ch6_targets(job):
    """Tables 6.1/6.2 and Figure 6.1 from the Lobag jobs."""
    i, out = job.input, job.output
    build_ch6_targets(job.params.settings, i.pair, i.rep,
                      dict(zip(_CH6_TABLES, map(pd.read_csv, i.published), strict=True)),
                      dict(zip(_CH6_TABLES, out.table, strict=True)), (out.csv[0], out.png[0]))


def calibrate_rbf_width(job):
    """The RBF width calibration (spec README decision 3)."""
    cells, result = _calibrate_rbf_width(job.params.settings, pd.read_csv(job.input.p2_reference),
                                         pd.read_csv(job.input.table_4_2))
    write_table(cells, job.output.cells)
    write_json(result, job.output.result)


def sensitivity(job):
    """One sensitivity sweep: Table 4.2's cells under every reading of a group."""
    write_table(run_sweep(job.params.settings, job.wildcards.group), job.output[0])

