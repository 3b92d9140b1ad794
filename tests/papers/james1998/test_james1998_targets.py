"""The files James's rules build and read (:mod:`mavl.papers.james1998.targets`), from the config."""

from pathlib import Path

import yaml

from mavl.papers.james1998 import settings
from mavl.papers.james1998 import targets as t

ROOT = Path(__file__).resolve().parents[3]
CONFIG = settings(yaml.safe_load((ROOT / "config.yaml").read_text()))
QUICK = {**CONFIG, "scale": "quick"}


def test_replicates_and_splits_are_capped_by_the_scale():
    n = CONFIG["experiments"]["C20d"]["replicates"]
    assert t.replicate_files(CONFIG, "C20d") == [f"results/james1998/raw/C20d/rep{r}.tsv" for r in range(n)]
    assert t.replicate_files(QUICK, "C20d") == ["results/james1998/raw/C20d/rep0.tsv",
                                                "results/james1998/raw/C20d/rep1.tsv"]
    assert len(t.replicate_files(QUICK)) == 2 * len(CONFIG["experiments"])
    assert len(t.split_files(CONFIG, "margins", "json")) == CONFIG["margins"]["splits"]
    assert t.split_files(QUICK, "settling", "tsv")[-1] == "results/james1998/raw/settling/rep1.tsv"


def test_counts_and_sweeps_name_their_tables_columns_and_experiments():
    columns = CONFIG["bias_variance"]["tables"]["table_3_2"]
    assert t.count_files(CONFIG, "table_3_2") == [f"results/james1998/raw/bias_variance/g10/{m}.tsv"
                                                  for m in columns]
    assert len(t.count_files(CONFIG)) == sum(map(len, CONFIG["bias_variance"]["tables"].values()))
    assert t.sweep_files(CONFIG) == [f"results/james1998/sensitivity/{g}.csv" for g in CONFIG["sensitivity"]]
    # An error table's sweep reads its experiment's replicates; a bias/variance table's, its counts.
    assert t.sweep_default_files(QUICK, "table_2_5") == t.replicate_files(QUICK, "C20d")
    assert set(t.sweep_default_files(CONFIG, "table_3_2")) <= set(t.count_files(CONFIG, "table_3_2"))


def test_the_comparison_and_the_report_read_every_table_and_the_claims_evidence():
    comparison, report = t.comparison_inputs(CONFIG), t.report_inputs(CONFIG)
    assert "results/james1998/table_2_10.compare.csv" in comparison["tables"]
    assert "results/james1998/table_3_1.summary.json" in comparison["tables"]
    # The sweeps, the judged files and the figures are the framework loop's inputs, not these.
    assert not {"sweeps", "sweep", "figures", "comparison"} & (set(comparison) | set(report))
    figures = [target.id for target in t.declared_targets(CONFIG) if target.kind == "figure"]  # the report's
    assert figures[0] == "figure_2_2" and "figure_4_4" in figures and len(set(figures)) == len(figures)
    assert set(figures) == {name for name in CONFIG["targets"] if name.startswith("figure_")}
    for name in ("results", "settling_raw", "case_study_errors", "case_study_draws", "counts"):
        assert comparison[name] == report[name] and comparison[name]
    assert report["results"] == t.replicate_files(CONFIG)
