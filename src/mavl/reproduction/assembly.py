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

import pandas as pd

from .answer import answer_lines, open_claims_lines, sampling_lines, unexplained_lines
from .comparison import LEGEND, breakdown_lines, misses_lines, render_table, summary_lines
from .report import claims_rows, figure_lines, reading_changes_lines, resolve_links

__all__ = ["assemble"]


def assemble(title, opening, counts, cells, readings, claims=None, tables=(), figures=(), sections=(),
             claims_notes=(), column_labels=None, misses_notes=(), figures_notes=(), counted_claims=None,
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
    claims : DataFrame, list of (str, DataFrame) or (str, DataFrame, list of str), or None
        The judged claims (``ClaimRegistry.judge`` rows), shown with their verdict counts; or
        several sets of them (say one per reading of the paper, or per chapter), each under its
        heading and, optionally, with its own notes; a dict ``{heading: claims}`` is such a list
        without notes.
    tables : list of (str, int), (str, int, str) or (str, int, str, str)
        Each table's target id in the comparison, the decimals its cells are printed with and,
        optionally, the header of its row labels (``"row"`` by default) and a caption under its
        heading (what the paper calls the table): one line, or several (a list, its blank lines
        included).
    figures : list of (str, str, str, str)
        Each figure's label, its link beside the report, its caption and the scale it was drawn at.
    sections : list of (str, list of str)
        The paper's own sections, headed and last.
    claims_notes : list of str
        Lines under the claims' table: what their replicates are, their known gaps, the tests
        behind them.
    column_labels : dict or None
        How the tables head each column id (the id itself where missing).
    figures_notes : list of str
        Lines under the figures' heading, before them: where they were drawn from.
    misses_notes : list of str
        Lines that close the misses' section: what the sweeps show beyond each group's verdict.
    counted_claims : DataFrame or None
        The claims the summary counts, whose open ones the answer lists, where they are not all of
        ``claims`` (say those of the headline reading only).
    known_gaps : Series, dict or None
        The paper's known reasons by claim id, shown with each open claim.
    """
    sets = _claim_sets(claims)
    if counted_claims is None and sets:
        counted_claims = pd.concat([judged for _, judged, _ in sets], ignore_index=True)
    order = [target for target, *_ in tables]
    shown = {"order": order, "digits": {target: digits for target, digits, *_ in tables},
             "column_labels": column_labels}
    lines = [f"# {title}", "", *answer_lines(counts, cells, counted_claims, **shown),
             *opening, *([""] if opening else []), "## Summary", "", *summary_lines(counts),
             *breakdown_lines(cells, order), *unexplained_lines(cells, **shown),
             *open_claims_lines(counted_claims, known_gaps), *sampling_lines(cells, **shown)]
    if tables:
        lines += ["## Tables beside the published", "", LEGEND, ""]
        for target, digits, *labels in tables:
            caption = labels[1] if labels[1:] else []
            lines += [f"### {target}", "", *([caption, ""] if isinstance(caption, str) else caption)]
            lines += render_table(cells, target, digits, *labels[:1], column_labels=column_labels)
    if sets:
        lines += ["## Claims", ""]
        for heading, judged, notes in sets:
            lines += [f"### {heading}", ""] if heading else []
            lines += claims_rows(judged) + _closed(notes)
        lines += _closed(list(claims_notes))
        lines += reading_changes_lines([(heading, judged) for heading, judged, _ in sets])
    if figures:
        lines += ["## Figures", "", *figures_notes]
        for label, link, caption, scale in figures:
            lines += figure_lines(label, link, caption, scale)
    lines += misses_lines(cells, readings) + list(misses_notes)
    for heading, body in sections:
        lines += [f"## {heading}", "", *body] + ([""] if not body or body[-1] else [])
    return resolve_links(lines)


def _claim_sets(claims):
    """The claims as a list of ``(heading or None, judged claims, notes)``."""
    if claims is None:
        return []
    if isinstance(claims, pd.DataFrame):
        return [(None, claims, [])]
    sets = list(claims.items()) if isinstance(claims, dict) else claims
    return [(heading, judged, notes[0] if notes else []) for heading, judged, *notes in sets]


def _closed(notes):
    """``notes`` ending with a blank line, so that they do not run into the next heading."""
    return [*notes, ""] if notes and notes[-1] else list(notes)
