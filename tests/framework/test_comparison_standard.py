"""The one comparison standard (mavl.reproduction.comparison): the agreement rule on hand-computed
cells, the published uncertainties, the summary, the renderer and the measured explanations."""

import numpy as np
import pandas as pd
import pytest

from mavl.reproduction import environment
from mavl.reproduction.comparison import (
    SWEEP_COLUMNS,
    VERDICTS,
    agrees,
    apply_reading,
    binomial_se,
    cell_frame,
    comparison_step,
    explain,
    judge,
    misses_lines,
    read_comparison,
    read_sweeps,
    render_cell,
    render_table,
    rounding_half_width,
    summary,
    summary_lines,
    write_comparison,
)


def _cells():
    # published, published_se, reproduced, reproduced_se: hand-computed combined SE and verdicts.
    return cell_frame("toy", [
        # |10 - 11.4| = 1.4; combined sqrt(0.3² + 0.4²) = 0.5; 3·0.5 = 1.5 → agrees
        {"target": "t1", "row": "a", "column": "x", "published": 10.0, "published_se": 0.3,
         "reproduced": 11.4, "reproduced_se": 0.4, "n_replicates": 10},
        # |10 - 11.6| = 1.6 > 1.5 → unexplained
        {"target": "t1", "row": "a", "column": "y", "published": 10.0, "published_se": 0.3,
         "reproduced": 11.6, "reproduced_se": 0.4, "n_replicates": 10},
        # published SE zero: combined = 0.2, 3·0.2 = 0.6; |5 - 5.6| = 0.6 → agrees (on the boundary)
        {"target": "t1", "row": "b", "column": "x", "published": 5.0, "published_se": 0.0,
         "reproduced": 5.6, "reproduced_se": 0.2, "n_replicates": 5},
        # published SE missing: counted as zero, |5 - 5.61| = 0.61 > 0.6 → a miss, explained by its reason
        {"target": "t1", "row": "b", "column": "y", "published": 5.0, "published_se": np.nan,
         "reproduced": 5.61, "reproduced_se": 0.2, "n_replicates": 5, "reason": "measured elsewhere"},
        # no reproduction: data unavailable
        {"target": "t1", "row": "c", "column": "x", "published": 7.0, "published_se": 0.1,
         "status": "not reproduced: data unavailable"},
        # substitute data: judged, but left out of the headline
        {"target": "t1", "row": "d", "column": "x", "published": 1.0, "published_se": 0.0,
         "reproduced": 9.0, "reproduced_se": 0.1, "n_replicates": 3, "substitute": True},
        # a re-print of cell (a, x)'s run: judged, counted once
        {"target": "t2", "row": "a", "column": "x", "published": 10.0, "published_se": 0.3,
         "reproduced": 11.4, "reproduced_se": 0.4, "n_replicates": 10, "repeat_of": "t1/a/x"},
    ])


def test_agreement_rule_on_hand_computed_cells():
    judged = judge(_cells())
    assert list(judged["verdict"]) == ["agrees", "unexplained", "agrees", "explained", "not reproduced",
                                       "unexplained", "agrees"]
    assert judged.loc[0, "combined_se"] == pytest.approx(0.5)
    assert judged.loc[2, "combined_se"] == pytest.approx(0.2)
    assert judged.loc[3, "combined_se"] == pytest.approx(0.2)          # the missing SE counts as zero
    assert judged.loc[1, "difference"] == pytest.approx(1.6)
    assert judged.loc[4, "reason"] == "not reproduced: data unavailable"


def test_both_se_missing_agrees_only_on_exact_match():
    ok, combined = agrees([1.0, 1.0], [1.0, 1.01], [np.nan, np.nan], [np.nan, np.nan])
    assert list(ok) == [True, False] and list(combined) == [0.0, 0.0]


def test_interval_uses_t_over_replicates_and_normal_for_one_binomial_error():
    judged = judge(cell_frame("toy", [
        {"target": "t", "row": "r", "column": "c", "published": 0.0, "reproduced": 10.0,
         "reproduced_se": 1.0, "n_replicates": 5},
        {"target": "t", "row": "r", "column": "d", "published": 0.0, "reproduced": 10.0,
         "reproduced_se": 1.0, "n_replicates": 1},
    ]))
    assert judged.loc[0, "ci_high"] - 10.0 == pytest.approx(2.7764451, rel=1e-6)   # t_{0.975, 4}
    assert judged.loc[1, "ci_high"] - 10.0 == pytest.approx(1.959964, rel=1e-6)     # z_{0.975}


