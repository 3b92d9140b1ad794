"""The figure gallery (docs/gallery.md): every figure of the five paper-scale reports, with its
caption, a link to the report section that shows it and the Snakemake rule that draws it.

It is written at build time from committed files only: the reports (reports/<paper>.md, read with
the Markdown parser MyST uses) and docs/figure_rules.csv (the figure → rule table, see
figure_rules.py). The links are MyST links to the report pages' heading anchors, computed as MyST
computes them, so a link that misses is a build warning (an error under ``-W``).
"""

from dataclasses import dataclass
from pathlib import Path

from figure_rules import PAPERS, ROOT, TABLE, read_table
from markdown_it import MarkdownIt
from myst_parser.slugs import github_slugify, unique_slug
from sphinx.util import logging

logger = logging.getLogger(__name__)
GALLERY = "gallery"
MARKER = "% mavl-gallery: the figures go here"


@dataclass
class Figure:
    paper: str
    name: str          # the PNG's stem: figure_2_3, algorithm_22_1
    label: str         # the report's alt text and caption label: "Figure 2.3"
    image: str         # path relative to reports/
    caption: str       # the report's caption, Markdown, without its leading label
    anchor: str        # the anchor, on the report page, of the heading the figure sits under


def _text(inline):
    """A heading's text as MyST slugs it: its plain-text and code children."""
    return "".join(child.content for child in inline.children or [] if child.type in ("text", "code_inline"))


def report_figures(paper, anchor_depth, root=ROOT):
    """The report's title and its figures in the order the report shows them."""
    tokens = MarkdownIt("commonmark").enable("table").parse((root / "reports" / f"{paper}.md").read_text())
    title, anchor, slugs, figures = None, None, set(), []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            inline = tokens[i + 1]
            title = title or inline.content
            slug = github_slugify(_text(inline)) if int(token.tag[1:]) <= anchor_depth else ""
            if slug:                   # MyST gives a heading deeper than anchor_depth, or one with an
                anchor = unique_slug(slug, slugs)              # empty slug, no anchor of its own
                slugs.add(anchor)
        elif token.type == "inline" and tokens[i - 1].type == "paragraph_open":
            for image in (child for child in token.children or [] if child.type == "image"):
                label, src = image.content, image.attrs["src"]
                caption = next(t.content for t in tokens[i + 1:] if t.type == "inline")
                figures.append(Figure(paper, Path(src).stem, label, src,
                                      caption.removeprefix(f"*{label}.*").strip(), anchor))
    return title, figures


def gallery_markdown(anchor_depth, root=ROOT):
    """The gallery's figures as MyST Markdown, a section per report; warns for a figure without a
    rule in the table and for a row of the table without a figure."""
    rules = read_table(TABLE)
    shown, lines = set(), []
    for paper in PAPERS:
        title, figures = report_figures(paper, anchor_depth, root)
        page = f"reports/{paper}.md"
        lines += [f"## {title.partition(':')[0]}", ""]
        if not figures:
            lines += [f"[The report]({page}) has tables and no figure.", ""]
            continue
        lines += [f"{len(figures)} figures, in the order of [the report]({page}).", "",
                  "::::{container} mavl-gallery", ""]
        for figure in figures:
            row = rules.get((paper, figure.name))
            if row is None:
                logger.warning(f"{paper}: no rule for {figure.image} in {TABLE.name}",
                               location=GALLERY, type="mavl", subtype="gallery")
                continue
            shown.add((paper, figure.name))
            link = f"{page}#{figure.anchor}"
            lines += [":::{container} mavl-figure", "",
                      f"[![{figure.label}](../reports/{figure.image})]({link})", "",
                      f"**[{figure.label}]({link})** · rule `{row['rule']}` ({row['rule_file']})", "",
                      figure.caption, "", ":::", ""]
        lines += ["::::", ""]
    for paper, name in sorted(set(rules) - shown):
        logger.warning(f"{TABLE.name} names {paper}/{name}, which no report shows",
                       location=GALLERY, type="mavl", subtype="gallery")
    return "\n".join(lines)


def _insert_figures(app, docname, source):
    if docname != GALLERY:
        return
    if MARKER not in source[0]:
        logger.warning(f"no line '{MARKER}' to replace", location=GALLERY, type="mavl", subtype="gallery")
        return
    for paper in PAPERS:
        app.env.note_dependency(str(ROOT / "reports" / f"{paper}.md"))
    app.env.note_dependency(str(TABLE))
    source[0] = source[0].replace(MARKER, gallery_markdown(app.config.myst_heading_anchors))


def setup(app):
    app.connect("source-read", _insert_figures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
