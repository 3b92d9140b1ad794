"""Smith (2001)'s workflow steps: one function per rule, each ``step(job)``. Rule ``smith_<name>``
runs ``<name>(snakemake)`` through the one step script (:func:`mavl.reproduction.steps.run_step`);
rules ``smith_comparison`` and ``smith_report`` run the framework's steps on the two hooks
(:mod:`mavl.reproduction.loop`)."""

import pandas as pd

from ...reproduction.assembly import Figure, Table
from ...reproduction.figures import save_figure
from ...reproduction.io import write_table
from ...reproduction.loop import Comparison, Report
from . import study

__all__ = ["comparison_parts", "figure", "report_parts", "simulate", "sweep", "table"]


def simulate(job):
    """Every replicate's majorities at every B."""
    write_table(study.simulate(job.params.settings), job.output[0], sep="\t")


def table(job):
    """Table 1: the mean accuracy at each B."""
    write_table(study.table(pd.read_csv(job.input.votes, sep="\t")), job.output[0])


def figure(job):
    """Figure 1 beside the printed values."""
    frame, fig = study.plot(pd.read_csv(job.input.table), study.read_printed(job.input.published)[1],
                            job.output.png)
    write_table(frame, job.output.csv)
    save_figure(fig, job.output.png, job.output.pdf)


def sweep(job):
    """The last printed column under each reading."""
    write_table(study.sweep(job.params.settings), job.output[0])


def comparison_parts(inputs, settings, claims_config):
    """The hook of the framework's comparison: every printed cell beside its simulation, and the
    claim judged on both sides."""
    votes = pd.read_csv(inputs.votes, sep="\t")
    printed, published = study.read_printed(inputs.published)
    claims = pd.DataFrame(study.CLAIMS.judge({"table_1": published}, {"table_1": study.table(votes)}))
    return Comparison(study.cells(votes, printed), claims)


def report_parts(inputs, settings, judged):
    """The hook of the framework's report: what ``reports/smith2001.md`` shows beside the framework's
    sections."""
    return Report("Smith (2001): reproduction report",
                  ["J. Smith, *How a majority grows*, 2001: the worked example of a sixth paper."],
                  tables=[Table("table_1", 3)],
                  figures=[Figure("Figure 1", judged.figures["figure_1"], judged.captions["figure_1"],
                                  settings["scale"])])
