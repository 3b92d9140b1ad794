"""Zaki & Meira Chapter 22's workflow steps: one function per rule, each ``step(job)``. Rule
``zaki_<name>`` runs ``<name>(snakemake)`` through the one step script
(:func:`mavl.reproduction.steps.run_step`)."""

from pathlib import Path

from ...reproduction.figures import save_figure
from ...reproduction.io import write_json, write_table
from ...reproduction.loop import Comparison
from .claims import judge, read_checks
from .comparison import bootstrap_cells
from .report import report_parts
from .targets import demonstration

__all__ = ["comparison_parts", "figure_target", "report_parts", "table_target"]


def _target(job):
    table, fig, checks = demonstration(Path(job.output.csv).stem)()
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


def comparison_parts(inputs, settings, claims_config):
    """The hook of the framework's comparison: the chapter's printed numbers beside the reproduced
    ones, its identities as the claims."""
    cells = bootstrap_cells(inputs.probability, inputs.algorithm, inputs.published)
    return Comparison(cells, judge(read_checks(inputs.checks)))
