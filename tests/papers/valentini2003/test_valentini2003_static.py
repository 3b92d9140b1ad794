"""Valentini (2003): published tables, config section and scales, static targets (spec §4, §6.3)."""

import copy
from pathlib import Path

import jsonschema
import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.papers.valentini2003.sensitivity import sweep_files
from mavl.papers.valentini2003.settings import (
    FAMILIES,
    SCALES,
    grid,
    job_files,
    job_path,
    jobs,
    resolve_scale,
    settings,
)
from mavl.papers.valentini2003.static import GCM_STATUS, LISTINGS, TARGETS, build_static, read_listings
from mavl.papers.valentini2003.targets import declared_targets

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = ROOT / "resources" / "published" / "valentini2003"
SCHEMA = ROOT / "workflow" / "schemas" / "valentini2003.schema.yaml"

SHAPES = {"table_4_1": (7, 6), "table_4_2": (21, 10), "table_5_1": (21, 8), "table_5_2": (21, 8),
          "table_6_1": (20, 8), "table_6_2": (20, 10), "table_6_3": (4, 4), "table_6_4": (6, 4),
          "table_6_5": (3, 7)}
# Columns (before, after) of each reduction checked in inconsistent_cells.csv.
REDUCTIONS = {("table_5_1", "pct_error_reduction"): ("E_SVM", "E_bag"),
              ("table_5_2", "pct_error_reduction"): ("E_SVM", "E_agg"),
              ("table_6_3", "relative_err_reduction"): ("err_all_genes", "err_selected_genes")}


def config(shared="paper", scale="default"):
    raw = yaml.safe_load((ROOT / "config.yaml").read_text())
    raw["scale"] = shared
    raw["valentini2003"]["scale"] = scale
    return raw


def published(name):
    return pd.read_csv(PUBLISHED / f"{name}.csv")


def reduction(before, after):
    """100·(before − after)/before and its range when both printed values are off by their rounding."""
    h = 5e-5
    return (100 * (before - after) / before, 100 * (before - h - after - h) / (before - h),
            100 * (before + h - after + h) / (before + h))


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_published_tables_have_the_printed_shape(name):
    assert published(name).shape == SHAPES[name]


def test_published_cells_section_4_4_to_4_7():
    t42 = published("table_4_2").set_index(["dataset", "kernel"])
    assert t42.loc[("P2", "RBF-SVM"), ["C", "sigma", "avg_error"]].tolist() == [20, 2, 0.1516]
    # Table 4.2's identities hold to the printed rounding.
    assert np.allclose(t42["avg_error"], t42["bias"] + t42["net_var"], atol=2e-4)
    assert np.allclose(t42["net_var"], t42["var_unbiased"] - t42["var_biased"], atol=2e-4)
    assert published("table_5_2").set_index(["dataset", "kernel"]).loc[
        ("Letter-Two with added noise", "D-prod SVM"), "pct_netvar_reduction"] == 106.4
    t61 = published("table_6_1").set_index(["dataset", "kernel"])
    assert t61.loc[("Musk", "Gauss."), "E_single"] == 0.0936
    t62 = published("table_6_2")
    assert round(t62["rer_L_S"].mean(), 2) == 22.98 and round(t62["rer_B_S"].mean(), 2) == 18.10
    assert published("table_6_3")["relative_err_reduction"].tolist()[:2] == ["12.31 %", "—"]
    assert published("table_4_1").set_index("dataset").loc["Grey-Landsat", "base_train_set_size"] == "4425"


def test_inconsistent_cells_recompute_from_the_printed_errors():
    cells = pd.read_csv(PUBLISHED / "inconsistent_cells.csv")
    assert len(cells) == 6
    for cell in cells.itertuples():
        table = published(cell.table)
        before, after = REDUCTIONS[(cell.table, cell.column)]
        if cell.table == "table_6_3":
            row = table.set_index("kernel_and_parameters").loc[cell.kernel]
            printed = float(row[cell.column].rstrip(" %"))
        else:
            row = table.set_index(["dataset", "kernel"]).loc[(cell.dataset, cell.kernel)]
            printed = row[cell.column]
        value, low, high = reduction(row[before], row[after])
        assert printed == cell.printed
        assert round(value, 2) == pytest.approx(cell.recomputed) and round(value, 2) != printed
        assert (low - 0.005 <= printed <= high + 0.005) == cell.within_rounding


def test_every_other_error_reduction_of_tables_5_is_within_rounding():
    flagged = pd.read_csv(PUBLISHED / "inconsistent_cells.csv")
    flagged = set(zip(flagged["table"], flagged["dataset"], flagged["kernel"], strict=True))
    for (name, column), (before, after) in REDUCTIONS.items():
        if name == "table_6_3":
            continue
        for row in published(name).itertuples(index=False):
            row = row._asdict()
            _, low, high = reduction(row[before], row[after])
            inside = low - 0.005 <= row[column] <= high + 0.005
            assert inside or (name, row["dataset"], row["kernel"]) in flagged


