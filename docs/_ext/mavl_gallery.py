"""The figure gallery (docs/gallery.md): every figure each paper declares, with the caption and the
section of the paper-scale report that shows it, the command that builds it, the numbers it plots
and the rule that draws it.

Written at build time, from one source each: the figures are the targets of kind ``figure`` that
each paper declares (``mavl.papers.<paper>.targets.declared_targets`` at the paper scale of
``config.yaml``, the declaration the workflow's rules ``<paper>_<id>`` are made from); their image,
caption and section come from the committed report, reports/<paper>.md, read with the Markdown
parser MyST uses. A click on a figure opens it at full size (_ext/mavl_layout.py links it to its
file), one on its label the report's section that shows it. Those links are MyST links to the report
pages' heading anchors, computed as MyST computes them, so a link that misses is a build warning (an
error under ``-W``), and so is a declared figure the report does not show, or a figure of the report
that no paper declares.

The numbers a figure plots are the CSV beside its PNG (``results/<paper>/<id>.csv``). The result
tree is not committed, but the paper scale's manifest stores every result table, byte for byte
(``reports/manifest.paper.values.tar.xz``, :mod:`mavl.reproduction.manifest`): the build copies
each figure's CSV from there into the site (``gallery/<paper>/<id>.csv``), checked against the
manifest's checksum, so the link works offline and in a fresh clone. The rule is the one Snakemake
says writes the figure's PNG (_ext/mavl_rules.py), linked to its line on its rule file's page.
"""

import functools
import hashlib
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

import mavl_rules
import yaml
from markdown_it import MarkdownIt
from mavl_reports import fill_marker
from myst_parser.slugs import github_slugify, unique_slug
from sphinx.util import logging

from mavl.reproduction import manifest
from mavl.reproduction.layout import PAPER_SCALE, manifest_path
from mavl.reproduction.registry import papers
from mavl.reproduction.targets import declared_by_paper

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[2]
GALLERY = "gallery"
MARKER = "% mavl-gallery: the figures go here"
#: The command a reader runs to rebuild one figure, as the README and the guide write it.
COMMAND = "snakemake --cores 2 {paper}_{id}"
#: Where the built site holds the figures' CSVs: gallery/<paper>/<id>.csv beside gallery.html.
DATA = "gallery"


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
    """A declared figure as the gallery shows it: the report's figure, the command building it, the
    CSV of the numbers it plots and the rule drawing it."""

    id: str
    figure: Figure
    command: str
    csv: str | None                  # results/<paper>/<id>.csv
    rule: mavl_rules.Rule | None

    def data(self):
        """Where the built site holds the CSV, relative to the gallery page."""
        return f"{DATA}/{Path(self.csv).relative_to('results').as_posix()}"


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


def declared_figures(root=ROOT):
    """``{paper: [Target]}``: the figures each paper declares at the paper scale, in its order."""
    config = {**yaml.safe_load((root / "config.yaml").read_text()), "scale": PAPER_SCALE}
    return {paper: [target for target in targets if target.kind == "figure"]
            for paper, targets in declared_by_paper(config, papers()).items()}


def _file(target, suffix):
    """The path of the target's file with this suffix (None if it has none)."""
    return next((f for f in target.files if f.endswith(suffix)), None)


def _png(target):
    """The name of the PNG among a target's files (None if it has none)."""
    png = _file(target, ".png")
    return png and Path(png).name


@functools.cache
def figure_rules(root=ROOT):
    """``{PNG path: Rule}``: the rule that draws each declared figure (one parse of the workflow)."""
    pngs = [_file(target, ".png") for declared in declared_figures(root).values() for target in declared]
    return mavl_rules.producers([png for png in pngs if png], root)


def gallery_figures(paper, declared, anchor_depth, root=ROOT, rules=None):
    """``(title, [GalleryFigure], problems)``: each figure ``declared`` for ``paper`` with the
    report's figure of the same PNG (the report rule copies ``results/<paper>/<name>.png`` beside
    the report), in the report's order, and the rule drawing it (``rules``, by default
    :func:`figure_rules`); ``problems`` names a declared figure the report does not show and a
    report figure that is not declared."""
    rules = figure_rules(root) if rules is None else rules
    title, shown = report_figures(paper, anchor_depth, root)
    unshown = {_png(target): target for target in declared}
    rows, problems = [], []
    for figure in shown:
        target = unshown.pop(Path(figure.image).name, None)
        if target is None:
            problems.append(f"{paper}: the report shows {figure.image}, which is no declared figure")
        else:
            rows.append(GalleryFigure(target.id, figure, COMMAND.format(paper=paper, id=target.id),
                                      _file(target, ".csv"), rules.get(_file(target, ".png"))))
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
                      f"![{figure.label}](../reports/{figure.image})", "",
                      f"**[{figure.label}]({link})** · `{row.command}`", "",
                      *_sources(row), figure.caption, "", ":::", ""]
        lines += ["::::", ""]
    return "\n".join(lines), problems


def _sources(row):
    """The line linking a figure's CSV and its rule (raw HTML: neither is a page of the site)."""
    links = []
    if row.csv:
        links.append(f'numbers: <a class="mavl-data" href="{row.data()}"><code>{row.csv}</code></a>')
    if row.rule:
        links.append(f'rule: <a class="mavl-rule" href="{row.rule.page()}"><code>{row.rule.name}</code></a>'
                     f" in <code>{row.rule.file}</code>")
    return [" · ".join(links), ""] if links else []


def plotted_numbers(root=ROOT):
    """``({CSV path: bytes}, problems)``: the CSV of every declared figure, from the paper scale's
    committed tables, each checked against the manifest's checksum."""
    wanted = {_file(target, ".csv") for declared in declared_figures(root).values() for target in declared}
    wanted.discard(None)
    listed, _ = manifest.read(root / manifest_path())
    found, problems = {}, []
    with tarfile.open(manifest.values_archive(root / manifest_path())) as tar:
        for member in tar:
            if member.name in wanted:
                data = tar.extractfile(member).read()
                if hashlib.sha256(data).hexdigest() == listed.get(member.name):
                    found[member.name] = data
                else:
                    problems.append(f"{member.name}: the stored table is not the one the manifest lists")
    problems += [f"{path}: not among the tables the manifest stores" for path in sorted(wanted - set(found))
                 if not any(path in problem for problem in problems)]
    return found, problems


def _copy_plotted_numbers(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    found, problems = plotted_numbers()
    for problem in problems:
        logger.warning(problem, location=GALLERY, type="mavl", subtype="gallery")
    for path, data in found.items():
        target = Path(app.outdir, DATA, Path(path).relative_to("results"))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


def _insert_figures(app, docname, source):
    fill_marker(docname, source, GALLERY, MARKER, lambda: _figures_text(app), "gallery")


def _figures_text(app):
    text, problems = gallery_markdown(app.config.myst_heading_anchors)
    # Rebuilt when a report, the config, the report index or a paper's declaration changes.
    read = [ROOT / "config.yaml"] + [ROOT / "reports" / f"{p}.md" for p in papers()]
    read += [sys.modules[f"mavl.papers.{p}.targets"].__file__ for p in papers()]
    read += sorted((ROOT / mavl_rules.RULES).rglob("*.smk"))
    for path in read:
        app.env.note_dependency(str(path))
    for problem in problems:
        logger.warning(problem, location=GALLERY, type="mavl", subtype="gallery")
    return text


def setup(app):
    app.connect("source-read", _insert_figures)
    app.connect("build-finished", _copy_plotted_numbers)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
