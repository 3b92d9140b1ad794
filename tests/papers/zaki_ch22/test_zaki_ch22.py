"""The zaki_ch22 demonstration targets: every one runs, and the chapter's checks hold (spec §5)."""

from pathlib import Path

import numpy as np
import pytest
import yaml

from mavl.papers.zaki_ch22 import steps
from mavl.papers.zaki_ch22.common import iris_pc2, split_s
from mavl.papers.zaki_ch22.targets import CATALOGUE, demonstration
from mavl.reproduction import loop

CONFIG = yaml.safe_load((Path(__file__).resolve().parents[3] / "config.yaml").read_text())["zaki_ch22"]


def test_config_lists_every_target_once_with_its_figure():
    listed = CONFIG["figure_targets"] + CONFIG["table_targets"]
    assert sorted(listed) == sorted(CATALOGUE) and len(set(listed)) == len(listed)
    assert len(listed) >= 8


@pytest.fixture(scope="module")
def outputs():
    return {t: demonstration(t)() for t in CATALOGUE}


def test_each_target_has_a_table_and_its_figure(outputs):
    for target, (table, fig, _) in outputs.items():
        assert len(table) > 0, target
        assert (fig is not None) == (target in CONFIG["figure_targets"]), target


def test_all_fourteen_checks_are_evaluated_and_hold(outputs):
    checks = {c["check"]: c for _, _, cs in outputs.values() for c in cs}
    assert sorted(checks, key=lambda c: int(c[2:])) == [f"Z-{i}" for i in range(1, 15)]
    failing = {k: c["values"] for k, c in checks.items() if not c["holds"]}
    assert failing == {}


def test_iris_pc2_and_split_s():
    X, y = iris_pc2()
    assert X.shape == (150, 2) and np.bincount(y).tolist() == [50, 50, 50]
    np.testing.assert_allclose(X.mean(axis=0), 0, atol=1e-12)          # centred
    assert X[:, 0].var() > X[:, 1].var()                                 # first component first
    train, test = split_s()
    assert len(train) == 100 and len(test) == 50 and not set(train) & set(test)


def test_targets_are_deterministic():
    a, _, _ = demonstration("algorithm_22_3")()
    b, _, _ = demonstration("algorithm_22_3")()
    assert a.equals(b)


def _comparison(step_job, tmp_path, outputs, share=None):
    """The comparison step on the targets' tables (Iris's distinct shares replaced by ``share``)."""
    from mavl.reproduction.io import write_json, write_table

    paths = {}
    for target in ("demo_bootstrap_probability", "algorithm_22_3"):
        table = outputs[target][0].copy()
        if share is not None and target == "algorithm_22_3":
            table["distinct_fraction"] = share
        paths[target] = tmp_path / f"{target}.csv"
        write_table(table, paths[target])
    write_json([{"check": "Z-7", "statement": "s", "holds": True, "values": ""}], tmp_path / "c.json")
    published = Path(__file__).resolve().parents[3] / "resources" / "published" / "zaki_ch22"
    inputs = {"probability": paths["demo_bootstrap_probability"], "algorithm": paths["algorithm_22_3"],
              "published": published / "bootstrap_probability.csv", "checks": [tmp_path / "c.json"]}
    written = {"comparison": tmp_path / "comparison.csv", "summary": tmp_path / "summary.json",
               "claims": tmp_path / "claims.csv"}
    job = step_job(inputs, written, settings={}, claims={})
    return loop.comparison(job, steps)                # the framework's step on Zaki's hook


def test_the_chapters_printed_numbers_agree_and_complements_count_once(step_job, tmp_path, outputs):
    cells, _, counts = _comparison(step_job, tmp_path, outputs)
    assert (counts["compared"], counts["agrees"], counts["repeated_cells"]) == (4, 4, 2)
    limit = cells[cells["column"] == "n → ∞ (e^−1)"].iloc[0]
    assert limit["reproduced"] == pytest.approx(np.exp(-1)) and limit["published_se"] == pytest.approx(0.0005)
    simulated = cells[cells["column"] == "n = 150, simulated"].iloc[0]
    assert simulated["n_replicates"] == 10_000 and 0 < simulated["reproduced_se"] < 0.001
    assert (counts["claims_reproduced_judged"], counts["claims_published_judged"]) == (1, 0)


def test_a_bootstrap_share_far_from_63_percent_is_a_miss(step_job, tmp_path, outputs):
    cells, _, counts = _comparison(step_job, tmp_path, outputs, share=np.linspace(0.55, 0.57, 50))
    iris = cells[cells["target"] == "algorithm_22_3"].iloc[0]
    assert iris["verdict"] == "unexplained" and counts["unexplained"] == 1
