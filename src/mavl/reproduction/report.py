"""Markdown building blocks of a reproduction report, shared by every paper.

A report is assembled in one order (:func:`mavl.reproduction.assembly.assemble`) from these
blocks and the comparison's: the claims table with its verdict count, known-gap notes, paired
tests, plain tables of a result CSV, and figures copied beside the report (which is committed
while ``results/`` is not).
"""

import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = [
    "claims_rows",
    "reading_changes_lines",
    "noise_counts",
    "comparison_table",
    "copy_figures",
    "figure_lines",
    "fmt",
    "gap_notes",
    "github_slug",
    "heading_anchors",
    "heading_link",
    "known_gaps",
    "markdown_table",
    "paired_test_lines",
    "resolve_links",
    "table_of_contents",
    "write_markdown",
]

def fmt(value, digits=2):
    """A cell: — for missing, holds/fails for a verdict, ``digits`` decimals for a float."""
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "—"
    if isinstance(value, bool):
        return "holds" if value else "fails"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def comparison_table(compare, digits):
    """Rows ``method × B`` of a :func:`mavl.reproduction.compare.compare` frame, each cell
    *published / reproduced ±SE [95 % interval]*, ✗ beyond 3 combined SE, *undef.* where the
    reproduced cell is undefined."""
    grid = sorted(compare["B"].unique())
    lines = ["| method | " + " | ".join(f"B={b}" for b in grid) + " |", "|---|" + "---|" * len(grid)]
    for method, rows in compare.groupby("method", sort=False):
        cells = []
        for b in grid:
            row = rows[rows["B"] == b].iloc[0]
            if row["undefined"]:
                cells.append(f"{row['published']:.{digits}f} / undef.")
                continue
            mark = "" if row["within_3se"] else " ✗"
            cells.append(f"{row['published']:.{digits}f} / {row['reproduced']:.{digits}f}"
                         f" ±{fmt(row['se'], digits + 1)} [{fmt(row['ci_low'], digits)}, "
                         f"{fmt(row['ci_high'], digits)}]{mark}")
        lines.append(f"| {method} | " + " | ".join(cells) + " |")
    return lines


def _cell(text):
    """A table cell's text: a literal bar (as in |x|) would end the cell; one already escaped is kept."""
    return re.sub(r"(?<!\\)\|", r"\\|", str(text))


def claims_rows(claims):
    """A Markdown claims table (from ``ClaimRegistry.judge``), header included, and a count of the
    verdicts.

    Where the claims were also judged on resamples of the replicates (``verdict_reproduced``), the
    table shows that verdict with the share of resamples on which the claim holds, and each side's
    margin to the claim's threshold.
    """
    cell = _cell
    noise = "verdict_reproduced" in claims.columns
    if noise:
        lines = ["| claim | statement | published | reproduced | against noise | margin | "
                 "values (published) | values (reproduced) |", "|---|---|---|---|---|---|---|---|"]
    else:
        lines = ["| claim | statement | published | reproduced | values (published) | values (reproduced) |",
                 "|---|---|---|---|---|---|"]
    for row in claims.itertuples():
        against = ""
        if noise:
            share = "" if pd.isna(row.resample_share) else f" ({100 * row.resample_share:.0f} %)"
            margins = " / ".join(fmt(m, 3) if pd.notna(m) else "—"
                                 for m in (row.margin_published, row.margin_reproduced))
            verdict = row.verdict_reproduced if isinstance(row.verdict_reproduced, str) else ""
            against = f" {verdict or '—'}{share} | {margins} |"
        lines.append(f"| {row.claim_id} | {cell(_statement(row))} | {fmt(row.holds_published)} | "
                     f"{fmt(row.holds_reproduced)} |{against} {cell(row.values_published)} | "
                     f"{cell(row.values_reproduced)} |")
    judged = claims["holds_reproduced"].notna().sum()
    held = claims["holds_reproduced"].eq(True).sum()
    lines += ["", f"{held} of {judged} claims judged on the reproduced numbers hold; "
              f"{claims['holds_published'].eq(True).sum()} of {claims['holds_published'].notna().sum()} "
              "judged on the published numbers hold (— marks a claim the source gives no numbers "
              "for, or an informational count)."]
    if noise:
        counts = noise_counts(claims)
        lines += [f"Against the replicates' noise (the claim re-judged on bootstrap resamples of the "
                  f"replicates, the same draws for every claim; the share of resamples on which it "
                  f"holds in brackets; undecided between 5 % and 95 %; without replicates, the point "
                  f"verdict): {counts['holds']} hold, {counts['fails']} fail, {counts['undecided']} "
                  f"undecided. Margin: the claim's number minus its threshold, published / reproduced "
                  f"(positive: holds)."]
    return lines + [""]