def test_published_uncertainties():
    assert rounding_half_width("0.7") == pytest.approx(0.05)
    assert rounding_half_width(".14") == pytest.approx(0.005)
    assert rounding_half_width("12") == pytest.approx(0.5)
    assert rounding_half_width("2.50") == pytest.approx(0.005)
    assert np.isnan(rounding_half_width("")) and np.isnan(rounding_half_width("n/a"))
    # 10 % error on 100 points: sqrt(0.1·0.9/100) = 0.03 → 3 points
    assert binomial_se(10.0, 100) == pytest.approx(3.0)
    assert binomial_se(0.1, 100, percent=False) == pytest.approx(0.03)


def test_summary_counts_and_leaves_substitutes_out():
    judged = judge(_cells())
    claims = pd.DataFrame({"holds_published": [True, None, False], "holds_reproduced": [True, True, False]})
    counts = summary(judged, claims)
    assert (counts["cells"], counts["compared"], counts["substitute_cells"], counts["repeated_cells"]) == (
        5, 4, 1, 1)
    assert [counts[v.replace(" ", "_")] for v in VERDICTS] == [2, 1, 1, 1]
    assert (counts["claims_published_holding"], counts["claims_published_judged"]) == (1, 2)
    assert (counts["claims_reproduced_holding"], counts["claims_reproduced_judged"]) == (2, 3)
    text = "\n".join(summary_lines(counts))
    assert "| 4 | 2 (50.0 %) | 1 (25.0 %) | 1 (25.0 %) | 1 |" in text
    assert "1 further cells run on substitute data" in text
    assert text.endswith(environment.markdown_line() + "\n")      # the software it was built with


def test_renderer_draws_every_cell_with_its_mark():
    judged = judge(_cells())
    assert render_cell(judged.iloc[0]) == "10.0 ±0.30 / 11.4 ±0.40 [10.5, 12.3]"
    assert render_cell(judged.iloc[1]).endswith(" ✗")
    assert render_cell(judged.iloc[3]).startswith("5.0 / 5.6")  # no published SE shown where none
    assert render_cell(judged.iloc[3]).endswith(" †")
    assert render_cell(judged.iloc[4]) == "7.0 ±0.10 / *n.r.*"
    lines = render_table(judged, "t1", row_header="data set")
    assert lines[0] == "| data set | x | y |"
    assert lines[2].startswith("| a | 10.0 ±0.30 / 11.4")
    assert any(line.startswith("| d (substitute data) |") for line in lines)
    assert lines[4].startswith("| c | 7.0 ±0.10 / *n.r.* |")


def test_written_comparison_verdicts_follow_from_its_own_numbers(tmp_path):
    path = tmp_path / "comparison.csv"
    _, _, counts = write_comparison(_cells(), path, summary_path=tmp_path / "summary.json")
    back = read_comparison(path)
    assert counts["compared"] == 4 and (tmp_path / "summary.json").exists()
    assert list(back["verdict"]) == list(judge(back)["verdict"])


def test_the_comparison_step_reads_the_named_sweeps_and_writes_the_named_outputs(tmp_path):
    """The one comparison step: a miss explained by the sweep its rule names as input ``sweeps``,
    the same as :func:`write_comparison` given that sweep, and nothing explained without it."""
    cells = cell_frame("toy", [
        {"target": "t", "row": "a", "column": "x", "published": 1.0, "published_se": 0.1,
         "reproduced": 3.0, "reproduced_se": 0.1, "n_replicates": 5}])
    sweep = pd.DataFrame([
        {"group": "g", "reading": reading, "description": reading, "target": "t", "row": "a",
         "column": "x", "reproduced": value, "reproduced_se": 0.1, "n_replicates": 5}
        for reading, value in (("default", 3.0), ("longer", 1.1))])
    sweep.to_csv(tmp_path / "g.csv", index=False)
    outputs = {"comparison": tmp_path / "comparison.csv", "summary": tmp_path / "summary.json"}
    judged, readings, counts = comparison_step({"sweeps": [tmp_path / "g.csv"]}, outputs, cells)
    assert list(judged["verdict"]) == ["explained"] and "longer" in judged.loc[0, "reason"]
    assert list(readings.loc[readings["chosen"], "reading"]) == ["longer"]
    assert counts["compared"] == 1 and outputs["summary"].exists()
    expected, _, _ = write_comparison(cells, tmp_path / "direct.csv", sweeps=sweep)
    assert (tmp_path / "comparison.csv").read_bytes() == (tmp_path / "direct.csv").read_bytes()
    alone, _, _ = comparison_step({}, outputs, cells)
    assert list(alone["verdict"]) == ["unexplained"]