def test_config_section_validates_and_a_typo_is_rejected():
    raw = config()
    jsonschema.validate(raw, yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text()))
    schema = yaml.safe_load(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(raw["valentini2003"], schema)
    bad = copy.deepcopy(raw["valentini2003"])
    bad["options"]["rbf_gama_rule"] = bad["options"].pop("rbf_gamma_rule")
    with pytest.raises(jsonschema.ValidationError, match="rbf_gama_rule"):
        jsonschema.validate(bad, schema)
    bad = copy.deepcopy(raw["valentini2003"])
    bad["scale"] = "paper"
    with pytest.raises(jsonschema.ValidationError, match="paper"):
        jsonschema.validate(bad, schema)


def n_models(cfg, family, kernel):
    """The parameter settings of one family and kernel: C times σ or the degree."""
    values = grid(cfg, family, kernel)
    other = {"rbf": "sigma", "poly": "degree", "linear": None}[kernel]
    return len(values["C"]) * (len(values[other]) if other else 1)


@pytest.mark.parametrize("scale", SCALES)
def test_settings_resolve_each_scale(scale):
    cfg = settings(config(scale=scale))
    assert cfg["scale"] == scale and cfg["master_seed"] == config()["master_seed"]
    assert cfg["run_data_sets"] == cfg["data_sets"]
    models = {f: sum(n_models(cfg, f, k) for k in cfg["kernels"]) for f in ("ch4", "ch5_bag")}
    expected = {"smoke": (5, 3, 24, 14, 500), "default": (200, 100, 336, 70, 10000),
                "full": (400, 200, 336, 110, 10000)}[scale]
    n = cfg["chapter4"]["n_samples"]
    assert (n["p2"], n["spam"], models["ch4"], models["ch5_bag"], cfg["synthetic_test_size"]) == expected
    assert len(jobs(cfg, "ch4")) == 21 and len(jobs(cfg, "ch6_lobag_pair")) == 20
    assert ("p2", "linear") not in jobs(cfg, "ch6_lobag_rep")
    assert jobs(cfg, "ch4_p2_surface") == [("p2", "rbf")]
    assert len(job_files(cfg, *FAMILIES)) == sum(len(jobs(cfg, f)) for f in FAMILIES)
    assert grid(cfg, "ch4_p2_surface", "rbf")["sigma"][:4] == [0.01, 1, 20, 20]
    assert job_path("ch5_ra", "spam", "poly") == "results/valentini2003/raw/ch5_ra/spam/poly.tsv"


def test_the_rules_read_their_file_lists_from_the_package():
    cfg = settings(config(shared="quick"))
    draws = job_files(cfg, "ch5_bag", "ch5_ra", suffix=".draws.tsv")
    assert len(draws) == 2 * len(jobs(cfg, "ch5_bag"))
    assert draws[0] == job_path("ch5_bag", *jobs(cfg, "ch5_bag")[0], suffix=".draws.tsv")
    groups = cfg["sensitivity"]["groups"]
    assert sweep_files(cfg) == [f"results/valentini2003/sensitivity/{g}.csv" for g in groups]
    figures = [t for t in declared_targets(cfg) if t.kind == "figure"]    # the report's, in its order
    assert [t.files[0] for t in figures[:2]] == ["results/valentini2003/figure_3_1.png",
                                                 "results/valentini2003/figure_3_2.png"]
    assert "table_4_1" not in {t.id for t in figures}


def test_shared_quick_scale_runs_smoke_and_unknown_grids_fail():
    assert resolve_scale(config(shared="quick", scale="full")) == "smoke"
    assert settings(config(shared="quick"))["chapter5"]["n_members"] == 5
    raw = config()
    raw["valentini2003"]["scales"]["default"]["chapter5"]["grid"] = "no_such_grid"
    with pytest.raises(ValueError, match="no_such_grid"):
        settings(raw)


def test_listings_are_the_seven_figures():
    listings = read_listings(PUBLISHED)
    assert tuple(listings) == LISTINGS
    assert listings["figure_5_2"][1][0] == "Procedure Generate_samples"
    assert any("Bootstrap_replicate(D_i)" in line for line in listings["figure_5_2"][1])


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_every_static_target_writes_its_png_and_frame(target, tmp_path):
    outputs = {"csv": tmp_path / f"{target}.csv", "png": tmp_path / f"{target}.png"}
    build_static(settings(config(shared="quick")), target, PUBLISHED, outputs)
    assert outputs["png"].stat().st_size > 1000
    frame = pd.read_csv(outputs["csv"])
    assert len(frame) > 0 and set(frame["scale"]) == {"smoke"}
    if target in ("table_6_3", "table_6_4", "table_6_5", "figure_6_2"):
        assert set(frame["status"]) == {GCM_STATUS}


def test_table_4_1_counts_from_the_data_pipeline(tmp_path):
    frame = TARGETS["table_4_1"](settings(config(scale="full")), PUBLISHED, tmp_path / "t.png")
    frame = frame.set_index("data_set")
    assert (frame["n_attributes"].astype(str) == frame["published_n_attributes"]).all()
    assert (frame["n_train_sets"].astype(str) == frame["published_n_train_sets"]).all()
    sizes = frame[["base_train_set_size", "test_set_size"]].astype(str).agg("/".join, axis=1).to_dict()
    assert sizes == {"p2": "synthetic/10000", "waveform": "synthetic/10000", "grey_landsat": "4435/2000",
                     "letter_two": "614/613", "letter_two_noise": "614/613", "spam": "2301/2300",
                     "musk": "238/238"}
    assert "SUBSTITUTE" in frame.loc["musk", "note"] and "4425" in frame.loc["grey_landsat", "note"]
    smoke = TARGETS["table_4_1"](settings(config(scale="smoke")), PUBLISHED, tmp_path / "s.png")
    spam = smoke.set_index("data_set").loc["spam"]
    assert [spam["base_train_set_size"], spam["test_set_size"]] == [300, 500]