def _statement(row):
    """A claim's statement, then the document's sentence it stands for, its place and how its words
    read (decision 6), where the claim carries them."""
    quote = getattr(row, "quote", "")
    if getattr(row, "quantifier", "") == "informational" and not _text(quote):
        return f"{row.statement}<br>(informational: no sentence of the document states it)"
    if not isinstance(quote, str) or not quote:
        return row.statement
    place = f", {row.place}" if isinstance(row.place, str) and row.place else ""
    note = f" {row.note}" if isinstance(getattr(row, "note", ""), str) and row.note else ""
    return f"{row.statement}<br>*“{_quoted(quote)}”* ({row.quantifier}{place}).{note}"


def _verdicts(holds_published, holds_reproduced, verdict, share):
    """``published holds / reproduced fails, against noise undecided (40 %)``: a reading's verdicts."""
    noise = ""
    if isinstance(verdict, str) and verdict:
        noise = f", against noise {verdict}" + ("" if pd.isna(share) else f" ({100 * share:.0f} %)")
    return f"published {fmt(holds_published)} / reproduced {fmt(holds_reproduced)}{noise}"


def _text(value):
    """A text column's value; blank where missing (a claims frame read back from CSV has NaN)."""
    return value if isinstance(value, str) else ""


def _quoted(quote):
    """A document's sentence as quoted text in a table cell: its backticks escaped, so that markup
    the source carries (a ``:math:`…``` role) stays text and never opens code or a role."""
    return _cell(quote.replace("`", "\\`"))


def _same(before, after):
    """Whether two verdicts are the same, a missing one (None, NaN, "") equal only to another."""
    def norm(v):
        return "" if v is None or (isinstance(v, float) and np.isnan(v)) else str(v)
    return norm(before) == norm(after)


def reading_changes_lines(claims):
    """The section listing every claim whose reading changed (decision 6), the earlier reading and
    the new one with both verdicts, so that nothing moves silently (none changed: a line says so).

    ``claims``: judged claims (``ClaimRegistry.judge`` rows), or a list of ``(heading, claims)`` of
    several sets (one per reading of a paper, say), each claim then named with its set's heading.
    """
    sets = [(None, claims)] if claims is None or isinstance(claims, pd.DataFrame) else list(claims)
    sets = [(h, c) for h, c in sets if c is not None and "previous_statement" in c]
    if not sets:
        return []
    lines = ["## Claims whose reading changed", ""]
    changed = [(h, c[c["previous_statement"].map(_text) != ""]) for h, c in sets]
    n_changed = sum(len(c) for _, c in changed)
    if not n_changed:
        return lines + ["None: every claim reads as it did before its words were re-read (spec decision 6).",
                        ""]
    lines += ["Each claim is read from the document's own sentence by one table of quantifier words "
              "(spec decision 6): *every* asks every case the sentence covers, *most* more than half, "
              "*sometimes* nothing of the other cases, *about* no more than the largest difference the "
              "document prints. The claims below were read more strictly or more loosely before; both "
              "readings are judged on the same numbers.", "",
              "| claim | the document's words | earlier reading | its verdicts | reading now | its verdicts "
              "| why |",
              "|---|---|---|---|---|---|---|"]
    moved = []
    for heading, rows in changed:
        for row in rows.itertuples():
            name = f"{row.claim_id} ({heading})" if heading and len(sets) > 1 else row.claim_id
            place = f" ({row.place})" if _text(row.place) else ""
            words = f"*“{_quoted(row.quote)}”*{place}" if _text(row.quote) else "(no source sentence)"
            before = _verdicts(row.previous_holds_published, row.previous_holds_reproduced,
                               row.previous_verdict_reproduced, row.previous_resample_share)
            now = _verdicts(row.holds_published, row.holds_reproduced, row.verdict_reproduced,
                            row.resample_share)
            lines.append(f"| {name} | {words}, read as *{row.quantifier}* | "
                         f"{_cell(row.previous_statement)} | {before} | {_cell(row.statement)} | {now} | "
                         f"{_cell(_text(row.previous_why))} |")
            if not (_same(row.previous_verdict_reproduced, row.verdict_reproduced)
                    and _same(row.previous_holds_published, row.holds_published)):
                moved.append(name)
    return lines + ["", f"{n_changed} claims read anew; the verdict moved on {len(moved)} of them "
                        f"({', '.join(moved) or 'none'}).", ""]