def test_explain_takes_the_reading_that_brings_most_misses_within_three_se():
    cells = judge(cell_frame("toy", [
        {"target": "t", "row": r, "column": "x", "published": 1.0, "published_se": 0.1,
         "reproduced": 3.0, "reproduced_se": 0.1, "n_replicates": 5} for r in ("a", "b", "c")]))
    assert (cells["verdict"] == "unexplained").all()
    sweep = pd.DataFrame([
        {"group": "g", "reading": "default", "description": "as built", "target": "t", "row": r,
         "column": "x", "reproduced": 3.0, "reproduced_se": 0.1, "n_replicates": 5} for r in "abc"] + [
        {"group": "g", "reading": "longer", "description": "T = 5000", "target": "t", "row": r,
         "column": "x", "reproduced": v, "reproduced_se": 0.1, "n_replicates": 5}
        for r, v in zip("abc", (1.2, 1.3, 2.5), strict=True)] + [
        {"group": "g", "reading": "other", "description": "other split", "target": "t", "row": r,
         "column": "x", "reproduced": v, "reproduced_se": 0.1, "n_replicates": 5}
        for r, v in zip("abc", (1.1, 2.9, 2.9), strict=True)])
    out, readings = explain(cells, sweep)
    assert list(out["verdict"]) == ["explained", "explained", "unexplained"]
    assert "longer" in out.loc[0, "reason"]
    chosen = readings[readings["chosen"]]
    assert list(chosen["reading"]) == ["longer"]
    assert int(chosen["misses_now_agreeing"].iloc[0]) == 2
    text = "\n".join(misses_lines(out, readings))
    assert "reproduced under reading `longer` for 2 of its 3 misses" in text


def test_explain_leaves_a_group_unexplained_when_no_reading_helps():
    cells = judge(cell_frame("toy", [{"target": "t", "row": "a", "column": "x", "published": 1.0,
                                      "published_se": 0.1, "reproduced": 3.0, "reproduced_se": 0.1,
                                      "n_replicates": 5}]))
    sweep = pd.DataFrame([{"group": "g", "reading": "other", "description": "d", "target": "t", "row": "a",
                           "column": "x", "reproduced": 2.9, "reproduced_se": 0.1, "n_replicates": 5}])
    out, readings = explain(cells, sweep)
    assert out.loc[0, "verdict"] == "unexplained"
    assert "**unexplained**" in "\n".join(misses_lines(out, readings))


def test_index_has_one_row_per_paper_with_its_counts():
    from mavl.reproduction.comparison import answer_line, index_lines
    counts = summary(judge(_cells()), pd.DataFrame({"holds_published": [True], "holds_reproduced": [False]}))
    noisy = summary(judge(_cells()), pd.DataFrame({"holds_published": [True, True, False],
                                                   "holds_reproduced": [False, True, True],
                                                   "verdict_reproduced": ["fails", "undecided", "holds"]}))
    lines = index_lines({"toy": counts, "other": noisy}, "quick")
    # Each paper's answer, the very line its report opens with, and the share that agrees.
    assert [line for line in lines if line.startswith("- [")] == [
        f"- [toy](toy.quick.md) (50.0 % agree): {answer_line(counts)}",
        f"- [other](other.quick.md) (50.0 % agree): {answer_line(noisy)}"]
    assert answer_line(noisy) == ("**Reproduces:** 2 of 4 compared cells agree; 1 miss unexplained, 1 "
                                  "explained; 1 of 3 claims hold against noise.")
    assert answer_line(counts).endswith("; 0 of 1 claims hold on the reproduced numbers.")
    rows = [line for line in lines if line.startswith("| [")]
    assert len(rows) == 2
    assert rows[0].startswith("| [toy](toy.quick.md) | 4 | 2 (50.0 %) | 1 (25.0 %) | 1 (25.0 %) | 1 |")
    assert rows[0].endswith("| 1 of 1 | 0 of 1 | — |")
    assert rows[1].endswith("| 2 of 3 | 2 of 3 | 1 / 1 / 1 |")
    missing = index_lines({"toy": None}, "paper")
    assert "- [toy](toy.md): not built at this scale by the run that wrote this index." in missing
    missing = [line for line in missing if line.startswith("| [")]
    assert missing == ["| [toy](toy.md) | not built at this scale by the run that wrote this index "
                       "| | | | | | | | | |"]


