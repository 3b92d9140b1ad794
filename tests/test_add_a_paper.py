"""A sixth paper added as the guide says (docs/guide/extending.rst, "Adding a paper"), built end to end.

``tests/toy_paper/`` holds a small paper written against the framework: one published table, one
figure, one claim and one sweep. It is laid into a temporary copy of the project, with its config
section, its name in ``PAPERS`` and its section in the shared schema, and built by Snakemake: the
table by its name, then the paper through the framework's comparison step and report assembly.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from mavl.reproduction.layout import copy_workflow

ROOT = Path(__file__).resolve().parents[1]
TOY = Path(__file__).resolve().parent / "toy_paper"


def add_smith2001(project):
    """The guide's steps on a copy of the project: the paper's files, its config section, its name
    in PAPERS and its section in the shared schema."""
    for path in TOY.rglob("*"):
        if path.is_file() and path.name not in ("README.md", "config.yaml"):
            target = project / path.relative_to(TOY)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    with open(project / "config.yaml", "a") as config:
        config.write("\n" + (TOY / "config.yaml").read_text())
    common = project / "workflow" / "rules" / "common.smk"
    text = common.read_text()
    assert '"valentini2003"]' in text
    common.write_text(text.replace('"valentini2003"]', '"valentini2003", "smith2001"]', 1))
    schema = project / "workflow" / "schemas" / "config.schema.yaml"
    schema.write_text(schema.read_text().replace(
        "properties:\n", "properties:\n  smith2001:\n    type: object\n    description: Smith (2001)\n", 1))


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    project = copy_workflow(ROOT, tmp_path_factory.mktemp("sixth") / "project")
    shutil.copytree(ROOT / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    add_smith2001(project)
    return project


def snakemake(project, *args):
    env = {**os.environ, "PYTHONPATH": str(project / "src")}   # Snakemake's own process reads the copy too
    return subprocess.run([sys.executable, "-m", "snakemake", "--cores", "1", *args], cwd=project, env=env,
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def built(project):
    by_name = snakemake(project, "smith2001_table_1")
    assert by_name.returncode == 0, by_name.stderr[-3000:]
    assert (project / "results/smith2001/table_1.csv").exists()
    assert not (project / "results/smith2001/comparison.csv").exists()    # only what the table needs
    whole = snakemake(project, "smith2001")
    assert whole.returncode == 0, whole.stderr[-3000:]
    return project


def test_each_rule_gets_the_shared_directives_and_the_one_script(project):
    out = snakemake(project, "-n", "smith2001")
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout + out.stderr
    assert "log: logs/smith2001/simulate.log" in text
    assert "benchmark: logs/smith2001/bench/paper/comparison.tsv" in text
    listed = snakemake(project, "--list-target-rules")
    assert {"smith2001", "smith2001_table_1", "smith2001_figure_1"} <= set(listed.stdout.split())


def test_the_comparison_explains_the_miss_by_the_sweep(built):
    cells = pd.read_csv(built / "results/smith2001/comparison.csv")
    verdicts = dict(zip(cells["column"], cells["verdict"], strict=True))
    # B=1 and B=5 printed at p = 0.6 agree; B=25 was printed at p = 0.65, which the sweep measures.
    assert verdicts == {"B1": "agrees", "B5": "agrees", "B25": "explained"}
    assert "last_column_p" in cells.set_index("column").loc["B25", "reason"]
    summary = json.loads((built / "results/smith2001/comparison_summary.json").read_text())
    assert (summary["compared"], summary["agrees"], summary["explained"]) == (3, 2, 1)


def test_the_claim_is_judged_on_both_sides(built):
    claims = pd.read_csv(built / "results/smith2001/claims.csv")
    assert list(claims["claim_id"]) == ["S-1"]
    assert bool(claims.loc[0, "holds_published"]) and bool(claims.loc[0, "holds_reproduced"])


def test_the_report_is_assembled_in_the_framework_order(built):
    report = (built / "reports/smith2001.md").read_text()
    headings = re.findall(r"^## (.+)$", report, flags=re.M)
    assert headings == ["Summary", "Contents", "Cells the published side's sampling error moved",
                        "Tables beside the published", "Claims", "Claims whose reading changed", "Figures",
                        "Misses, explained"]
    assert "![Figure 1](smith2001_figures/figure_1.png)" in report
    assert (built / "reports/smith2001_figures/figure_1.png").exists()
    assert (built / "results/smith2001/figure_1.pdf").exists()
