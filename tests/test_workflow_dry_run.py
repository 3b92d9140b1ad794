"""Dry runs of the workflow in a temporary copy of the project: its targets, rules, config checks and
the resources every job asks for. Apart from tests/test_workflow.py's quick-profile build, so that
pytest-xdist (a file per worker) runs them beside it."""

import functools
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mavl.reproduction.layout import copy_workflow
from mavl.reproduction.registry import declarations, papers
from mavl.reproduction.targets import declared_by_paper

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]


def run(cwd, *args):
    return subprocess.run(SNAKEMAKE + list(args), cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})


# James's thesis as text is not ours to ship: name a copy to check every caption against the targets.
SEED_TEXT = Path(os.environ.get("MAVL_JAMES_THESIS_TEXT", "/nonexistent"))


def thesis_caption_ids():
    """Every "Table N.M" / "Figure N.M" caption of the thesis, as target ids (table_2_1, ...)."""
    captions = re.findall(r"^(Table|Figure) (\d+)\.(\d+)", SEED_TEXT.read_text(), flags=re.M)
    return sorted({f"{kind.lower()}_{a}_{b}" for kind, a, b in captions})


@pytest.fixture(scope="module")
def dry_run_text(tmp_path_factory):
    project = copy_workflow(ROOT, tmp_path_factory.mktemp("dry") / "project")
    out = run(project, "-n", "--cores", "2")
    assert out.returncode == 0, out.stderr
    return out.stdout + out.stderr


def test_the_workflow_profile_is_read_without_a_flag(dry_run_text):
    # profiles/default tunes Snakemake's own scheduling (greedy, a 10 s rate-limit timespan); Snakemake
    # finds it next to the Snakefile, so the README's plain `snakemake --cores N` uses it.
    assert "workflow specific profile profiles/default" in dry_run_text


def test_dry_run_lists_every_chapter_2_target(dry_run_text):
    ids = [f"table_2_{n}" for n in range(3, 20)] + [f"figure_2_{n}" for n in (2, 7, 8, 9, 10, 11, 12)]
    assert [i for i in ids if f"james1998/{i}." not in dry_run_text] == []


def test_dry_run_lists_the_breiman_targets(dry_run_text):
    for target in ("table_1", "table_2", "table_3", "table_4", "table_5", "eq_7_3"):
        assert f"results/breiman1997/{target}.csv" in dry_run_text
    assert "reports/breiman1997.md" in dry_run_text


def test_dry_run_lists_the_allwein_targets(dry_run_text):
    targets = [f"table_{n}" for n in (1, 2, 3)] + [f"figure_{n}" for n in range(1, 8)]
    assert [t for t in targets if f"results/allwein2000/{t}.csv" not in dry_run_text] == []
    assert "reports/allwein2000.md" in dry_run_text


def test_dry_run_lists_the_zaki_targets(dry_run_text):
    assert len(set(re.findall(r"zaki_ch22/(\w+)\.csv", dry_run_text))) >= 13
    assert "reports/zaki_ch22.md" in dry_run_text


@pytest.mark.skipif(not SEED_TEXT.is_file(), reason="opt-in: MAVL_JAMES_THESIS_TEXT names the thesis as text")
def test_every_thesis_caption_has_a_target(dry_run_text):
    ids = thesis_caption_ids()
    assert len(ids) == 39          # 2 + 17 + 2 tables of Chapters 2-3, 18 figures
    ids.append("table_sec_3_4")    # the unnumbered table of Section 3.4
    assert [i for i in ids if not re.search(rf"james1998/{i}[._/]", dry_run_text)] == []


@pytest.mark.parametrize(
    "override, key",
    [("master_seed=not-a-number", "master_seed"), ("scale=huge", "scale")],
)
def test_bad_config_is_rejected_naming_the_key(tmp_path, override, key):
    project = copy_workflow(ROOT, tmp_path / "project")
    out = run(project, "-n", "--cores", "1", "--config", override)
    assert out.returncode != 0
    assert key in out.stdout + out.stderr
    assert not (project / "results").exists()


