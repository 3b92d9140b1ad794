"""The report pages (docs/reports/): one per committed report, in the papers' declared order.

Each page includes a committed Markdown report unchanged: ``reports/<paper>.md``, followed by the
reports of the paper's own scales that are committed (``reports/<paper>.<scale>.md``: Breiman's
readings, Valentini's full scale). The papers and their scales are the packages' declarations
(:mod:`mavl.reproduction.registry`), so a new paper's report is on the site with no page written:
the pages are written into docs/reports/ as the build starts (they are not committed) and listed
in the toctree of docs/reports/index.md, where its marker line stands.
"""

from pathlib import Path

from sphinx.util import logging

from mavl.reproduction.registry import declarations

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "reports"
INDEX = "reports/index"
MARKER = "% mavl-reports: the report pages go here"
PAGE = "```{{include}} ../../reports/{name}.md\n:relative-images:\n```\n"


def report_pages(root=ROOT):
    """The pages' names, ``<paper>`` then ``<paper>.<scale>`` for each committed report of its own scales."""
    pages = []
    for paper in declarations():
        pages.append(paper.name)
        pages += [f"{paper.name}.{scale}" for scale in paper.scales
                  if (root / "reports" / f"{paper.name}.{scale}.md").is_file()]
    return pages


def _write_pages(app):
    wanted = {f"{name}.md": PAGE.format(name=name) for name in report_pages()}
    for stale in set(p.name for p in PAGES.glob("*.md")) - set(wanted) - {"index.md"}:
        (PAGES / stale).unlink()        # a page of a report no longer committed
    for name, text in wanted.items():
        path = PAGES / name
        if not path.is_file() or path.read_text() != text:   # unchanged pages keep their time: no re-read
            path.write_text(text)


def fill_marker(docname, source, page, marker, text, subtype):
    """In the source of ``page`` (a ``source-read`` event's ``docname`` and ``source``), the line
    ``marker`` replaced by ``text()``; a page without that line is a build warning."""
    if docname != page:
        return
    if marker not in source[0]:
        logger.warning(f"no line '{marker}' to replace", location=page, type="mavl", subtype=subtype)
        return
    source[0] = source[0].replace(marker, text())


def _list_pages(app, docname, source):
    fill_marker(docname, source, INDEX, MARKER, lambda: "\n".join(report_pages()), "reports")


def setup(app):
    app.connect("builder-inited", _write_pages)
    app.connect("source-read", _list_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
