"""Every report opens with its summary, then a contents list linking its sections."""

import re

import pandas as pd
import pytest

from mavl.reproduction.report import claims_rows, table_of_contents, write_markdown

REPORT = [
    "# A paper: reproduction report", "", "Intro.", "",
    "## Summary", "", "| cells |", "",
    "## Table 2.1: error rates (%)", "", "```", "## not a heading", "```", "",
    "### Detail", "", "## Misses, explained", "", "### Detail", "", "## Misses, explained", "",
]


def test_contents_follow_the_summary_and_link_github_anchors():
    out = table_of_contents(REPORT)
    start = out.index("## Contents")
    assert out[:start] == REPORT[:8]                      # title, intro and summary stay first
    assert out[start + 2:start + 5] == [
        "- [Table 2.1: error rates (%)](#table-21-error-rates-)",
        "- [Misses, explained](#misses-explained)",
        "- [Misses, explained](#misses-explained-1)",      # a repeated heading gets GitHub's suffix
    ]
    assert out[start + 6:] == REPORT[8:]


def test_short_reports_and_reports_with_contents_are_left_alone(tmp_path):
    short = ["# T", "## Summary", "## One"]
    assert table_of_contents(short) == short
    once = table_of_contents(REPORT)
    assert table_of_contents(once) == once
    write_markdown(REPORT, tmp_path / "r.md")
    assert (tmp_path / "r.md").read_text().count("## Contents") == 1


def test_claims_rows_escape_bars_once_so_the_table_keeps_its_columns():
    frame = pd.DataFrame([{"claim_id": "Q1", "statement": r"\|net variance\| and |x|",
                           "holds_published": None, "holds_reproduced": True,
                           "values_published": "|Sub−ECOC| 1.9", "values_reproduced": "v"}])
    row = claims_rows(frame)[2]
    assert row == r"| Q1 | \|net variance\| and \|x\| | — | holds | \|Sub−ECOC\| 1.9 | v |"
    assert len(re.findall(r"(?<!\\)\|", row)) == 7           # six cells, seven unescaped bars


def test_a_report_is_assembled_in_the_framework_order():
    """assemble: title, the answer, opening, summary with the cells by table, tables, claims,
    figures, misses, then the paper's own."""
    import pandas as pd

    from mavl.reproduction.assembly import ClaimSet, Figure, Section, Table, assemble
    from mavl.reproduction.comparison import summary

    cells = _one_cell("B1")
    claims = pd.DataFrame([{"claim_id": "C-1", "statement": "a holds", "holds_published": True,
                            "values_published": "1.0", "holds_reproduced": True, "values_reproduced": "1.1"}])
    lines = assemble("Toy: reproduction report", ["What it is."], summary(cells, claims), cells, None,
                     claims=[ClaimSet(claims)], tables=[Table("table_1", 1)],
                     figures=[Figure("Figure 1", "toy_figures/figure_1.png", "A caption.", "paper")],
                     sections=[Section("Departures", ["None."])])
    headings = [line for line in lines if line.startswith("#")]
    assert headings == ["# Toy: reproduction report", "## Summary", "### Cells by table",
                        "## Cells the published side's sampling error moved",
                        "## Tables beside the published", "### table_1", "## Claims", "## Figures",
                        "## Misses, explained", "## Departures"]
    assert lines[2].startswith("**Reproduces:** 1 of 1 compared cells agree, no cell misses")
    assert lines[lines.index("## Summary") - 2] == "What it is."          # after the answer
    assert "| a | 1.0 ±0.10 / 1.1 ±0.10" in "\n".join(lines)
    assert "![Figure 1](toy_figures/figure_1.png)" in lines
    assert "No sensitivity sweep has been run for this paper's misses." in lines
    assert assemble("T", [], summary(cells), cells, None).count("## Claims") == 0


def test_a_table_may_carry_a_caption_and_the_claims_their_notes():
    """A table's optional caption sits under its heading; the claims' notes follow their table."""
    from mavl.reproduction.assembly import ClaimSet, Table, assemble
    from mavl.reproduction.comparison import summary

    cells = _one_cell("B1")
    claims = pd.DataFrame([{"claim_id": "C-1", "statement": "a holds", "holds_published": True,
                            "values_published": "1.0", "holds_reproduced": True, "values_reproduced": "1.1"}])
    lines = assemble("T", [], summary(cells, claims), cells, None, claims=[ClaimSet(claims)],
                     tables=[Table("table_1", 1, "problem", "Table 1: errors.")],
                     claims_notes=["A note.", ""])
    start = lines.index("### table_1")
    assert lines[start + 1:start + 4] == ["", "Table 1: errors.", ""]
    assert lines[start + 4].startswith("| problem | B1 |")
    assert lines[lines.index("## Misses, explained") - 2] == "A note."


