"""Zaki & Meira Chapter 22's workflow steps: one function per rule, each ``step(job)``.

``job`` is what Snakemake hands a rule's script (``snakemake``): ``job.input``, ``job.output``,
``job.wildcards`` and ``job.params``, whose ``settings`` are the paper's settings. Rule ``zaki_<name>`` runs
``<name>(snakemake)`` through the one step script (:func:`mavl.reproduction.steps.run_step`).
"""

from pathlib import Path

from .comparison import build_comparison
from .report import build_report
from .targets import write_target

__all__ = ["comparison", "figure_target", "report", "table_target"]


def _target(job):
    write_target(Path(job.output.csv).name.removesuffix(".csv"), dict(job.output.items()))


def figure_target(job):
    """One demonstration figure of the chapter: its PNG, PDF and the plotted CSV."""
    _target(job)


def table_target(job):
    """One demonstration table of the chapter."""
    _target(job)


def comparison(job):
    """The chapter's printed numbers beside the reproduced ones."""
    build_comparison(dict(job.input.items()), dict(job.output.items()))


def report(job):
    """The Markdown report."""
    build_report(job.input, job.output, job.params.settings, job.params.captions)
