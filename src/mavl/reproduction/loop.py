"""The loop every paper runs, owned by the framework: its cells and claims judged once (the
comparison step), then its report assembled from what was judged and the paper's own parts (the
report step).

A paper gives two hooks, in its ``steps`` module, one signature each:

* ``comparison_parts(inputs, settings, claims_config)`` returns the :class:`Comparison` of its
  published cells beside their reproduction, not yet judged
  (:func:`mavl.reproduction.comparison.cell_frame`), and its judged claims (``ClaimRegistry.judge``
  rows, as a DataFrame) — ``claims_config`` is the workflow config's ``claims`` section (the
  resamples a claim is judged on);
* ``report_parts(inputs, settings, judged)`` returns the :class:`Report` of its parts, given the
  :class:`Judged` results.

``inputs`` are the rule's named inputs, ``settings`` its ``params.settings``. The workflow makes the
two rules, ``<prefix>comparison`` and ``<prefix>report``, from the paper's declaration
(``paper_loop`` in ``workflow/rules/common.smk``); their steps are :func:`comparison` and
:func:`report`. The comparison writes ``comparison.csv``, its summary, ``claims.csv`` and, where the
paper has sweeps (input ``sweeps``), the readings that explain its misses; the report reads them
back, with the figures (input ``figures``, copied beside the report) and the paper's known gaps
(input ``gaps``), and writes the report in the
framework's order (:func:`mavl.reproduction.assembly.assemble`). Either step writes a paper's other
tables (``files``) to the rule's outputs of the same names.
"""

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from .assembly import ClaimSet, assemble
from .claims import read_claims
from .comparison import comparison_step, read_comparison, read_sweeps
from .io import read_json, write_table
from .report import copy_figures, known_gaps, write_markdown

__all__ = ["HOOKS", "Comparison", "Judged", "Report", "comparison", "report"]

#: The hooks a paper's ``steps`` module gives the loop's two steps.
HOOKS = {"comparison": "comparison_parts", "report": "report_parts"}


@dataclass(frozen=True, eq=False)
class Comparison:
    """A paper's side of its comparison: its ``cells``, not yet judged; its judged ``claims``;
    ``counted``, the claims its summary counts (by default all of them: a paper that judges its
    claims under several readings counts its headline's, one that writes a second claim set in
    ``files`` counts both); ``files``, other tables the step writes, each to the rule's output of the
    same name; ``sweeps``, sweep rows of its own (computed, not run), judged before those of the
    input ``sweeps``."""

    cells: pd.DataFrame
    claims: pd.DataFrame
    counted: pd.DataFrame | None = None
    files: dict = field(default_factory=dict)
    sweeps: pd.DataFrame | None = None


@dataclass(frozen=True, eq=False)
class Judged:
    """What the comparison step judged, read back for the report: the judged ``cells``, the sweeps'
    ``readings`` (None where the paper has no sweep), the summary ``counts``, the judged ``claims``;
    ``figures``, each figure's link beside the report by its target id, and ``captions``, each
    figure's caption (the rule's ``params.captions``); ``known_gaps``, the reasons the paper's
    ``resources/published/<paper>/known_gaps.csv`` gives by claim or target id (input ``gaps``;
    empty where it has none), which the answer gives beside each open claim."""

    cells: pd.DataFrame
    readings: pd.DataFrame | None
    counts: dict
    claims: pd.DataFrame
    figures: dict
    captions: dict
    known_gaps: pd.Series = field(default_factory=known_gaps)


@dataclass(frozen=True, eq=False)
class Report:
    """A paper's parts of its report, which :func:`mavl.reproduction.assembly.assemble` places.

    ``claims`` are the claim sets shown (by default the judged claims, one set); ``readings``, the
    sweeps' readings shown (by default all of :class:`Judged`'s); ``files``, other tables the step
    writes, each to the rule's output of the same name; the other fields are
    :func:`~mavl.reproduction.assembly.assemble`'s options of the same names.
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
    readings: pd.DataFrame | None = None
    files: dict = field(default_factory=dict)


def _write_files(files, outputs):
    for name, table in files.items():
        write_table(table, outputs[name])


def comparison(job, hooks):
    """The comparison step: the paper's cells judged by the one rule, their misses explained by the
    sweeps (input ``sweeps``), its claims judged once; writes outputs ``comparison``, ``summary``,
    ``claims``, ``readings`` (where the rule has sweeps) and the paper's other files, and returns
    :func:`~mavl.reproduction.comparison.comparison_step`'s ``(judged cells, readings, summary)``."""
    parts = hooks.comparison_parts(job.input, job.params.settings, job.params.claims)
    write_table(parts.claims, job.output.claims)
    _write_files(parts.files, job.output)
    counted = parts.claims if parts.counted is None else parts.counted
    sweeps = None
    if parts.sweeps is not None:
        sweeps = pd.concat([parts.sweeps, read_sweeps(job.input.get("sweeps", []))], ignore_index=True)
    judged = comparison_step(job.input, job.output, parts.cells, claims=counted, sweeps=sweeps)
    if job.output.get("readings") is not None:
        write_table(judged[1], job.output.readings)
    return judged


def report(job, hooks):
    """The report step: the judged results read back, the figures copied beside the report, the
    paper's parts assembled; writes output ``report``, its ``figures`` folder and the paper's other
    files."""
    out = Path(job.output.report)
    cells = read_comparison(job.input.comparison)
    readings = pd.read_csv(job.input.readings) if job.input.get("readings") is not None else None
    links = copy_figures(list(job.input.get("figures", [])), job.output.figures, out.parent)
    judged = Judged(cells, readings, read_json(job.input.summary), read_claims(job.input.claims), links,
                    dict(job.params.captions), known_gaps(job.input.get("gaps")))
    parts = hooks.report_parts(job.input, job.params.settings, judged)
    _write_files(parts.files, job.output)
    claims = [ClaimSet(judged.claims)] if parts.claims is None else parts.claims
    readings = readings if parts.readings is None else parts.readings
    write_markdown(assemble(parts.title, parts.opening, judged.counts, cells, readings, tables=parts.tables,
                            claims=claims, figures=parts.figures, sections=parts.sections,
                            claims_notes=parts.claims_notes, figures_notes=parts.figures_notes,
                            misses_notes=parts.misses_notes, column_labels=parts.column_labels,
                            counted_claims=parts.counted_claims, known_gaps=judged.known_gaps), out)
