"""Breiman (1997): the runs' splits, the tables beside the published ones, and the claims."""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.claims import CLAIMS, evidence
from mavl.papers.breiman1997.report import paired_tests
from mavl.papers.breiman1997.runs import RUN_COLUMNS, draw_run, fit_run
from mavl.papers.breiman1997.settings import tree_rules
from mavl.papers.breiman1997.tables import UNAVAILABLE, build_eq_7_3, build_table

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = ROOT / "resources" / "published" / "breiman1997"
CONFIG = settings(yaml.safe_load((ROOT / "config.yaml").read_text()))


def published_tables():
    """The published tables in the long layout of the reproduced ones (one row per cell)."""
    out = {}
    for target in ("table_1", "table_3", "table_4", "table_5"):
        wide = pd.read_csv(PUBLISHED / f"{target}.csv", dtype=str)
        long = wide.melt(id_vars="data_set", var_name="column", value_name="printed")
        long["published"] = long["printed"].astype(float)
        out[target] = long.assign(tree_rule="", reproduced=np.nan, note="")
    return out


def test_every_claim_holds_on_the_published_tables():
    eq = pd.DataFrame({"phi_star": [0.25], "phi_ab": [0.3691], "printed": [".37"]})
    rows = {r["claim_id"]: r for r in CLAIMS.judge(evidence(published_tables(), eq),
                                                   evidence(published_tables(), eq))}
    # K-8 only informs (no sentence of the report states it); every other claim holds on the report's numbers
    assert {k: r["holds_published"] for k, r in rows.items()} == {
        "K-1": True, "K-2": True, "K-3": True, "K-4": True, "K-7": True, "K-8": None}
    assert rows["K-1"]["values_published"].count(";") == 12                # all 13 sets, each lower
    assert rows["K-2"]["values_published"].startswith("11 of 13 hold")     # soybean equal, threenorm lower
    assert rows["K-3"]["values_published"].startswith("12 of 13 hold")     # threenorm: lower top(c) and error
    assert rows["K-4"]["values_published"].startswith("4 of 6 hold")       # diabetes and soybean do not
    # the earlier readings, judged beside: the same verdicts on the report's numbers
    assert {k: r["previous_holds_published"] for k, r in rows.items()} == {
        "K-1": True, "K-2": True, "K-3": True, "K-4": True, "K-7": None, "K-8": True}


def test_synthetic_runs_share_sets_and_differ_between_repetitions():
    a, b = draw_run(CONFIG, "twonorm", 0), draw_run(CONFIG, "twonorm", 1)
    assert a[0].shape == (300, 20) and a[2].shape == (3000, 20)
    np.testing.assert_array_equal(a[0], draw_run(CONFIG, "twonorm", 0)[0])
    assert not np.array_equal(a[0], b[0]) and not np.array_equal(a[0], a[2][:300])


def test_moderate_runs_hold_out_a_tenth_without_overlap():
    X, y, X_test, y_test = draw_run(CONFIG, "glass", 3)
    assert (len(y), len(y_test)) == (193, 21)
    rows = {tuple(r) for r in X}
    assert not any(tuple(r) in rows for r in X_test) or len(rows) < len(X)   # glass has no duplicates
    assert not np.array_equal(X_test, draw_run(CONFIG, "glass", 4)[2])


def test_a_run_records_every_step_and_the_bottom_edge_lies_below_both_top_c():
    config = {**CONFIG, "steps": 12}
    frame = fit_run(config, "ringnorm", "leaf", 0)
    assert list(frame.columns) == RUN_COLUMNS
    steps = frame[frame["algorithm"] != "bottom_edge"]
    assert steps.groupby("algorithm")["step"].apply(list).to_dict() == {
        "adaboost": list(range(1, 13)), "arc_u2": list(range(1, 13))}
    phi = frame.loc[frame["algorithm"] == "bottom_edge", "top_c"].item()
    assert phi <= steps[steps["step"] == 12]["top_c"].min() + 1e-9
    assert ((steps["test_error"] >= 0) & (steps["test_error"] <= 100)).all()


