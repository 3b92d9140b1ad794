"""The reproduction framework: the claim registry, paired tests, comparisons and result files."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mavl.reproduction.claims import (
    QUANTIFIERS,
    ClaimRegistry,
    MissingEvidence,
    Reading,
    Resamples,
    every_case,
    needs,
    noise_verdict,
    quantifier_table,
    read_claims,
    resample_replicates,
    sometimes,
    tolerance,
    within,
)
from mavl.reproduction.compare import absolute_table, compare
from mavl.reproduction.io import read_json, write_json, write_table
from mavl.reproduction.paired import paired_comparisons
from mavl.reproduction.report import claims_rows, comparison_table, markdown_table


def small_registry():
    claims = ClaimRegistry()

    @claims.claim("C-1", "a beats b")
    def c1(e):
        return e["a"] < e["b"], f"a {e['a']}, b {e['b']}"

    @claims.claim("C-2", "c is small")
    @needs("c", "no c printed")
    def c2(e):
        return e["c"] < 1, f"c {e['c']}"

    @claims.claim("C-3", "reads a cell this scale lacks")
    def c3(e):
        raise MissingEvidence("B1000")

    return claims


def test_registry_keeps_order_and_judges_both_sides():
    claims = small_registry()
    assert [c.claim_id for c in claims] == ["C-1", "C-2", "C-3"]
    rows = claims.judge({"a": 1, "b": 2}, {"a": 3, "b": 2, "c": 0.5})
    assert [(r["holds_published"], r["holds_reproduced"]) for r in rows] == [
        (True, False), (None, True), (None, None)]
    assert rows[1]["values_published"] == "no c printed"
    assert rows[2]["values_reproduced"] == "not computable at this scale"
    judged = ["holds_published", "values_published", "margin_published", "holds_reproduced",
              "values_reproduced", "margin_reproduced", "resample_share", "verdict_reproduced"]
    assert list(rows[0]) == ["claim_id", "statement", "quote", "place", "quantifier", "note", *judged,
                             "previous_statement", "previous_why", *(f"previous_{c}" for c in judged)]
    assert rows[0]["quantifier"] == "every" and rows[0]["previous_statement"] == ""
    # without resamples, the verdict against noise is the point verdict
    assert [r["verdict_reproduced"] for r in rows] == ["fails", "holds", ""]
    # numpy booleans become plain ones, so the claims CSV reads True/False
    assert claims["C-1"].evaluate({"a": np.float64(1), "b": np.float64(2)})[0] is True


def test_a_claim_of_every_case_joins_its_cases():
    claims = ClaimRegistry()

    @claims.claim("C-1", "each value is small")
    @every_case
    def c1(e):
        for name, value in e.items():
            yield value < 1, f"{name} {value}", 1 - value

    assert claims["C-1"].evaluate({"a": 0.5, "b": 0.75}) == (True, "a 0.5; b 0.75", 0.25)
    assert claims["C-1"].evaluate({"a": 0.5, "b": 2}) == (False, "a 0.5; b 2", -1)
    holds, values, margin = claims["C-1"].evaluate({})          # no case: no evidence
    assert holds is None and values == "not computable at this scale" and np.isnan(margin)
    assert every_case(lambda e: iter([(True, "x")]))({}) == (True, "x", None)


def cases_registry(quantifier, previous=None):
    claims = ClaimRegistry()

    @claims.claim("C-1", "values are small", quote="the values are usually small", place="§1",
                  quantifier=quantifier, previous=previous)
    def c1(e):
        for name, value in e.items():
            yield value < 1, f"{name} {value}", 1 - value

    return claims["C-1"]


def test_most_asks_more_than_half_and_its_margin_is_the_deciding_case():
    claim = cases_registry("most")
    # 2 of 3 hold: more than half; the margin is the 2nd largest (the case whose loss would fail it)
    assert claim.evaluate({"a": 0.5, "b": 0.75, "c": 3}) == (True, "2 of 3 hold, 2 asked: a 0.5; b 0.75; c 3",
                                                             0.25)
    holds, _, margin = claim.evaluate({"a": 0.5, "b": 2, "c": 3})
    assert holds is False and margin == -1
    # exactly half is not more than half
    assert claim.evaluate({"a": 0.5, "b": 2})[0] is False
    assert [QUANTIFIERS["most"].required(n) for n in (1, 2, 3, 4, 7)] == [1, 2, 2, 3, 4]


def test_every_asks_every_case_and_sometimes_asks_nothing():
    assert cases_registry("every").evaluate({"a": 0.5, "b": 2})[:2] == (False, "a 0.5; b 2")
    holds, values, margin = cases_registry(sometimes).evaluate({"a": 0.5, "b": 2})
    assert holds is None and values == "1 of 2 cases: a 0.5; b 2" and np.isnan(margin)
    holds, _, _ = cases_registry("informational").evaluate({"a": 0.5})
    assert holds is None


def test_an_earlier_reading_is_judged_beside_the_current_one():
    previous = Reading("every value is small",
                       every_case(lambda e: ((v < 1, k, 1 - v) for k, v in e.items())),
                       why="the thesis says usually")
    rows = ClaimRegistry()
    claim = cases_registry("most", previous)
    rows._claims["C-1"] = claim
    row, = rows.judge({"a": 0.5, "b": 0.75, "c": 3}, {"a": 0.5, "b": 2, "c": 0.1})
    assert (row["holds_published"], row["previous_holds_published"]) == (True, False)
    assert (row["holds_reproduced"], row["previous_holds_reproduced"]) == (True, False)
    assert row["previous_statement"] == "every value is small"
    assert row["previous_why"] == "the thesis says usually"
    assert (row["quote"], row["place"], row["quantifier"]) == ("the values are usually small", "§1", "most")


def test_about_reads_its_tolerance_from_the_printed_numbers_else_two_se():
    assert tolerance([0.01, -0.022, np.nan]) == (0.022, "the largest difference the document prints, 0.022")
    assert tolerance([], combined_se=0.005)[0] == pytest.approx(2 * 0.005)
    with pytest.raises(MissingEvidence):
        tolerance([])
    assert within("Spam", -0.02, 0.022)[0] and within("Spam", -0.02, 0.022)[2] == pytest.approx(0.002)
    assert not within("Spam", 0.03, 0.022)[0]


def test_the_quantifier_table_is_the_one_place_of_the_words():
    table = quantifier_table()
    assert list(table["quantifier"]) == list(QUANTIFIERS)
    words = {w.strip() for ws in table["words"] for w in ws.split(",")}
    assert {"usually", "sometimes", "substantially unchanged", "every", "tends to"} <= words


def test_a_claim_id_is_registered_once():
    claims = small_registry()
    with pytest.raises(ValueError, match="C-1"):
        claims.claim("C-1", "again")(lambda e: (True, ""))


def test_claims_rows_count_the_verdicts():
    rows = pd.DataFrame(small_registry().judge({"a": 1, "b": 2}, {"a": 1, "b": 2, "c": 3}))
    lines = claims_rows(rows)
    assert lines[0].startswith("| claim | statement | published | reproduced | against noise | margin |")
    assert lines[2].startswith("| C-1 | a beats b | holds | holds | holds | — / — |")
    assert "1 of 2 claims judged on the reproduced numbers hold; 1 of 1" in lines[-3]
    assert "1 hold, 1 fail, 0 undecided" in lines[-2]


def test_paired_comparisons_match_scipy_and_respect_the_claimed_direction():
    rng = np.random.default_rng(0)
    rows = []
    for r in range(6):
        tree = 30 + rng.normal()
        rows.append(("E", r, "Tree", 1, tree))
        for b in (10, 50):
            rows.append(("E", r, "ECOC", b, tree - 5 + rng.normal() + (b == 10) * 3))
    results = pd.DataFrame(rows, columns=["experiment", "replicate", "method", "B", "err"])
    comparisons = [("CL-x", "E", ("ECOC", "max"), ("Tree", "max")),
                   ("CL-y", "E", ("Tree", 10), ("ECOC", 10)),
                   ("CL-z", "F", ("ECOC", "max"), ("Tree", "max"))]     # no experiment F: skipped
    out = paired_comparisons(results, comparisons, {"E": 50}, constant_methods=("Tree",))
    assert list(out["claim"]) == ["CL-x", "CL-y"]
    ecoc = results[(results.method == "ECOC") & (results.B == 50)]["err"].to_numpy()
    tree = results[results.method == "Tree"]["err"].to_numpy()
    expected = stats.ttest_rel(ecoc, tree)
    assert out.loc[0, "p_value"] == pytest.approx(expected.pvalue)
    assert out.loc[0, "mean_difference"] == pytest.approx((ecoc - tree).mean())
    assert out.loc[0, "better"] == "ECOC (B=50)" and out.loc[0, "K"] == 6
    assert bool(out.loc[0, "significant_5pc"]) and not bool(out.loc[1, "significant_5pc"])


def test_compare_gives_interval_and_combined_se_agreement():
    results = pd.DataFrame({"replicate": [0, 1, 2, 0, 1, 2], "method": ["A"] * 3 + ["T"] * 3,
                            "B": [5, 5, 5, 1, 1, 1], "err": [10.0, 12.0, 14.0, 20.0, 20.0, 23.0],
                            "undefined": ["False"] * 6})
    mean, se, undefined, n = absolute_table(results, ["A", "T"], [5], constant_methods=("T",))
    assert (mean.loc["A", "B5"], se.loc["A", "B5"], n) == (12.0, pytest.approx(2 / np.sqrt(3)), 3)
    published = pd.DataFrame({"method": ["A", "T"], "B5": [13.0, 40.0]})
    cells = compare(published, mean, se, undefined, published_se=1.0, n_replicates=3).set_index("method")
    half = stats.t.ppf(0.975, 2) * 2 / np.sqrt(3)
    assert cells.loc["A", "ci_low"] == pytest.approx(12 - half)
    assert cells.loc["A", "within_3se"] and cells.loc["A", "published_in_ci"]
    assert not cells.loc["T", "within_3se"]          # 19 points off, combined SE about 1.7
    table = comparison_table(cells.reset_index(), digits=1)
    assert table[2].startswith("| A | 13.0 / 12.0 ±1.15 [") and table[3].endswith(" ✗ |")


def test_result_files_are_byte_stable(tmp_path):
    write_json({"b": np.float64(1 / 3), "a": [np.int64(2), float("nan")], "c": np.bool_(True)},
               tmp_path / "x" / "s.json")
    assert (tmp_path / "x" / "s.json").read_text() == (
        '{\n "a": [\n  2,\n  null\n ],\n "b": 0.333333,\n "c": true\n}\n')
    assert read_json(tmp_path / "x" / "s.json")["b"] == 0.333333
    write_table(pd.DataFrame({"m": ["x"], "v": [1 / 7]}), tmp_path / "t.tsv")
    assert (tmp_path / "t.tsv").read_text() == "m\tv\nx\t0.142857\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # no temp left


def test_markdown_table_shows_the_head_and_counts_the_rest():
    lines = markdown_table(pd.DataFrame({"k": range(5), "v": np.linspace(0, 1, 5)}), max_rows=2)
    assert lines[:4] == ["| k | v |", "|---|---|", "| 0 | 0 |", "| 1 | 0.25 |"]
    assert lines[-1] == "\n(3 more rows in the CSV.)"


def test_paired_test_summary_and_sign_test_match_scipy_and_hand_counts():
    from scipy import stats

    from mavl.reproduction.paired import paired_test_summary, sign_test

    better, worse = np.array([0.0, 0.0, 1.0, 0.0]), np.array([1.0, 1.0, 1.0, 0.5])
    summary = paired_test_summary(better, worse, scale=100.0)
    reference = stats.ttest_rel(better, worse)
    assert summary["K"] == 4 and summary["mean_difference"] == pytest.approx(-62.5)
    assert summary["t"] == pytest.approx(reference.statistic)
    assert summary["p_value"] == pytest.approx(reference.pvalue)
    assert summary["significant_5pc"] is False                      # p ≈ 0.06
    assert sign_test(np.array([-1.0, -2.0, -0.5, 1.0, 0.0])) == pytest.approx(0.625)   # 3 of 4, tie out
    assert np.isnan(sign_test(np.array([0.0, 0.0])))


def _mean_claims():
    claims = ClaimRegistry()

    @claims.claim("M-1", "the mean difference a - b is positive")
    def m1(e):
        d = float(np.mean(e["a"] - e["b"]))
        return d > 0, f"mean difference {d:+.2f}", d

    return claims


def _paired(difference, seed=0):
    rng = np.random.default_rng(seed)
    b = rng.normal(size=20)
    return pd.DataFrame({"run": np.arange(20), "a": b + difference + rng.normal(scale=1.0, size=20), "b": b})


def _judge_on(frame, n=200):
    draws = Resamples(n, seed=1998)

    def on(b):
        return resample_replicates(frame, "run", draws, b)

    return _mean_claims().judge({"a": 1, "b": 0}, frame, resampled=on, draws=draws)[0]


def test_claims_written_and_read_back_are_the_claims_judged(tmp_path):
    # The step that judges the claims writes them; the report reads them back instead of judging
    # again: verdicts True, False or None, numbers (to the file's 6 decimals), text as written.
    registry = ClaimRegistry()

    @registry.claim("C-1", "a exceeds b")
    def exceeds(evidence):
        return evidence["a"] > evidence["b"], f"a={evidence['a']}", evidence["a"] - evidence["b"]

    @registry.claim("C-2", "b is printed", quote="b is 2", place="§1")
    @needs("b")
    def printed(evidence):
        return evidence["b"] == 2, "b=2"

    draws = Resamples(20, seed=1998)
    judged = pd.DataFrame(registry.judge({"a": 1.0}, {"a": 3.0, "b": 1 / 3},
                                         resampled=lambda b: {"a": 3.0, "b": float(b % 2)}, draws=draws))
    write_table(judged, tmp_path / "claims.csv")
    back = read_claims(tmp_path / "claims.csv")
    assert list(back.columns) == list(judged.columns)
    assert list(back["holds_published"]) == [None, None] and list(back["holds_reproduced"]) == [True, False]
    assert back.loc[0, "margin_reproduced"] == pytest.approx(3.0 - 1 / 3, abs=1e-6)
    assert np.isnan(back.loc[0, "margin_published"]) and back.loc[0, "resample_share"] == 1.0
    assert list(back["verdict_reproduced"]) == list(judged["verdict_reproduced"])
    assert back.loc[1, "quote"] == "b is 2" and back.loc[0, "note"] == ""
    assert back.loc[1, "values_published"] == judged.loc[1, "values_published"] == "no numbers published"
    assert claims_rows(back) == claims_rows(judged)                    # the report's rows are the same


def test_claims_against_noise_hold_fail_or_stay_undecided():
    # A clear effect holds on nearly every resample, a clear reversal on almost none, and a
    # difference of zero splits them: the three verdicts of the noise rule.
    clear, reversed_ = _judge_on(_paired(2.0)), _judge_on(_paired(-2.0))
    none = _judge_on(_paired(0.0, seed=3))
    assert clear["verdict_reproduced"] == "holds" and clear["resample_share"] >= 0.95
    assert reversed_["verdict_reproduced"] == "fails" and reversed_["resample_share"] <= 0.05
    assert none["verdict_reproduced"] == "undecided" and 0.05 < none["resample_share"] < 0.95
    # the margin is the check's own number; the published side keeps its point verdict
    assert clear["margin_published"] == 1.0 and clear["holds_published"] is True
    assert clear["margin_reproduced"] == pytest.approx(float((_paired(2.0)["a"] - _paired(2.0)["b"]).mean()))
    # against an independent computation: the share is the bootstrap share of positive means
    frame = _paired(0.0, seed=3)
    draws = Resamples(200, seed=1998)
    d = (frame["a"] - frame["b"]).to_numpy()
    share = np.mean([d[draws.indices(b, 20)].mean() > 0 for b in range(200)])
    assert none["resample_share"] == pytest.approx(share)


def test_resample_draws_are_shared_and_reproducible():
    draws, again = Resamples(5, seed=7), Resamples(5, seed=7)
    assert all(np.array_equal(draws.indices(b, 10), again.indices(b, 10)) for b in range(5))
    assert not np.array_equal(draws.indices(0, 10), draws.indices(1, 10))
    assert not np.array_equal(draws.indices(0, 10), Resamples(5, seed=8).indices(0, 10))
    # two experiments with the same replicate count take the same replicates in a draw (pairing)
    frame = pd.DataFrame({"exp": ["x"] * 4 + ["y"] * 4, "run": [0, 1, 2, 3] * 2, "v": np.arange(8.0)})
    out = resample_replicates(frame, "run", draws, 2, by="exp")
    picked = draws.indices(2, 4)
    assert out[out["exp"] == "x"]["v"].tolist() == picked.astype(float).tolist()
    assert out[out["exp"] == "y"]["v"].tolist() == (picked + 4.0).tolist()
    assert out["run"].tolist() == [0, 1, 2, 3] * 2
    # weights: draw b's multiplicities, each row summing to n
    weights = draws.weights(10)
    assert weights.shape == (5, 10) and np.all(weights.sum(axis=1) == 10)
    assert all(np.array_equal(np.repeat(np.arange(10), weights[b]), np.sort(draws.indices(b, 10)))
               for b in range(5))


def test_noise_verdict_band_edges():
    assert noise_verdict(True, 0.95) == "holds" and noise_verdict(False, 0.05) == "fails"
    assert noise_verdict(True, 0.5) == "undecided" and noise_verdict(True, 0.06) == "undecided"
    assert noise_verdict(False, np.nan) == "fails" and noise_verdict(None, np.nan) == ""


def test_the_report_lists_each_claim_whose_reading_changed_with_both_verdicts():
    from mavl.reproduction.report import reading_changes_lines
    previous = Reading("every value is small",
                       every_case(lambda e: ((v < 1, k, 1 - v) for k, v in e.items())),
                       why="the thesis says usually")
    registry = ClaimRegistry()
    registry._claims["C-1"] = cases_registry("most", previous)
    rows = pd.DataFrame(registry.judge({"a": 0.5, "b": 0.75, "c": 3}, {"a": 0.5, "b": 2, "c": 0.1}))
    lines = reading_changes_lines(rows)
    assert lines[0] == "## Claims whose reading changed"
    row = next(line for line in lines if line.startswith("| C-1 |"))
    assert "*“the values are usually small”* (§1), read as *most*" in row
    assert row.count("published fails / reproduced fails") == 1
    assert row.count("published holds / reproduced holds") == 1
    assert lines[-2].endswith("the verdict moved on 1 of them (C-1).")
    unchanged = pd.DataFrame(small_registry().judge({"a": 1, "b": 2}, {"a": 3, "b": 2}))
    assert reading_changes_lines(unchanged)[2].startswith("None:")


def test_reading_changes_read_back_from_csv_count_only_verdicts_that_moved(tmp_path):
    from mavl.reproduction.report import reading_changes_lines
    previous = Reading("every value is small",
                       every_case(lambda e: ((v < 1, k, 1 - v) for k, v in e.items())))
    registry = ClaimRegistry()
    registry._claims["C-1"] = cases_registry("most", previous)
    # no published numbers: both readings' published verdicts are blank, NaN once read back
    rows = pd.DataFrame(registry.judge({}, {"a": 0.5, "b": 0.7}))
    rows.to_csv(tmp_path / "claims.csv", index=False)
    back = pd.read_csv(tmp_path / "claims.csv")
    assert back.loc[0, "previous_holds_published"] != back.loc[0, "previous_holds_published"]   # NaN
    lines = reading_changes_lines([("split", back), ("leaf", back)])
    assert lines[-2].endswith("the verdict moved on 0 of them (none).")
    assert any(line.startswith("| C-1 (split) |") for line in lines)
    assert any(line.startswith("| C-1 (leaf) |") for line in lines)
    assert "nan" not in "\n".join(lines)


def test_a_quote_carrying_the_sources_markup_stays_text_in_a_report_table():
    row = pd.DataFrame(small_registry().judge({"a": 1, "b": 2}, {"a": 3, "b": 2})).iloc[:1]
    row["quote"] = "F_i=\\frac{2}{prec_i+recall_i}` :math:`\\dp|x|"
    line = claims_rows(row)[2]
    assert "{prec_i+recall_i}\\` :math:\\`\\dp\\|x\\|" in line    # no role, no code span, no cell break
