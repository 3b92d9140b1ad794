"""A paper's report, assembled in one order for every paper.

The title; the answer (:mod:`mavl.reproduction.answer`: whether the paper reproduces, the share of
cells that agree, the unexplained cells and the claims that fail or are undecided, linked); what the
document is; the summary of the comparison with its cells by table; every unexplained cell and every
open claim with its numbers; every table beside the published one; the claims, judged on both sides
and against their noise; the figures; the misses and how the sweeps explain them; then the paper's
own sections. :func:`assemble` gives the lines, from the comparison step's results
(:func:`mavl.reproduction.comparison.comparison_step`) and the blocks of
:mod:`mavl.reproduction.report`; :func:`~mavl.reproduction.report.write_markdown` writes them with
their contents.
"""

from dataclasses import dataclass, field

import pandas as pd

from .answer import answer_lines, open_claims_lines, sampling_lines, unexplained_lines
from .comparison import LEGEND, breakdown_lines, misses_lines, render_table, summary_lines
from .report import claims_rows, figure_lines, reading_changes_lines, resolve_links

__all__ = ["ClaimSet", "Figure", "Section", "Table", "assemble"]


@dataclass(frozen=True)
class Table:
    """A published table, shown cell by cell under its heading ``### <target>``.

    ``target`` is its id in the comparison; ``digits`` the decimals its cells are printed with;
    ``row_label`` the header of its row labels; ``caption`` what the paper calls it, under the
    heading: one line, or several (its blank lines included).
    """

    target: str
    digits: int
    row_label: str = "row"
    caption: str | tuple = ()

    def caption_lines(self):
        return [self.caption, ""] if isinstance(self.caption, str) else list(self.caption)


@dataclass(frozen=True, eq=False)
class ClaimSet:
    """Judged claims (``ClaimRegistry.judge`` rows), under ``heading`` where a paper has several sets
    (one per chapter, or per reading), with the ``notes`` that close the set."""

    judged: pd.DataFrame
    heading: str | None = None
    notes: tuple = ()


@dataclass(frozen=True)
class Figure:
    """A figure: its label, its link beside the report, its caption and the scale it was drawn at."""

    label: str
    link: str
    caption: str
    scale: str


@dataclass(frozen=True)
class Section:
    """One of the paper's own sections, headed, after the framework's."""

    heading: str
    lines: list = field(default_factory=list)


def _typed(parts, kind, name):
    """``parts`` as a list, each a ``kind``: a part of another shape is refused by name."""
    if not isinstance(parts, list | tuple):
        raise TypeError(f"assemble: {name} is a list of {kind.__name__}, got {type(parts).__name__}")
    parts = list(parts)
    for part in parts:
        if not isinstance(part, kind):
            raise TypeError(f"assemble: every one of {name} is a {kind.__name__}, got {type(part).__name__}")
    return parts


def assemble(title, opening, counts, cells, readings, *, tables=(), claims=(), figures=(), sections=(),
             claims_notes=(), figures_notes=(), misses_notes=(), column_labels=None, counted_claims=None,
             known_gaps=None):
    """The lines of a paper's report, in the framework's order; :func:`write_markdown` adds the
    contents.

    Parameters
    ----------
    title : str
        The report's title (its ``#`` heading).
    opening : list of str
        What the document is and where the numbers come from, before the summary.
    counts, cells, readings
        The comparison step's summary, judged cells and sweep readings
        (:func:`mavl.reproduction.comparison.comparison_step`).
    tables : list of Table
        The published tables, in the report's order.
    claims : list of ClaimSet
        The judged claims, shown with their verdict counts: one set, or several, each headed.
    figures : list of Figure
    sections : list of Section
        The paper's own sections, last.
    claims_notes, figures_notes, misses_notes : list of str
        Lines under all the claims (their replicates, known gaps, the tests behind them); under the
        figures' heading, before them (where they were drawn from); closing the misses' section
        (what the sweeps show beyond each group's verdict).
    column_labels : dict or None
        How the tables head each column id (the id itself where missing).
    counted_claims : DataFrame or None
        The claims the summary counts, whose open ones the answer lists, where they are not all the
        sets' (say those of the headline reading only).
    known_gaps : Series, dict or None
        The paper's known reasons by claim id, shown with each open claim.
    """
    tables = _typed(tables, Table, "tables")
    sets = _typed(claims, ClaimSet, "claims")
    figures = _typed(figures, Figure, "figures")
    sections = _typed(sections, Section, "sections")
    if counted_claims is None and sets:
        counted_claims = pd.concat([claim_set.judged for claim_set in sets], ignore_index=True)
    order = [table.target for table in tables]
    shown = {"order": order, "digits": {table.target: table.digits for table in tables},
             "column_labels": column_labels}
    lines = [f"# {title}", "", *answer_lines(counts, cells, counted_claims, **shown),
             *opening, *([""] if opening else []), "## Summary", "", *summary_lines(counts),
             *breakdown_lines(cells, order), *unexplained_lines(cells, **shown),
             *open_claims_lines(counted_claims, known_gaps), *sampling_lines(cells, **shown)]
    if tables:
        lines += ["## Tables beside the published", "", LEGEND, ""]
        for table in tables:
            lines += [f"### {table.target}", "", *table.caption_lines()]
            lines += render_table(cells, table.target, table.digits, table.row_label,
                                  column_labels=column_labels)
    if sets:
        lines += ["## Claims", ""]
        for claim_set in sets:
            lines += [f"### {claim_set.heading}", ""] if claim_set.heading else []
            lines += claims_rows(claim_set.judged) + _closed(list(claim_set.notes))
        lines += _closed(list(claims_notes))
        lines += reading_changes_lines([(claim_set.heading, claim_set.judged) for claim_set in sets])
    if figures:
        lines += ["## Figures", "", *figures_notes]
        for figure in figures:
            lines += figure_lines(figure.label, figure.link, figure.caption, figure.scale)
    lines += misses_lines(cells, readings) + list(misses_notes)
    for section in sections:
        closed = [""] if not section.lines or section.lines[-1] else []
        lines += [f"## {section.heading}", "", *section.lines, *closed]
    return resolve_links(lines)


def _closed(notes):
    """``notes`` ending with a blank line, so that they do not run into the next heading."""
    return [*notes, ""] if notes and notes[-1] else list(notes)