def test_claims_may_come_in_sets_the_columns_labelled_and_the_misses_closed_by_notes():
    """Several claim sets each under its heading with its notes; column labels; lines after the misses."""
    from mavl.reproduction.assembly import ClaimSet, Section, Table, assemble
    from mavl.reproduction.comparison import summary

    cells = _one_cell("b1")
    claims = pd.DataFrame([{"claim_id": "C-1", "statement": "a holds", "holds_published": True,
                            "values_published": "1.0", "holds_reproduced": True, "values_reproduced": "1.1"}])
    lines = assemble("T", [], summary(cells, claims), cells, None, tables=[Table("table_1", 1)],
                     claims=[ClaimSet(claims, "Reading x", ["- a note"]), ClaimSet(claims, "Reading y")],
                     column_labels={"b1": "B 1"}, misses_notes=["### Beyond the groups", ""],
                     sections=[Section("Own", ["text"])])
    assert any(line.startswith("| row | B 1 |") for line in lines)
    x, y = lines.index("### Reading x"), lines.index("### Reading y")
    assert lines[y - 3:y] == ["", "- a note", ""] and lines[x + 2].startswith("| claim |")
    assert lines[y + 2].startswith("| claim |")
    assert lines.count("| C-1 | a holds | holds | holds | 1.0 | 1.1 |") == 2
    assert lines.index("## Misses, explained") < lines.index("### Beyond the groups") < lines.index("## Own")


def test_a_table_caption_may_be_several_lines():
    """A caption given as a list is shown line for line, its blank lines included."""
    from mavl.reproduction.assembly import Table, assemble
    from mavl.reproduction.comparison import summary

    cells = _one_cell("B1")
    lines = assemble("T", [], summary(cells), cells, None,
                     tables=[Table("table_1", 1, "row", ["Table 1: errors.", "", "**Known gap.** x", ""])])
    start = lines.index("### table_1")
    assert lines[start + 1:start + 6] == ["", "Table 1: errors.", "", "**Known gap.** x", ""]
    assert lines[start + 6].startswith("| row | B1 |")


def test_claims_may_come_in_groups_and_the_figures_with_notes():
    """Claim sets give one headed table per group; the figures' notes precede the figures."""
    from mavl.reproduction.assembly import ClaimSet, Figure, assemble
    from mavl.reproduction.comparison import summary

    cells = _one_cell("B1")
    claims = pd.DataFrame([{"claim_id": f"C-{i}", "statement": "a holds", "holds_published": True,
                            "values_published": "1.0", "holds_reproduced": True, "values_reproduced": "1.1"}
                           for i in (1, 2)])
    lines = assemble("T", [], summary(cells, claims), cells, None,
                     claims=[ClaimSet(claims[:1], "Part one"), ClaimSet(claims[1:], "Part two")],
                     figures=[Figure("Figure 1", "f.png", "A caption.", "paper")],
                     figures_notes=["Drawn here.", ""])
    assert [line for line in lines if line.startswith("###")][1:3] == ["### Part one", "### Part two"]
    part_two = lines[lines.index("### Part two"):]
    assert part_two[4].startswith("| C-2 |") and not any("| C-1 |" in line for line in part_two)
    start = lines.index("## Figures")
    assert lines[start + 2:start + 5] == ["Drawn here.", "", "![Figure 1](f.png)"]


def _one_cell(column):
    """A judged comparison of one cell, table_1 row a, in ``column``."""
    from mavl.reproduction.comparison import cell_frame, judge

    return judge(cell_frame("toy", [
        {"target": "table_1", "row": "a", "column": column, "published": 1.0, "published_se": 0.1,
         "reproduced": 1.1, "reproduced_se": 0.1, "n_replicates": 5}]))


def test_a_part_of_another_shape_is_refused_by_name():
    """Each option takes one type of part: the tuples and dicts of old are a TypeError, not a guess."""
    from mavl.reproduction.assembly import ClaimSet, Table, assemble
    from mavl.reproduction.comparison import summary

    cells = _one_cell("B1")
    with pytest.raises(TypeError, match="every one of tables is a Table, got tuple"):
        assemble("T", [], summary(cells), cells, None, tables=[("table_1", 1)])
    claims = pd.DataFrame([{"claim_id": "C-1", "statement": "a holds", "holds_published": True,
                            "values_published": "1.0", "holds_reproduced": True, "values_reproduced": "1.1"}])
    with pytest.raises(TypeError, match="claims is a list of ClaimSet, got DataFrame"):
        assemble("T", [], summary(cells, claims), cells, None, claims=claims)
    assert "### table_1" in assemble("T", [], summary(cells), cells, None, tables=[Table("table_1", 1)],
                                     claims=[ClaimSet(claims)])
