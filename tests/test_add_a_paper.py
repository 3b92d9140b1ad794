"""A sixth paper added as the guide says (docs/guide/extending.rst, "Adding a paper"), built end to end.

``tests/toy_paper/`` holds a small paper written against the framework: one published table, one
figure, one claim and one sweep. Its files are laid into a temporary copy of the project, where no
file existed before (no shared file is edited: not the config, nor a list of papers, nor the shared
schema), and built by Snakemake: the table by its name, then the paper through the framework's
comparison step and report assembly.
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
from mavl.reproduction.registry import papers

ROOT = Path(__file__).resolve().parents[1]
TOY = Path(__file__).resolve().parent / "toy_paper"


def add_smith2001(project):
    """The guide's steps on a copy of the project: the paper's own files, each new there."""
    for path in TOY.rglob("*"):
        if path.is_file() and path.name != "README.md":
            target = project / path.relative_to(TOY)
            assert not target.exists(), f"the toy paper would overwrite {target.relative_to(project)}"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)


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


def test_the_paper_joins_the_one_list_at_its_declared_place(project):
    # ORDER = 6: after the five papers, in the list the workflow, the reports' index and the site read.
    code = "from mavl.reproduction import registry; print(*registry.papers())"
    env = {**os.environ, "PYTHONPATH": str(project / "src")}
    listed = subprocess.run([sys.executable, "-c", code], cwd=project, env=env,
                            capture_output=True, text=True, check=True).stdout.split()
    assert listed == [*papers(), "smith2001"]
    everything = snakemake(project, "-n", "all")
    assert everything.returncode == 0, everything.stderr[-3000:]
    assert "reports/smith2001.md" in everything.stdout


def test_a_section_in_the_config_overrides_the_schema_defaults(built, tmp_path):
    project = built                      # built from the schema's defaults: config.yaml has no section
    assert "smith2001" not in (project / "config.yaml").read_text()
    (tmp_path / "p.yaml").write_text("smith2001:\n  p: 0.7\n")
    changed = snakemake(project, "-n", "smith2001", "--configfile", str(tmp_path / "p.yaml"))
    assert changed.returncode == 0, changed.stderr[-3000:]
    assert "before: {'p': 0.6," in changed.stdout and "now: {'p': 0.7," in changed.stdout
    assert "Nothing to be done" in snakemake(project, "-n", "smith2001").stdout
    (tmp_path / "q.yaml").write_text("smith2001:\n  q: 0.7\n")
    wrong = snakemake(project, "-n", "smith2001", "--configfile", str(tmp_path / "q.yaml"))
    assert wrong.returncode != 0
    said = wrong.stdout + wrong.stderr
    assert "config section smith2001" in said and "'q' was unexpected" in said
