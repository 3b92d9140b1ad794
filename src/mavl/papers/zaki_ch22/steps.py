"""Zaki & Meira Chapter 22's workflow steps: one function per rule, each ``step(job)``. Rule
``zaki_<name>`` runs ``<name>(snakemake)`` through the one step script
(:func:`mavl.reproduction.steps.run_step`)."""

from pathlib import Path

from ...reproduction.comparison import comparison_step
from ...reproduction.figures import save_figure
from ...reproduction.io import write_json, write_table
from .claims import judge, read_checks
from .comparison import bootstrap_cells
from .report import build_report
from .targets import TARGETS

__all__ = ["comparison", "figure_target", "report", "table_target"]


def _target(job):
    table, fig, checks = TARGETS[Path(job.output.csv).stem]()
    write_table(table, job.output.csv)
    write_json(checks, job.output.checks)
    if fig is not None:
        save_figure(fig, job.output.png, job.output.pdf)


def figure_target(job):
    """One demonstration with a figure: its table, its checks, its PNG and PDF."""
    _target(job)


def table_target(job):
    """One demonstration without a figure: its table and its checks."""
    _target(job)


def comparison(job):
    """The chapter's printed numbers beside the reproduced ones; its identities as the claims,
    judged here once (``claims.csv``, which the report reads)."""
    cells = bootstrap_cells(job.input.probability, job.input.algorithm, job.input.published)
    claims = judge(read_checks(job.input.checks))
    write_table(claims, job.output.claims)
    return comparison_step(job.input, job.output, cells, claims=claims)


def report(job):
    """The Markdown report."""
    build_report(job.input, job.output, job.params.settings, job.params.captions)
