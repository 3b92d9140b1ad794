"""HTML pages for Snakemake's report: a paper's Markdown report as one page, and each result table as
a browsable table.

Snakemake's report shows HTML, images and PDFs in place but offers a CSV or a Markdown file only as
a download; these pages make both readable inside it. Each page is self-contained (figures embedded
as data URIs, the style inline), so it reads the same inside the report, opened on its own, or sent
to someone.
"""

import base64
import html
import re
from pathlib import Path

import markdown
import pandas as pd
from markdown.extensions.toc import TocExtension

from .io import write_text
from .report import github_slug

__all__ = ["PAGE_STYLE", "markdown_page", "table_page", "table_pages"]

#: One stylesheet for every page: readable width, striped tables, figures scaled to the page.
PAGE_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 1.5rem auto; padding: 0 1rem;
       line-height: 1.45; color: #222; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.85rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.45rem; text-align: left; vertical-align: top; }
th { background: #eef1f5; position: sticky; top: 0; }
tr:nth-child(even) td { background: #f8f9fb; }
img { max-width: 100%; height: auto; border: 1px solid #e3e3e3; }
code { background: #f3f3f3; padding: 0 0.2rem; }
"""

_IMAGE = re.compile(r'<img alt="([^"]*)" src="([^"]+\.png)"')


def _page(title, body):
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{html.escape(title)}'
            f"</title>\n<style>{PAGE_STYLE}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n")


def markdown_page(markdown_path, html_path):
    """Write a Markdown report as one HTML page, its PNG figures embedded (their links are relative
    to the report, as on GitHub). The page's title is the report's first heading."""
    markdown_path = Path(markdown_path)
    text = markdown_path.read_text()
    # Heading ids as GitHub makes them, so the report's Contents links work on the page too.
    toc = TocExtension(slugify=lambda value, separator: github_slug(value))
    body = markdown.markdown(text, extensions=["tables", toc], output_format="html")

    def embed(match):
        png = markdown_path.parent / match.group(2)
        if not png.is_file():
            raise FileNotFoundError(f"{markdown_path}: figure {match.group(2)} is not beside the report")
        data = base64.b64encode(png.read_bytes()).decode("ascii")
        return f'<img alt="{match.group(1)}" src="data:image/png;base64,{data}"'

    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("# ")),
                 markdown_path.stem)
    write_text(_page(title, _IMAGE.sub(embed, body)), html_path)


def table_page(csv_path, html_path, title):
    """Write one result CSV as an HTML table page headed by ``title``."""
    frame = pd.read_csv(csv_path, keep_default_na=False)
    table = frame.to_html(index=False, border=0, escape=True)
    write_text(_page(title, f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(Path(csv_path).as_posix())}"
                            f", {len(frame)} rows</p>\n{table}"), html_path)


def table_pages(csv_paths, folder, paper):
    """One :func:`table_page` per CSV into ``folder`` (created), named ``<table>.html``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for csv in map(Path, csv_paths):
        table_page(csv, folder / f"{csv.stem}.html", f"{paper}: {csv.stem}")