def test_config_typo_is_rejected(tmp_path):
    project = copy_workflow(ROOT, tmp_path / "project")
    config = (project / "config.yaml").read_text().replace("bad_round: literal", "bad_rond: literal")
    (project / "config.yaml").write_text(config)
    out = run(project, "-n", "--cores", "1")
    assert out.returncode != 0 and "bad_rond" in out.stdout + out.stderr


@pytest.fixture(scope="module")
def target_rules(tmp_path_factory):
    """A copy of the project and the names ``snakemake --list-target-rules`` prints for it."""
    project = copy_workflow(ROOT, tmp_path_factory.mktemp("targets") / "project")
    listed = run(project, "--list-target-rules")
    assert listed.returncode == 0, listed.stderr[-2000:]
    return project, set(listed.stdout.split())


def test_each_paper_is_a_target_rule_and_all_is_their_union(target_rules):
    project, names = target_rules
    assert {"all", *papers()} <= names
    zaki = run(project, "-n", "--cores", "1", "zaki_ch22")
    assert zaki.returncode == 0 and "reports/zaki_ch22.md" in zaki.stdout
    assert "results/james1998/" not in zaki.stdout


def test_valentini_target_rule_lists_its_static_and_chapter_4_targets(tmp_path):
    project = copy_workflow(ROOT, tmp_path / "project")
    out = run(project, "valentini2003", "-n", "--cores", "1", "--config", "scale=quick")
    assert out.returncode == 0, out.stderr[-2000:]
    for target in ("figure_3_1", "table_4_1", "table_4_2", "figure_4_5", "figure_4_25", "table_6_3"):
        assert f"results/quick/valentini2003/{target}.csv" in out.stdout


PREFIX = {paper.name: paper.rule_prefix for paper in declarations()}


@pytest.fixture(scope="module")
def papers_dry_run(tmp_path_factory):
    """One dry run asking for every paper's target rule, so that each rule's job is listed."""
    project = copy_workflow(ROOT, tmp_path_factory.mktemp("targets") / "project")
    out = run(project, "-n", "--cores", "1", *sorted(PREFIX))
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout + out.stderr


DRY_JOB = re.compile(r"^(?:local)?rule (\w+):\n((?:    .*\n)*)", flags=re.M)


def dry_run_jobs(text):
    """``[(rule, {field: value})]`` of every job a dry run lists."""
    return [(name, dict(re.findall(r"^    (\w+): (.*)$", body, flags=re.M)))
            for name, body in DRY_JOB.findall(text)]


@pytest.mark.parametrize("paper", sorted(PREFIX))
def test_every_rule_and_log_of_a_paper_carries_its_prefix(paper, papers_dry_run):
    """Each rule of ``workflow/rules/<paper>/`` is named ``<prefix><step>``; each of its jobs logs
    under ``logs/<paper>/`` and measures itself under ``logs/<paper>/bench/`` at the same path
    (the cost table pairs the two), as the one pass of rules/common.smk gives them."""
    text = "\n".join(p.read_text() for p in sorted((ROOT / "workflow" / "rules" / paper).glob("*.smk")))
    names = (re.findall(r"^(?:rule|use rule paper_step as) (\w+)", text, flags=re.M)
             + re.findall(r'^\s+f"(\w+)_\{', text, flags=re.M))
    assert names and [n for n in names if n != paper and not n.startswith(PREFIX[paper])] == []
    jobs = [(name, fields) for name, fields in dry_run_jobs(papers_dry_run)
            if name.startswith(PREFIX[paper]) and name != paper]                    # not the target rule
    assert jobs
    for name, fields in jobs:
        log, bench = fields["log"], fields["benchmark"]
        assert log.startswith(f"logs/{paper}/") and log.endswith(".log"), (name, log)
        scale = bench.split("/")[3]
        inside = log.removeprefix(f"logs/{paper}/").removesuffix(".log")
        assert bench == f"logs/{paper}/bench/{scale}/{inside}.tsv", (name, bench)