def noise_counts(claims):
    """Claims holding, failing and undecided against the replicates' noise (``verdict_reproduced``)."""
    if "verdict_reproduced" not in claims:
        return dict.fromkeys(("holds", "fails", "undecided"), 0)
    verdicts = claims["verdict_reproduced"].fillna("")
    return {v: int((verdicts == v).sum()) for v in ("holds", "fails", "undecided")}


def known_gaps(path=None):
    """The reasons a paper's ``known_gaps.csv`` (``path``; None where the paper has none) gives for
    the misses it expects, by claim id or target id (``claim_or_target``)."""
    if path is None:
        return pd.Series(dtype=object, name="reason", index=pd.Index([], name="claim_or_target"))
    return pd.read_csv(path).set_index("claim_or_target")["reason"]


def gap_notes(claims, gaps):
    """A line for each claim with a known reason: why it fails, or that it holds unexpectedly.

    ``gaps`` maps a claim id to its reason (a paper's ``known_gaps.csv``).
    """
    lines = []
    verdicts = claims.set_index("claim_id")["holds_reproduced"]
    for claim in claims["claim_id"]:
        if claim not in gaps.index or verdicts[claim] is None:
            continue
        if verdicts[claim]:
            lines += [f"- **{claim} holds, where a miss was expected.** {gaps[claim]}"]
        else:
            lines += [f"- **{claim} not reproduced.** Likely reason: {gaps[claim]}"]
    return lines


def paired_test_lines(paired):
    """Per-claim summary of the paired tests, with every test in a collapsible table."""
    if paired is None or paired.empty:
        return []
    lines = ["### Paired tests behind the claims", "",
             "Every \"A beats B\" comparison a claim makes within one experiment, tested over the "
             "replicates both methods share (the same training sets): paired t-test, two-sided "
             "p-value. *Significant* means p < 0.05 with the difference in the claimed direction.", "",
             "| claim | comparisons | significant | largest p-value |", "|---|---|---|---|"]
    for claim, rows in paired.groupby("claim", sort=False):
        lines.append(f"| {claim} | {len(rows)} | {int(rows['significant_5pc'].sum())} | "
                     f"{rows['p_value'].max():.2g} |")
    lines += ["", "<details><summary>All paired tests</summary>", "",
              "| claim | experiment | better | worse | K | mean difference | t | p-value |",
              "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {r.claim} | {r.experiment} | {r.better} | {r.worse} | {r.K} | {r.mean_difference:+.2f} | "
              f"{r.t:.2f} | {r.p_value:.2g} |" for r in paired.itertuples()]
    return lines + ["", "</details>", ""]