def test_table_cells_are_means_over_runs_beside_the_printed_value(tmp_path):
    config = {**CONFIG, "scale": "quick"}
    rule = tree_rules(config)[0]                                  # the quick scale's one rule
    runs = pd.DataFrame(
        [(d, rule, r, a, s, err + r, top, 0.1) for d in ("breast_cancer", "glass") for r in range(3)
         for a, err, top in (("adaboost", 2.0, 20.0), ("arc_u2", 3.0, 10.0)) for s in (50, 100)],
        columns=RUN_COLUMNS)
    runs.to_csv(tmp_path / "runs.tsv", sep="\t", index=False)
    build_table(config, "table_3", [tmp_path / "runs.tsv"], PUBLISHED / "table_3.csv", tmp_path / "t3.csv")
    table = pd.read_csv(tmp_path / "t3.csv", dtype={"printed": str}, keep_default_na=False, na_values=[""])
    heart = table[table["data_set"] == "heart"]
    assert (heart["note"] == UNAVAILABLE).all() and heart["reproduced"].isna().all()
    assert heart["printed"].tolist()[0] == ".14"
    cell = table[(table["data_set"] == "glass") & (table["column"] == "arc_u2_test_error")].iloc[0]
    assert (cell["reproduced"], cell["runs"], cell["published"]) == (4.0, 3, 28.6)   # mean of 3, 4, 5
    assert cell["se"] == pytest.approx(1 / np.sqrt(3))
    assert set(table["data_set"]) == {"heart", "breast cancer", "ionosphere", "diabetes", "glass", "soybean"}


def test_paired_tests_compare_the_two_algorithms_over_shared_runs(tmp_path):
    rng = np.random.default_rng(0)
    rows = [("twonorm", "leaf", r, a, 100, 5 + (a == "arc_u2") + rng.normal(0, 0.1), 20 - 5 * (a == "arc_u2"),
             0.1) for r in range(5) for a in ("adaboost", "arc_u2")]
    pd.DataFrame(rows, columns=RUN_COLUMNS).to_csv(tmp_path / "r.tsv", sep="\t", index=False)
    tests = paired_tests([tmp_path / "r.tsv"], 100).set_index("claim")
    assert tests.loc["K-2", "significant_5pc"] and tests.loc["K-2", "K"] == 5
    assert tests.loc["K-2", "mean_difference"] == pytest.approx(-1, abs=0.2)


def test_eq_7_3_table_rounds_to_the_printed_value(tmp_path):
    build_eq_7_3(PUBLISHED / "eq_7_3.csv", tmp_path / "eq.csv")
    eq = pd.read_csv(tmp_path / "eq.csv", dtype=str, keep_default_na=False).set_index("phi_star")
    assert eq.loc["0.250000", "printed"] == ".37" == eq.loc["0.250000", "rounded_to_printed"]
    assert float(eq.loc["0.250000", "phi_ab"]) == pytest.approx(0.369070, abs=1e-6)


def test_a_data_set_no_source_serves_reads_unavailable(tmp_path, monkeypatch):
    import mavl.papers.breiman1997.runs as runs_module
    from mavl.data import DataFileError
    from mavl.papers.breiman1997.runs import run_data_set

    def missing(name, mirror=None):
        raise DataFileError(f"data file {name!r} not available")

    monkeypatch.setattr(runs_module, "load_uci", missing)
    run_data_set(CONFIG, "dna", "leaf", tmp_path / "dna.tsv")
    assert pd.read_csv(tmp_path / "dna.tsv", sep="\t").empty
    build_table(CONFIG, "table_4", [tmp_path / "dna.tsv"], PUBLISHED / "table_4.csv", tmp_path / "t4.csv")
    table = pd.read_csv(tmp_path / "t4.csv", keep_default_na=False)
    assert (table["note"] == UNAVAILABLE).all() and len(table) == 12       # 3 sets x 4 cells