def test_a_reading_explains_only_what_the_same_cost_default_run_misses():
    # The full-cost build misses (3.0 ± 0.1 against 1.0 ± 0.1). The sweep runs with fewer samples:
    # there its default reading has SE 1.0 and already agrees, so the alternative, agreeing with the
    # same large SE, shows the cost, not the reading: no explanation.
    cells = judge(cell_frame("toy", [{"target": "t", "row": "a", "column": "x", "published": 1.0,
                                      "published_se": 0.1, "reproduced": 3.0, "reproduced_se": 0.1,
                                      "n_replicates": 50}]))
    sweep = pd.DataFrame([
        {"group": "g", "reading": "default", "description": "as built, 5 samples", "target": "t", "row": "a",
         "column": "x", "reproduced": 3.0, "reproduced_se": 1.0, "n_replicates": 5},
        {"group": "g", "reading": "other", "description": "d", "target": "t", "row": "a",
         "column": "x", "reproduced": 2.5, "reproduced_se": 1.0, "n_replicates": 5}])
    out, readings = explain(cells, sweep)
    assert out.loc[0, "verdict"] == "unexplained"
    assert int(readings.loc[readings["reading"] == "other", "misses_now_agreeing"].iloc[0]) == 1
    assert int(readings.loc[readings["reading"] == "other", "misses_explained"].iloc[0]) == 0


def test_a_group_without_misses_has_nothing_to_explain():
    cells = judge(cell_frame("toy", [{"target": "t", "row": "a", "column": "x", "published": 1.0,
                                      "published_se": 0.1, "reproduced": 1.1, "reproduced_se": 0.1,
                                      "n_replicates": 5}]))
    sweep = pd.DataFrame([{"group": "g", "reading": r, "description": "d", "target": "t", "row": "a",
                           "column": "x", "reproduced": 1.1, "reproduced_se": 0.1, "n_replicates": 5}
                          for r in ("default", "other")])
    out, readings = explain(cells, sweep)
    assert "nothing to explain" in "\n".join(misses_lines(out, readings))


def test_a_full_cost_reading_is_judged_beside_the_full_cost_default():
    # The build misses (3.0 ± 0.1 against 1.0 ± 0.1). A reduced-cost reading agrees, but so does
    # the reduced-cost default (large SE): no explanation. A full-cost reading agrees where the
    # full-cost default (its baseline) does not: it explains the miss.
    cells = judge(cell_frame("toy", [{"target": "t", "row": "a", "column": "x", "published": 1.0,
                                      "published_se": 0.1, "reproduced": 3.0, "reproduced_se": 0.1,
                                      "n_replicates": 10}]))
    row = {"group": "g", "target": "t", "row": "a", "column": "x", "description": "d"}
    sweep = pd.DataFrame([
        {**row, "reading": "default", "reproduced": 2.5, "reproduced_se": 1.0, "n_replicates": 3},
        {**row, "reading": "cheap", "reproduced": 1.5, "reproduced_se": 1.0, "n_replicates": 3},
        {**row, "reading": "default_full", "reproduced": 3.0, "reproduced_se": 0.1, "n_replicates": 10,
         "baseline": "default_full"},
        {**row, "reading": "full", "reproduced": 1.1, "reproduced_se": 0.1, "n_replicates": 10,
         "baseline": "default_full"},
    ])
    out, readings = explain(cells, sweep)
    assert out.loc[0, "verdict"] == "explained" and "reading `full`" in out.loc[0, "reason"]
    chosen = readings.set_index("reading")
    assert chosen.loc["full", "misses_explained"] == 1 and chosen.loc["cheap", "misses_explained"] == 0
    assert not chosen.loc["default_full", "chosen"]            # a baseline never explains
    # without the full-cost reading, nothing explains the miss
    out, _ = explain(cells, sweep[sweep["reading"] != "full"])
    assert out.loc[0, "verdict"] == "unexplained"


