"""Smith (2001)'s workflow steps: one function per rule, each ``step(job)``. Rule ``smith_<name>``
runs ``<name>(snakemake)`` through the one step script (:func:`mavl.reproduction.steps.run_step`)."""

from pathlib import Path

import pandas as pd

from ...reproduction.assembly import ClaimSet, Figure, Table, assemble
from ...reproduction.comparison import comparison_step, explain, read_comparison, read_sweeps
from ...reproduction.figures import save_figure
from ...reproduction.io import read_json, write_table
from ...reproduction.report import copy_figures, write_markdown
from . import study

__all__ = ["comparison", "figure", "report", "simulate", "sweep", "table"]


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


def comparison(job):
    """Every printed cell judged, its miss explained by the sweep, and the claim on both sides."""
    votes = pd.read_csv(job.input.votes, sep="\t")
    printed, published = study.read_printed(job.input.published)
    claims = pd.DataFrame(study.CLAIMS.judge({"table_1": published}, {"table_1": study.table(votes)}))
    write_table(claims, job.output.claims)
    comparison_step(job.input, job.output, study.cells(votes, printed), claims=claims)


def report(job):
    """``reports/smith2001.md``, in the framework's order."""
    cells = read_comparison(job.input.comparison)
    _, readings = explain(cells, read_sweeps(job.input.sweeps))
    out = Path(job.output.report)
    links = copy_figures([job.input.figure], job.output.figures, out.parent)
    scale = job.params.settings["scale"]
    lines = assemble("Smith (2001): reproduction report",
                     ["J. Smith, *How a majority grows*, 2001: the worked example of a sixth paper."],
                     read_json(job.input.summary), cells, readings,
                     claims=[ClaimSet(pd.read_csv(job.input.claims))], tables=[Table("table_1", 3)],
                     figures=[Figure("Figure 1", links["figure_1"], job.params.captions["figure_1"], scale)])
    write_markdown(lines, out)