def test_every_declared_table_and_figure_is_a_target_rule_that_builds_its_files(target_rules):
    """``snakemake --list-target-rules`` names ``<paper>_<id>`` for every target a paper declares,
    and a dry run of one of them asks for that target's files (and schedules what makes them)."""
    project, names = target_rules
    config = yaml.safe_load((ROOT / "config.yaml").read_text())
    declared = declared_by_paper(config, sorted(PREFIX))
    for paper, targets in declared.items():
        assert {t.kind for t in targets} >= {"table"}, paper
        assert {f"{paper}_{t.id}" for t in targets} <= names, paper
    table = next(t for t in declared["james1998"] if t.id == "table_2_10")
    out = run(project, "-n", "--cores", "1", "james1998_table_2_10")
    assert out.returncode == 0, out.stderr[-2000:]
    assert re.search(rf"^(?:local)?rule james1998_table_2_10:\n    input: {', '.join(table.files)}$",
                     out.stdout + out.stderr, flags=re.M)
    assert re.search(r"^james_table\s+1$", out.stdout + out.stderr, flags=re.M)


def test_snakemake_targets_prints_each_table_and_figure_with_its_rule_and_file(target_rules):
    """``snakemake <paper>_targets`` prints one line per declared target (its rule, kind and main
    file in the run's tree), only those; ``snakemake targets`` every paper's, under a heading each."""
    project, names = target_rules
    assert {"targets", *(f"{paper}_targets" for paper in papers())} <= names
    config = {**yaml.safe_load((ROOT / "config.yaml").read_text()), "scale": "quick"}
    declared = declared_by_paper(config)
    out = run(project, "--cores", "1", "zaki_ch22_targets", "--config", "scale=quick")
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.splitlines()
    expected = [(f"zaki_ch22_{t.id}", t.kind, t.files[0].replace("results/", "results/quick/", 1))
                for t in declared["zaki_ch22"]]
    assert [tuple(line.split()) for line in lines[1:]] == expected
    assert lines[0].startswith("zaki_ch22: ") and "tables" in lines[0] and "figures" in lines[0]
    every = run(project, "--cores", "1", "targets").stdout.splitlines()
    assert [line.split(":")[0] for line in every if line and not line.startswith(" ")] == papers()
    assert sum(line.startswith("  ") for line in every) == sum(map(len, declared.values()))
    assert not (project / "results").exists()


STEP_MODULES = {paper: f"mavl.papers.{paper}.steps" for paper in PREFIX}
STEP_MODULES["reports"] = "mavl.reproduction.steps"
SCRIPT = re.compile(r'^\s+script:\n\s+"((?:\.\./)+)scripts/([\w/]+\.py)"', flags=re.M)


def test_every_rule_runs_the_one_step_script_and_its_name_finds_its_step(papers_dry_run):
    """Every rule runs ``workflow/scripts/step.py``, which only logs and calls ``run_step``; every
    job of the dry run finds its step by its rule's name: ``steps.<step>`` of its paper, or for the
    comparison and the report of a paper that gives the loop's hooks, the framework's step."""
    from mavl.reproduction.steps import step_function
    assert [p.name for p in (ROOT / "workflow" / "scripts").rglob("*.py")] == ["step.py"]
    scripts = [m.group(2) for smk in (ROOT / "workflow" / "rules").rglob("*.smk")
               for m in SCRIPT.finditer(smk.read_text())]
    assert scripts and set(scripts) == {"step.py"}
    # A paper's rule inherits the script from the one step rule (rules/templates/step.smk) rather
    # than naming it: only rules made in a loop, which cannot inherit, state it.
    for paper in PREFIX:
        for smk in (ROOT / "workflow" / "rules" / paper).glob("*.smk"):
            assert not re.findall(r"^rule (\w+):", smk.read_text(), flags=re.M), smk
    text = (ROOT / "workflow" / "scripts" / "step.py").read_text()
    assert text.split('"""', 2)[2] == (
        "\n\nfrom mavl.reproduction.progress import log_to\n\nlog_to(snakemake)\n\n"
        "from mavl.reproduction.steps import run_step\n\nrun_step(snakemake)\n")
    names = {name for name, fields in dry_run_jobs(papers_dry_run) if "log" in fields}
    assert len(names) > 40
    for name in sorted(names):
        step = step_function(name)
        folder = next(p for p, prefix in {**PREFIX, "reports": "reports_"}.items() if name.startswith(prefix))
        if isinstance(step, functools.partial):        # the framework's loop step, on the paper's hooks
            assert step.keywords["hooks"].__name__ == STEP_MODULES[folder], name
            step = step.func
            assert step.__module__ == "mavl.reproduction.loop", name
        else:
            assert step.__module__ == STEP_MODULES[folder], name
        assert name.removeprefix(PREFIX.get(folder, "reports_")).startswith(step.__name__), name