def test_a_comparison_written_before_the_measurement_column_reads_it_empty(tmp_path):
    from mavl.reproduction.comparison.rule import read_comparison

    cells = judge(_cells())
    path = tmp_path / "comparison.csv"
    cells.drop(columns="measurement").to_csv(path, index=False)
    back = read_comparison(path)
    assert (back["measurement"] == "").all()
    assert summary(back) == summary(cells)


def test_a_reading_sets_dotted_options_on_a_copy_and_names_an_unknown_one():
    section = {"svm": {"C": 1.0, "kernel": {"gamma": 0.5}}, "split": "random"}
    changed = apply_reading(section, {"svm.kernel.gamma": 2.0, "split": "files"}, "paper_x")
    assert changed == {"svm": {"C": 1.0, "kernel": {"gamma": 2.0}}, "split": "files"}
    assert section["svm"]["kernel"]["gamma"] == 0.5                      # the section is not touched
    for dotted in ("svm.kernel.degree", "svm.C.value", "nothing.here", "splits"):
        with pytest.raises(KeyError, match=f"paper_x sensitivity: no option '{dotted}'"):
            apply_reading(section, {dotted: 1}, "paper_x")


def test_sweeps_read_as_one_frame_with_their_names_as_text(tmp_path):
    header = ",".join([*SWEEP_COLUMNS, "baseline"])
    first, empty, second = tmp_path / "a.csv", tmp_path / "b.csv", tmp_path / "c.csv"
    first.write_text(f"{header}\ng1,default,as built,t1,1,010,5.5,0.5,3,\n"
                     "g1,2,a reading,t1,1,010,6.0,0.5,3,\n")
    empty.write_text(header + "\n")                                   # a group with no swept data set
    second.write_text(f"{header}\ng2,full,every run,t2,x,y,7.25,0.25,10,default_full\n")
    sweeps = read_sweeps([first, empty, second])
    assert len(sweeps) == 3 and list(sweeps.columns) == [*SWEEP_COLUMNS, "baseline"]
    # names that look like numbers stay text: reading "2", row "1", column "010" (the leading zero kept)
    assert list(sweeps["reading"]) == ["default", "2", "full"]
    assert list(sweeps["row"]) == ["1", "1", "x"] and list(sweeps["column"]) == ["010", "010", "y"]
    assert list(sweeps["reproduced"]) == [5.5, 6.0, 7.25] and list(sweeps["n_replicates"]) == [3, 3, 10]
    assert sweeps["baseline"].isna().tolist() == [True, True, False]
    assert read_sweeps([empty]).empty and list(read_sweeps([empty]).columns) == [*SWEEP_COLUMNS, "baseline"]
    assert read_sweeps([]).empty and list(read_sweeps([]).columns) == SWEEP_COLUMNS
    # the frame is what explain reads: no miss here, so nothing is explained
    assert explain(judge(_cells()), read_sweeps([empty]))[1].empty


