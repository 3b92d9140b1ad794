"""The loop every paper runs, owned by the framework: its cells and claims judged once (the
comparison step), then its report assembled from what was judged and the paper's own parts (the
report step).

A paper gives two hooks, in its ``steps`` module, one signature each:

* ``comparison_parts(inputs, settings)`` returns ``(cells, claims)``: its published cells beside
  their reproduction, not yet judged (:func:`mavl.reproduction.comparison.cell_frame`), and its
  judged claims (``ClaimRegistry.judge`` rows, as a DataFrame);
* ``report_parts(inputs, settings, judged)`` returns the :class:`Report` of its parts, given the
  :class:`Judged` results.

``inputs`` are the rule's named inputs, ``settings`` its ``params.settings``. The workflow makes the
two rules, ``<prefix>comparison`` and ``<prefix>report``, from the paper's declaration
(``paper_loop`` in ``workflow/rules/common.smk``); their steps are :func:`comparison` and
:func:`report`. The comparison writes ``comparison.csv``, its summary and ``claims.csv``; the report
reads them back, with the sweeps' readings (input ``sweeps``) and the figures (input ``figures``,
copied beside the report), and writes the report in the framework's order
(:func:`mavl.reproduction.assembly.assemble`).
"""

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from .assembly import ClaimSet, assemble
from .claims import read_claims
from .comparison import comparison_step, explain, read_comparison, read_sweeps
from .io import read_json, write_table
from .report import copy_figures, write_markdown

__all__ = ["HOOKS", "Judged", "Report", "comparison", "report"]

#: The hooks a paper's ``steps`` module gives the loop's two steps.
HOOKS = {"comparison": "comparison_parts", "report": "report_parts"}


@dataclass(frozen=True, eq=False)
class Judged:
    """What the comparison step judged, read back for the report: the judged ``cells``, the sweeps'
    ``readings`` (None where the paper has no sweep), the summary ``counts``, the judged ``claims``;
    ``figures``, each figure's link beside the report by its target id, and ``captions``, each
    figure's caption (the rule's ``params.captions``)."""

    cells: pd.DataFrame
    readings: pd.DataFrame | None
    counts: dict
    claims: pd.DataFrame
    figures: dict
    captions: dict


@dataclass(frozen=True, eq=False)
class Report:
    """A paper's parts of its report, which :func:`mavl.reproduction.assembly.assemble` places.

    ``claims`` are the claim sets shown (by default the judged claims, one set); the other fields
    are :func:`~mavl.reproduction.assembly.assemble`'s options of the same names.
    """

    title: str
    opening: list
    tables: list = field(default_factory=list)
    claims: list | None = None
    figures: list = field(default_factory=list)
    sections: list = field(default_factory=list)
    claims_notes: list = field(default_factory=list)
    figures_notes: list = field(default_factory=list)
    misses_notes: list = field(default_factory=list)
    column_labels: dict | None = None
    counted_claims: pd.DataFrame | None = None
    known_gaps: object = None


def comparison(job, hooks):
    """The comparison step: the paper's cells judged by the one rule, their misses explained by the
    sweeps (input ``sweeps``), its claims judged once; writes outputs ``comparison``, ``summary``
    and ``claims``, and returns :func:`~mavl.reproduction.comparison.comparison_step`'s
    ``(judged cells, readings, summary)``."""
    cells, claims = hooks.comparison_parts(job.input, job.params.settings)
    write_table(claims, job.output.claims)
    return comparison_step(job.input, job.output, cells, claims=claims)


def report(job, hooks):
    """The report step: the judged results read back, the figures copied beside the report, the
    paper's parts assembled; writes output ``report`` and its ``figures`` folder."""
    out = Path(job.output.report)
    cells = read_comparison(job.input.comparison)
    sweeps = job.input.get("sweeps")
    readings = explain(cells, read_sweeps(sweeps))[1] if sweeps is not None else None
    links = copy_figures(list(job.input.get("figures", [])), job.output.figures, out.parent)
    judged = Judged(cells, readings, read_json(job.input.summary), read_claims(job.input.claims), links,
                    dict(job.params.captions))
    parts = hooks.report_parts(job.input, job.params.settings, judged)
    claims = [ClaimSet(judged.claims)] if parts.claims is None else parts.claims
    write_markdown(assemble(parts.title, parts.opening, judged.counts, cells, readings, tables=parts.tables,
                            claims=claims, figures=parts.figures, sections=parts.sections,
                            claims_notes=parts.claims_notes, figures_notes=parts.figures_notes,
                            misses_notes=parts.misses_notes, column_labels=parts.column_labels,
                            counted_claims=parts.counted_claims, known_gaps=parts.known_gaps), out)
