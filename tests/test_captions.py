"""Every figure of every committed report has its own caption, and the reports show it.

The captions live in ``workflow/report/<paper>/figures/<target>.rst``: Snakemake's HTML report renders
them under each figure, and each paper's Markdown report prints the same words under the image.
"""

import re
from pathlib import Path

import pytest
import yaml
from docutils.core import publish_parts

from mavl.reproduction.targets import declared_by_paper

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"
FIGURE_FOLDERS = sorted(p for p in REPORTS.glob("*_figures") if p.is_dir())
FIGURES = [(folder, png) for folder in FIGURE_FOLDERS for png in sorted(folder.glob("*.png"))]


def _paper(folder):
    return folder.name.split(".")[0].removesuffix("_figures")


def _caption(folder, png):
    return ROOT / "workflow" / "report" / _paper(folder) / "figures" / f"{png.stem}.rst"


def test_the_papers_with_committed_figures_are_those_that_declare_figures():
    config = {**yaml.safe_load((ROOT / "config.yaml").read_text()), "scale": "paper"}
    drawing = {paper for paper, targets in declared_by_paper(config).items()
               if any(target.kind == "figure" for target in targets)}
    assert {_paper(f) for f in FIGURE_FOLDERS} == drawing
    assert len(drawing) >= 4                     # Breiman's report has tables only


@pytest.mark.parametrize("folder, png", FIGURES, ids=[f"{f.name}/{p.name}" for f, p in FIGURES])
def test_each_figure_has_a_caption_that_says_what_is_plotted_and_what_was_published(folder, png):
    path = _caption(folder, png)
    assert path.is_file(), f"no caption file {path.relative_to(ROOT)}"
    text = path.read_text().strip()
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
    assert len(sentences) >= 2, f"{path.name}: say what is plotted and what the published marks are"
    assert re.search(r"publish|print", text), f"{path.name}: say what was published (or that nothing was)"
    assert not text.lower().startswith(("figure", "fig.")), f"{path.name}: the report adds the figure's name"
    # Read as reStructuredText by Snakemake's report: it must render without warnings.
    publish_parts(text, writer="html", settings_overrides={"halt_level": 2, "report_level": 5})


MARKDOWN_REPORTS = sorted(p for p in REPORTS.glob("*.md") if p.stem.split(".")[0] != "README")


@pytest.mark.parametrize("report", MARKDOWN_REPORTS, ids=lambda p: p.name)
def test_every_image_of_a_committed_report_has_its_caption_under_it(report):
    lines = report.read_text().splitlines()
    images = [i for i, line in enumerate(lines) if line.startswith("![")]
    for i in images:
        label = lines[i][2:lines[i].index("]")]
        assert lines[i + 2].startswith(f"*{label}.* "), f"{report.name}: no caption under {lines[i]}"
        assert "scale.*" in lines[i + 2], f"{report.name}: the caption of {label} names no scale"