def test_a_rule_name_that_names_no_step_is_refused():
    from mavl.reproduction.steps import step_function
    assert step_function("james_fit_C100s").__name__ == "fit"        # a rule made in a loop
    assert step_function("valentini_ch4_targets").__name__ == "ch4_targets"   # the longest step
    with pytest.raises(LookupError, match="no single paper"):
        step_function("smith_table")
    with pytest.raises(LookupError, match="has no step"):
        step_function("zaki_nothing")


def test_no_step_reads_the_workflow_config():
    """A step reads what its rule passes (``job.params``), never the whole config."""
    for module in STEP_MODULES.values():
        source = Path(importlib.import_module(module).__file__).read_text()
        assert not re.search(r"\b(job|snakemake)\.config\b", source), module


COSTS = ROOT / "workflow" / "resources" / "job_costs.tsv"
JOB = re.compile(r"^(?:local)?rule (\w+):\n(?:    .*\n)*?    resources: .*?runtime=(\d+), mem_mb=(\d+)",
                 flags=re.M)


@pytest.mark.parametrize("shared, valentini", [("paper", "full"), ("quick", "smoke")])
def test_every_job_asks_at_least_twice_its_measured_or_estimated_cost(tmp_path, shared, valentini):
    """A dry run (the SLURM profile passes the same resources) at the shared scale, with Valentini at
    ``valentini``: every job's runtime and memory against its rule's row of the cost table."""
    from mavl.reproduction.resources import read_costs
    costs = read_costs(COSTS).set_index(["rule", "scale"])
    project = copy_workflow(ROOT, tmp_path / "project")
    config = yaml.safe_load((project / "config.yaml").read_text())
    config["scale"], config["valentini2003"]["scale"] = shared, valentini
    (project / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    out = run(project, "-n", "--cores", "1", "--forceall")
    assert out.returncode == 0, out.stderr[-2000:]
    jobs = JOB.findall(out.stdout + out.stderr)
    assert len({name for name, _, _ in jobs}) > 40
    # The same dry run names Valentini's report after its scale, beside the default one's.
    report = {"full": "reports/valentini2003.full.md", "smoke": "reports/valentini2003.quick.md"}[valentini]
    assert f"output: {report}," in out.stdout + out.stderr
    for name, runtime, mem_mb in jobs:
        scale = valentini if name.startswith("valentini_") else shared
        assert (name, scale) in costs.index, f"{name} has no measured or estimated cost at {scale}"
        row = costs.loc[(name, scale)]
        assert int(runtime) * 60 >= 2 * row["seconds"] and int(mem_mb) >= 2 * row["max_rss_mb"], name


def test_the_users_set_resources_win_over_the_cost_table(tmp_path):
    """--set-resources (command line or profile) overrides a rule's measured cost, as Snakemake's own
    precedence has it over a rule's resources; the other rules keep the table's."""
    project = copy_workflow(ROOT, tmp_path / "project")
    out = run(project, "-n", "--cores", "1", "--forceall", "zaki_ch22",
              "--set-resources", "zaki_report:mem_mb=12345", "zaki_report:runtime=77")
    assert out.returncode == 0, out.stderr[-2000:]
    jobs = JOB.findall(out.stdout + out.stderr)
    asked = {name: (int(runtime), int(mem_mb)) for name, runtime, mem_mb in jobs}
    assert asked["zaki_report"] == (77, 12345)
    assert asked["zaki_comparison"] != (77, 12345)
