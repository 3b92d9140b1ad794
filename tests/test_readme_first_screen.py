"""What a reader sees first in the README: what mavl is, the install line, the two commands and
where results land, before any figure; and a times table whose rows stay short."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
FIRST_SCREEN = 25           # lines


def _lines():
    return README.read_text(encoding="utf-8").splitlines()


def test_install_line_and_both_commands_come_within_the_first_screen():
    screen = "\n".join(_lines()[:FIRST_SCREEN])
    assert "pip install -r requirements/lock.txt" in screen
    assert re.search(r"^snakemake --cores \d+\s", screen, flags=re.M), "the main command"
    assert re.search(r"^python -m pytest -q\b", screen, flags=re.M), "the test command"
    assert "results/<paper>/" in screen and "reports/<paper>.md" in screen, "where results land"


def test_no_figure_comes_before_the_commands():
    lines = _lines()
    first_figure = next(i for i, line in enumerate(lines) if line.startswith("!["))
    first_command = next(i for i, line in enumerate(lines) if line.startswith("snakemake --cores"))
    assert first_command < first_figure


def test_each_row_of_the_times_table_keeps_its_details_short():
    # The details of a measurement belong in docs/guide/performance.rst; a row states its date,
    # commit and conditions in a few words, so that it renders on at most two lines.
    lines = _lines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| command |"))
    end = next(i for i in range(header, len(lines)) if not lines[i].startswith("|"))
    rows = lines[header + 2:end]
    assert rows
    long = [row for row in rows if len(row.strip("|").split("|")[-1].strip()) > 60]
    assert long == []
