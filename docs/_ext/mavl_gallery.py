"""The figure gallery (docs/gallery.md): every figure each paper declares, with the caption and the
section of the paper-scale report that shows it, and the command that builds it.

Written at build time, from one source each: the figures are the targets of kind ``figure`` that
each paper declares (``mavl.papers.<paper>.targets.declared_targets`` at the paper scale of
``config.yaml``, the declaration the workflow's rules ``<paper>_<id>`` are made from); their image,
caption and section come from the committed report, reports/<paper>.md, read with the Markdown
parser MyST uses. The links are MyST links to the report pages' heading anchors, computed as MyST
computes them, so a link that misses is a build warning (an error under ``-W``), and so is a
declared figure the report does not show, or a figure of the report that no paper declares.
"""

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import yaml
from markdown_it import MarkdownIt
from myst_parser.slugs import github_slugify, unique_slug
from sphinx.util import logging

from mavl.reproduction.layout import PAPER_SCALE, papers
from mavl.reproduction.targets import declared_by_paper

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
GALLERY = "gallery"
MARKER = "% mavl-gallery: the figures go here"
REPORTS_INDEX = Path("docs", "reports", "index.md")     # its toctree orders the papers
#: The command a reader runs to rebuild one figure, as the README and the guide write it.
COMMAND = "snakemake --cores 2 {paper}_{id}"


@dataclass
class Figure:
    paper: str
    name: str          # the PNG's stem: figure_2_3, algorithm_22_1
    label: str         # the report's alt text and caption label: "Figure 2.3"
    image: str         # path relative to reports/
    caption: str       # the report's caption, Markdown, without its leading label
    anchor: str        # the anchor, on the report page, of the heading the figure sits under


@dataclass
class GalleryFigure:
    """A declared figure as the gallery shows it: the report's figure and the command building it."""

    id: str
    figure: Figure
    command: str


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


def gallery_papers(root=ROOT):
    """Every paper package, in the order the site's report index lists their reports (a paper it
    does not list comes last)."""
    listed = re.findall(r"^(\w+)$", (root / REPORTS_INDEX).read_text(), flags=re.M)
    return sorted(papers(), key=lambda paper: listed.index(paper) if paper in listed else len(listed))


def declared_figures(root=ROOT):
    """``{paper: [Target]}``: the figures each paper declares at the paper scale, in its order."""
    config = {**yaml.safe_load((root / "config.yaml").read_text()), "scale": PAPER_SCALE}
    return {paper: [target for target in targets if target.kind == "figure"]
            for paper, targets in declared_by_paper(config, gallery_papers(root)).items()}


def _png(target):
    """The name of the PNG among a target's files (None if it has none)."""
    return next((Path(f).name for f in target.files if f.endswith(".png")), None)


def gallery_figures(paper, declared, anchor_depth, root=ROOT):
    """``(title, [GalleryFigure], problems)``: each figure ``declared`` for ``paper`` with the
    report's figure of the same PNG (the report rule copies ``results/<paper>/<name>.png`` beside
    the report), in the report's order; ``problems`` names a declared figure the report does not
    show and a report figure that is not declared."""
    title, shown = report_figures(paper, anchor_depth, root)
    unshown = {_png(target): target for target in declared}
    rows, problems = [], []
    for figure in shown:
        target = unshown.pop(Path(figure.image).name, None)
        if target is None:
            problems.append(f"{paper}: the report shows {figure.image}, which is no declared figure")
        else:
            rows.append(GalleryFigure(target.id, figure, COMMAND.format(paper=paper, id=target.id)))
    problems += [f"{paper}: the report shows no image of its declared figure {target.id}"
                 for target in unshown.values()]
    return title, rows, problems


def gallery_markdown(anchor_depth, root=ROOT):
    """The gallery's figures as MyST Markdown, a section per paper, and the problems found."""
    lines, problems = [], []
    for paper, declared in declared_figures(root).items():
        title, rows, found = gallery_figures(paper, declared, anchor_depth, root)
        problems += found
        page = f"reports/{paper}.md"
        lines += [f"## {title.partition(':')[0]}", ""]
        if not rows:
            lines += [f"[The report]({page}) has tables and no figure.", ""]
            continue
        lines += [f"{len(rows)} figures, in the order of [the report]({page}).", "",
                  "::::{container} mavl-gallery", ""]
        for row in rows:
            figure, link = row.figure, f"{page}#{row.figure.anchor}"
            lines += [":::{container} mavl-figure", "",
                      f"[![{figure.label}](../reports/{figure.image})]({link})", "",
                      f"**[{figure.label}]({link})** · `{row.command}`", "",
                      figure.caption, "", ":::", ""]
        lines += ["::::", ""]
    return "\n".join(lines), problems


def _insert_figures(app, docname, source):
    if docname != GALLERY:
        return
    if MARKER not in source[0]:
        logger.warning(f"no line '{MARKER}' to replace", location=GALLERY, type="mavl", subtype="gallery")
        return
    text, problems = gallery_markdown(app.config.myst_heading_anchors)
    # Rebuilt when a report, the config, the report index or a paper's declaration changes.
    read = [ROOT / "config.yaml", ROOT / REPORTS_INDEX] + [ROOT / "reports" / f"{p}.md" for p in papers()]
    read += [sys.modules[f"mavl.papers.{p}.targets"].__file__ for p in papers()]
    for path in read:
        app.env.note_dependency(str(path))
    for problem in problems:
        logger.warning(problem, location=GALLERY, type="mavl", subtype="gallery")
    source[0] = source[0].replace(MARKER, text)


def setup(app):
    app.connect("source-read", _insert_figures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