def test_a_published_mean_over_stated_replicates_gets_its_sampling_se_with_the_printed_one_its_floor():
    from mavl.reproduction.answer import sampling_lines
    from mavl.reproduction.comparison.rule import cell_frame, judge, published_sampling_se
    # ours: 10 replicates with SE 0.5, so one replicate's spread is 0.5·√10; the document's mean over
    # 10 replicates then has SE 0.5 too; over 1 replicate (a single run), 0.5·√10.
    assert published_sampling_se([0.5, 0.5, 0.5], [10, 10, 1], [10, 1, 0])[:2] == pytest.approx(
        [0.5, 0.5 * np.sqrt(10)])
    assert np.isnan(published_sampling_se([0.5], [10], [0])[0])
    cells = cell_frame("p", [
        # 0.7 apart: 3·√(0.2² + 0.2²) = 0.85 with the sampling SE, 3·√(0.05² + 0.2²) = 0.62 without
        {"target": "t", "row": "a", "column": "c", "published": 10.0, "published_se": 0.05,
         "published_se_source": "rounding", "published_replicates": 10, "reproduced": 10.7,
         "reproduced_se": 0.2, "n_replicates": 10},
        # the rounding is wider than the sampling SE: it stays
        {"target": "t", "row": "b", "column": "c", "published": 10.0, "published_se": 0.5,
         "published_se_source": "rounding", "published_replicates": 100, "reproduced": 10.2,
         "reproduced_se": 0.1, "n_replicates": 4},
        # no replicate count stated: untouched
        {"target": "t", "row": "c", "column": "c", "published": 10.0, "published_se": 0.05,
         "published_se_source": "rounding", "reproduced": 11.2, "reproduced_se": 0.1, "n_replicates": 10}])
    judged = judge(cells)
    a, b, c = (judged.iloc[i] for i in range(3))
    assert a["published_se"] == pytest.approx(0.2)
    assert (a["verdict"], a["verdict_printed_se"]) == ("agrees", "unexplained")
    assert a["published_se_printed"] == 0.05 and "decision 8" in a["published_se_source"]
    assert b["published_se"] == 0.5 and b["published_se_source"].startswith("rounding (the floor;")
    assert (c["published_se"], c["published_se_source"], c["verdict"]) == (0.05, "rounding", "unexplained")
    # judging a judged frame again changes nothing (the misses' step re-judges)
    pd.testing.assert_frame_equal(judge(judged), judged)
    lines = sampling_lines(judged)
    assert "It moved the verdict of 1 of them:" in lines[2]
    assert any("| a | c | 10.0 ±0.20 | 10.7 ±0.20 | unexplained | agrees |" in line for line in lines)


def test_an_unexplained_miss_says_what_was_tried_and_which_reading_came_closest():
    from mavl.reproduction.comparison.misses import NOTHING_TRIED
    cells = judge(cell_frame("toy", [
        {"target": "t", "row": "a", "column": "x", "published": 1.0, "published_se": 0.1, "reproduced": 3.0,
         "reproduced_se": 0.1, "n_replicates": 5},
        {"target": "t", "row": "b", "column": "x", "published": 1.0, "published_se": 0.1, "reproduced": 3.0,
         "reproduced_se": 0.1, "n_replicates": 5}]))
    # two readings re-run cell a, neither within 3 combined SE (0.42); cell b is swept by none
    sweep = pd.DataFrame([{"group": "g", "reading": r, "description": "d", "target": "t", "row": "a",
                           "column": "x", "reproduced": v, "reproduced_se": 0.1, "n_replicates": 5}
                          for r, v in (("far", 2.9), ("near", 1.6))])
    out, _ = explain(cells, sweep)
    a, b = out.iloc[0], out.iloc[1]
    assert a["tried"] == ("2 readings re-ran it (far, near), none explains it; closest: `near` 1.6 "
                          "(4.2 combined SE apart)")
    assert b["tried"] == NOTHING_TRIED
    # a miss explained, or a cell that agrees, has tried nothing to report
    sweep.loc[1, "reproduced"] = 1.1
    out, _ = explain(cells, sweep)
    assert out.iloc[0]["verdict"] == "explained" and out.iloc[0]["tried"] == ""


def test_a_published_mean_without_a_spread_of_ours_keeps_its_floor_and_says_why():
    from mavl.reproduction.comparison.rule import cell_frame, judge
    judged = judge(cell_frame("p", [
        {"target": "t", "row": "a", "column": "c", "published": 10.0, "published_se": 0.05,
         "published_se_source": "rounding", "published_replicates": 1, "reproduced": 10.0,
         "reproduced_se": np.nan, "n_replicates": 1}]))
    row = judged.iloc[0]
    assert row["published_se"] == 0.05
    assert row["published_se_source"] == ("rounding (the document's single run with no SE printed: no spread "
                                           "of ours to estimate it, decision 8)")
    assert "nan" not in row["published_se_source"]
