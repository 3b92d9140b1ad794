"""The report pages' verdicts in colour: each judged cell of a report's *Tables beside the
published* is coloured by its verdict (agrees, explained, unexplained, not reproduced), its
published and reproduced numbers on lines of their own.

For the site only, at build time: the reports (reports/*.md, read on GitHub too) stay as the
workflow writes them. A judged cell reads ``published ±se / reproduced ±se [low, high] mark``
(``mavl.reproduction.comparison.render_cell``), its verdict told by its mark (``MARKS``: none for
a cell that agrees); the marks stay, so the colour is never the only signal. Only the section the
framework fills with judged cells is read: elsewhere in a report "a / b" pairs carry no verdict
(Valentini's settings), and † may mean something else (its flags of the printed numbers). A
report written before the framework gathered its judged tables under that heading (Valentini's
full scale, reports/valentini2003.full.md, until its next run) stays uncoloured.
"""

import re

from docutils import nodes
from sphinx.util import logging

from mavl.reproduction.comparison import MARKS

logger = logging.getLogger(__name__)

#: The report pages: ``reports/<paper>``, every page of docs/reports/ but its index.
REPORTS = re.compile(r"^reports/(?!index$)[\w.]+$")
#: The heading under which the framework prints every judged table (mavl.reproduction.assembly).
JUDGED_SECTION = "Tables beside the published"
#: A verdict by its mark; a cell without one agrees.
VERDICT_OF_MARK = {mark.strip(): verdict for verdict, mark in MARKS.items() if mark.strip()}
NOT_REPRODUCED = "n.r."

_NUMBER = r"(?:-?\d+(?:\.\d+)?|—)"
_VALUE = rf"{_NUMBER}(?: ±{_NUMBER})?"          # a number with, where it has one, its SE
#: A judged cell as render_cell writes it (its *n.r.* read as text: MyST made it emphasis).
CELL = re.compile(rf"^(?P<published>{_VALUE}) / (?:(?P<not_reproduced>{re.escape(NOT_REPRODUCED)})|"
                  rf"(?P<reproduced>{_VALUE})(?: (?P<interval>\[{_NUMBER}, {_NUMBER}\]))?"
                  rf"(?: (?P<mark>{'|'.join(map(re.escape, VERDICT_OF_MARK))}))?)$")


def verdict_class(verdict):
    """The class of a cell of this verdict: ``mavl-agrees``, ``mavl-not-reproduced``."""
    return "mavl-" + verdict.replace(" ", "-")


def _span(text, name):
    return nodes.inline(text, text, classes=[f"mavl-{name}"])


def cell_nodes(text):
    """``(verdict, [nodes])`` of a judged cell's text: the published line and the reproduced line
    (its interval and mark each in a span of its own), the " / " between them kept for a reader
    that copies the cell or reads it aloud; ``None`` if the text is no judged cell."""
    match = CELL.match(text.strip())
    if match is None:
        return None
    published = nodes.inline("", "", _span(match["published"], "value"), classes=["mavl-published"])
    separator = _span(" / ", "separator")
    if match["not_reproduced"]:
        reproduced = [_span(NOT_REPRODUCED, "value")]
        verdict = "not reproduced"
    else:
        reproduced = [_span(match["reproduced"], "value")]
        reproduced += [nodes.Text(" "), _span(match["interval"], "interval")] if match["interval"] else []
        reproduced += [nodes.Text(" "), _span(match["mark"], "mark")] if match["mark"] else []
        verdict = VERDICT_OF_MARK.get(match["mark"], "agrees")
    return verdict, [published, separator, nodes.inline("", "", *reproduced, classes=["mavl-reproduced"])]


def colour_judged_cells(section):
    """Recast every judged cell of the tables under ``section``; how many were."""
    count = 0
    for entry in section.findall(nodes.entry):
        paragraphs = [child for child in entry.children if isinstance(child, nodes.paragraph)]
        found = cell_nodes(entry.astext()) if len(paragraphs) == 1 == len(entry.children) else None
        if found is None:
            continue
        verdict, children = found
        paragraphs[0].children = []
        paragraphs[0].extend(children)
        entry["classes"] += ["mavl-cell", verdict_class(verdict)]
        count += 1
    return count


def key(verdicts=("agrees", "explained", "unexplained", "not reproduced")):
    """A paragraph naming each verdict in its cells' colour, with its mark."""
    text = "On this site the cells are coloured by their verdict: "
    paragraph = nodes.paragraph("", text, classes=["mavl-key"])
    for i, verdict in enumerate(verdicts):
        mark = MARKS.get(verdict, "").strip() or (NOT_REPRODUCED if verdict == "not reproduced" else "")
        label = f"{verdict} {mark}".strip()
        paragraph += nodes.inline(label, label, classes=["mavl-cell", verdict_class(verdict)])
        paragraph += nodes.Text(", " if i < len(verdicts) - 1 else ".")
    return paragraph


def _colour_report(app, doctree, docname):
    if not REPORTS.match(docname):
        return
    sections = [section for section in doctree.findall(nodes.section)
                if section[0].astext() == JUDGED_SECTION]
    cells = sum(colour_judged_cells(section) for section in sections)
    if sections and cells == 0:         # the cells written another way: say so
        logger.warning(f"no judged cell under the heading '{JUDGED_SECTION}'",
                       location=docname, type="mavl", subtype="verdicts")
        return
    for section in sections:
        legend = next(iter(section.findall(nodes.paragraph)), None)
        if legend is not None:
            legend.parent.insert(legend.parent.index(legend) + 1, key())


def setup(app):
    app.connect("doctree-resolved", _colour_report)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