def markdown_table(frame, max_rows=12):
    """The first ``max_rows`` rows of ``frame`` as a Markdown table (floats to 4 significant digits)."""
    shown = frame.head(max_rows)
    lines = ["| " + " | ".join(map(str, shown.columns)) + " |", "|" + "---|" * len(shown.columns)]
    for row in shown.itertuples(index=False):
        lines.append("| " + " | ".join(f"{v:.4g}" if isinstance(v, float) else str(v) for v in row) + " |")
    if len(frame) > max_rows:
        lines.append(f"\n({len(frame) - max_rows} more rows in the CSV.)")
    return lines


def figure_lines(label, png, caption, scale):
    """A figure of a report: the image, then its caption and the scale it was drawn at.

    ``caption`` is the figure's caption file's text (``workflow/report/<paper>/figures/``), the same
    words the HTML report shows under it.
    """
    return [f"![{label}]({png})", "", f"*{label}.* {caption} *Drawn at the {scale} scale.*", ""]


def copy_figures(pngs, folder, relative_to):
    """Copy figure PNGs beside the report, which is committed while ``results/`` is not.

    Returns ``{target: path relative to relative_to}`` for the report's links.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    links = {}
    for png in pngs:
        dest = folder / Path(png).name
        shutil.copyfile(png, dest)
        links[Path(png).stem] = dest.relative_to(relative_to).as_posix()
    return links


def github_slug(heading):
    """GitHub's anchor of a heading's text: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchor(heading, seen):
    """:func:`github_slug` with a ``-1``, ``-2`` suffix on repeats, as GitHub numbers them."""
    slug = github_slug(heading)
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"


def heading_anchors(lines):
    """Every heading of a report's lines, in order, as ``(index, level, text, anchor)``: its line's
    index, its level (the number of ``#``), its text and GitHub's anchor of it (:func:`github_slug`,
    a repeat numbered ``-1``, ``-2`` as GitHub numbers it). Headings inside fenced code are none."""
    seen, headings, fenced = {}, [], False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            text = line.lstrip("#").strip()
            headings.append((i, len(line) - len(line.lstrip("#")), text, _anchor(text, seen)))
    return headings


#: Mark a link until :func:`resolve_links` knows its anchor (private-use characters, never in a
#: report's text): ``_LINK text _TO heading _LINK``.
_LINK, _TO = "\ue000", "\ue001"


def heading_link(text, heading):
    """A Markdown link, ``text``, to the first line that reads ``heading`` (``"### table_2_2"``),
    left for :func:`resolve_links` to finish: a heading's anchor depends on every heading before it."""
    return f"{_LINK}{text}{_TO}{heading}{_LINK}"


def resolve_links(lines):
    """``lines`` with each :func:`heading_link` made a Markdown link to its heading's anchor
    (:func:`heading_anchors`); a link whose heading the lines do not have becomes its plain text."""
    anchors = {}
    for i, _, _, anchor in heading_anchors(lines):
        anchors.setdefault(lines[i], anchor)

    def resolve(match):
        text, anchor = match.group(1), anchors.get(match.group(2))
        return text if anchor is None else f"[{text}](#{anchor})"

    pattern = re.compile(f"{_LINK}([^{_LINK}{_TO}]*){_TO}([^{_LINK}]*){_LINK}")
    return [pattern.sub(resolve, line) for line in lines]


def table_of_contents(lines):
    """The report's lines with a "Contents" list of its sections (its ``##`` headings, linked)
    after the first section, so that the title, the opening paragraph and the summary stay first.

    A report with fewer than three sections, or one that already has its contents, is returned as
    it is. Headings inside fenced code are not sections.
    """
    sections = [(i, text, anchor) for i, level, text, anchor in heading_anchors(lines) if level == 2]
    if len(sections) < 3 or any(text == "Contents" for _, text, _ in sections):
        return list(lines)
    contents = ["## Contents", ""] + [f"- [{text}](#{anchor})" for _, text, anchor in sections[1:]] + [""]
    where = sections[1][0]
    return list(lines[:where]) + contents + list(lines[where:])


def write_markdown(lines, path):
    """Write the report's lines to ``path`` (UTF-8, one trailing newline), with its contents list."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text("\n".join(table_of_contents(lines)) + "\n", encoding="utf-8")
