"""HTML pages for Snakemake's report: a Markdown report as one self-contained page, tables as tables."""

import re

import pandas as pd
import pytest

from mavl.reproduction.figures import plt, save_figure
from mavl.reproduction.pages import markdown_page, table_page, table_pages
from mavl.reproduction.report import figure_lines, write_markdown


def _report(tmp_path):
    (tmp_path / "paper_figures").mkdir()
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    save_figure(fig, tmp_path / "paper_figures" / "figure_1.png")
    lines = ["# Paper (2001): reproduction report", "", "Opening.", "", "## Summary", "", "All agree.", "",
             "## Table 1: data sets", "", "| set | n |", "|---|---|", "| iris | 150 |", "",
             "## Figures", "",
             *figure_lines("Figure 1", "paper_figures/figure_1.png", "Error against B.", "quick")]
    write_markdown(lines, tmp_path / "paper.md")
    return tmp_path / "paper.md"


def test_a_report_page_embeds_its_figures_and_its_contents_links_resolve(tmp_path):
    markdown_page(_report(tmp_path), tmp_path / "page.html")
    page = (tmp_path / "page.html").read_text()
    assert "<title>Paper (2001): reproduction report</title>" in page
    sources = re.findall(r'<img [^>]*src="([^"]+)"', page)
    assert len(sources) == 1 and sources[0].startswith("data:image/png;base64,")
    assert "<td>iris</td>" in page and "<em>Figure 1.</em> Error against B." in page
    links = re.findall(r'href="#([^"]+)"', page)
    assert links and set(links) <= set(re.findall(r'id="([^"]+)"', page))


def test_a_report_whose_figure_is_missing_names_the_figure(tmp_path):
    report = _report(tmp_path)
    (tmp_path / "paper_figures" / "figure_1.png").unlink()
    with pytest.raises(FileNotFoundError, match="paper_figures/figure_1.png"):
        markdown_page(report, tmp_path / "page.html")
    assert not (tmp_path / "page.html").exists()


def test_table_pages_show_every_row_of_each_csv(tmp_path):
    frame = pd.DataFrame({"method": ["ECOC", "1NN", "a<b"], "B10": [41.4, 27.2, 1.0]})
    frame.to_csv(tmp_path / "table_2_10.csv", index=False)
    table_pages([tmp_path / "table_2_10.csv"], tmp_path / "pages", "james1998")
    page = (tmp_path / "pages" / "table_2_10.html").read_text()
    assert page.count("<tr") == 4 and "<td>27.2</td>" in page   # the header and three rows
    assert "a&lt;b" in page                       # cells are escaped, never read as markup
    table_page(tmp_path / "table_2_10.csv", tmp_path / "one.html", "one")
    assert "<h1>one</h1>" in (tmp_path / "one.html").read_text()
