"""The README's job and file counts, against the workflow's DAG and the committed manifests.

The README states its counts in two tables: how many jobs each command runs (a ``command`` and a
``jobs`` column) and how many files each manifest lists (``manifest`` and ``files``). A command's
job count is what ``snakemake -n`` counts in a fresh copy of the project: the jobs its targets need,
read here from ``snakemake --dag`` (a target needs its own job and every job upstream of it), with
one dry run per configuration, so the commands that differ only in their targets share one. A
manifest's file count is its number of lines that are not comments. A count stated anywhere else in
the README ("445 jobs", "961 files") fails the test: counts belong in the tables, where they are
checked.
"""

import re
import shlex
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from mavl.reproduction.layout import copy_workflow
from mavl.reproduction.registry import papers

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
GUIDE = ROOT / "docs" / "guide"
#: Options of a README command that change the DAG, each followed by one value; ``--cores`` does not.
DAG_OPTIONS = {"--config", "--configfile", "--profile", "--workflow-profile"}
COUNT = re.compile(r"\d[\d,]*")
STRAY_COUNT = re.compile(r"\b\d[\d,]*\s+(?:[\w'’-]+\s+){0,3}?(?:jobs?|files?)\b")
DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")


def _cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def readme_tables(text):
    """Every Markdown table of ``text``: ``(header cells, [(line number, row cells)])``."""
    lines, tables, i = text.splitlines(), [], 0
    while i < len(lines) - 1:
        if lines[i].startswith("|") and re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", lines[i + 1].strip()):
            header, rows, i = _cells(lines[i]), [], i + 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append((i, _cells(lines[i])))
                i += 1
            tables.append((header, rows))
        else:
            i += 1
    return tables


def count_table(tables, key, count):
    """The one table with columns ``key`` and ``count``: ``{key cell's code: (count or None, line)}``."""
    found = [(h, rows) for h, rows in tables if key in h and count in h]
    assert len(found) == 1, f"the README has {len(found)} tables with columns {key!r} and {count!r}"
    header, rows = found[0]
    out = {}
    for line, cells in rows:
        code = re.fullmatch(r"`([^`]+)`", cells[header.index(key)])
        assert code, f"README line {line + 1}: the {key} cell is not one code span"
        value = cells[header.index(count)]
        out[code.group(1)] = (int(value.replace(",", "")) if COUNT.fullmatch(value) else None, line)
    return out


def dag_options_and_targets(command):
    """``(options that shape the DAG, targets)`` of a README ``snakemake`` command."""
    words = shlex.split(command)
    assert words[0] == "snakemake", command
    options, targets, rest = [], [], iter(words[1:])
    for word in rest:
        if word == "--cores":
            next(rest)
        elif word in DAG_OPTIONS:
            options += [word, next(rest)]
        elif word.startswith("-"):
            raise AssertionError(f"{command}: {word} is not an option this test knows how to dry-run")
        else:
            targets.append(word)
    return tuple(options), targets or ["all"]


def jobs_per_target(dot, targets):
    """How many jobs each target rule needs in a DAG printed by ``snakemake --dag``."""
    labels = dict(re.findall(r'^\s*(\d+)\[label = "([^"\\]+)', dot, flags=re.M))
    upstream = defaultdict(set)
    for before, after in re.findall(r"^\s*(\d+) -> (\d+)", dot, flags=re.M):
        upstream[after].add(before)
    counts = {}
    for target in targets:
        nodes = [n for n, label in labels.items() if label == target]
        assert len(nodes) == 1, f"{target}: {len(nodes)} jobs of that rule in the DAG (a rule target only)"
        needed, todo = set(nodes), list(nodes)
        while todo:
            for node in upstream[todo.pop()] - needed:
                needed.add(node)
                todo.append(node)
        counts[target] = len(needed)
    return counts


@pytest.fixture(scope="module")
def tables():
    return readme_tables(README.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def job_table(tables):
    return count_table(tables, "command", "jobs")


@pytest.fixture(scope="module")
def dry_run_counts(job_table, tmp_path_factory):
    """``{command: jobs}`` for every README ``snakemake`` command, one ``--dag`` run per configuration."""
    groups = defaultdict(set)
    for command in job_table:
        if command.startswith("snakemake"):
            options, targets = dag_options_and_targets(command)
            groups[options].update(targets)
    project = copy_workflow(ROOT, tmp_path_factory.mktemp("readme") / "project")
    counts = {}
    for options, targets in groups.items():
        done = subprocess.run([sys.executable, "-m", "snakemake", *sorted(targets), "--dag", "--cores", "1",
                               *options], cwd=project, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-3000:]
        counts[options] = jobs_per_target(done.stdout, targets)
    out = {}
    for command in job_table:
        if command.startswith("snakemake"):
            options, targets = dag_options_and_targets(command)
            needed = [counts[options][t] for t in targets]
            assert len(needed) == 1, f"{command}: one target per command, so that its count is one DAG's"
            out[command] = needed[0]
    return out


def test_the_readme_states_the_main_command_and_each_papers_job_count(job_table):
    stated = {c for c, (n, _) in job_table.items() if n is not None}
    assert "snakemake --cores 2" in stated
    for paper in papers():
        assert f"snakemake --cores 2 {paper}" in stated, paper


def wrong_job_counts(job_table, dag_counts):
    """``{command: (stated, counted)}`` where the README's count is not the DAG's; a ``snakemake``
    command without a count, or a count for anything else, fails at once."""
    wrong = {}
    for command, (stated, line) in job_table.items():
        if command.startswith("snakemake"):
            assert stated is not None, f"README line {line + 1}: `{command}` has no job count"
            if stated != dag_counts[command]:
                wrong[command] = (stated, dag_counts[command])
        else:
            assert stated is None, f"README line {line + 1}: a job count for `{command}`, not a workflow run"
    return wrong


def test_every_job_count_of_the_readme_is_the_dry_runs(job_table, dry_run_counts):
    assert wrong_job_counts(job_table, dry_run_counts) == {}, "README job counts: (stated, dry run)"


def test_every_file_count_of_the_readme_is_its_manifests(tables):
    manifests = count_table(tables, "manifest", "files")
    assert set(manifests) == {str(p.relative_to(ROOT)) for p in (ROOT / "reports").glob("manifest.*.sha256")}
    for path, (stated, line) in manifests.items():
        lines = (ROOT / path).read_text().splitlines()
        files = sum(1 for entry in lines if entry.strip() and not entry.startswith("#"))
        assert stated == files, f"README line {line + 1}: {path} lists {files} files"


def test_the_readme_states_no_count_outside_its_tables(tables):
    """A job or file count elsewhere (in prose, or in another column) would not be checked."""
    text = README.read_text(encoding="utf-8").splitlines()
    counted = {}
    for key, count in (("command", "jobs"), ("manifest", "files")):
        header, rows = next((h, r) for h, r in tables if key in h and count in h)
        counted.update({line: header.index(count) for line, _ in rows})
    stray = []
    for i, line in enumerate(text):
        parts = _cells(line) if i in counted else [line]
        if i in counted:
            parts = parts[:counted[i]] + parts[counted[i] + 1:]
        stray += [f"line {i + 1}: {m.group(0)}" for part in parts for m in STRAY_COUNT.finditer(part)]
    assert stray == []


def test_the_guide_states_a_count_only_with_the_date_it_was_measured():
    """The guide types no count that changes: a job or file count there is a record of one run, and
    the paragraph (or table row) that states it names that run's date."""
    undated = []
    for page in sorted(GUIDE.glob("*.rst")):
        for block in re.split(r"\n\s*\n|\n\s*\* - ", page.read_text(encoding="utf-8")):
            if not DATE.search(block):
                undated += [f"{page.name}: {m.group(0)}" for m in STRAY_COUNT.finditer(block)]
    assert undated == []


def test_a_count_is_the_jobs_upstream_of_its_target_and_a_wrong_one_is_reported():
    """The check itself, on a made-up DAG: r1 and r2 feed r0, r3 stands apart; a README that says
    3 jobs for r0 passes, one that says 4 is reported with both numbers."""
    dot = "digraph snakemake_dag {\n" + "".join(f'\t{i}[label = "r{i}\\nwildcards", color = "0"];\n'
                                                  for i in range(4)) + "\t1 -> 0\n\t2 -> 1\n}\n"
    assert jobs_per_target(dot, ["r0", "r1", "r3"]) == {"r0": 3, "r1": 2, "r3": 1}
    for stated, wrong in ((3, {}), (4, {"snakemake r0": (4, 3)})):
        table = count_table(readme_tables(f"| command | jobs |\n|---|---:|\n| `snakemake r0` | {stated} |\n"),
                            "command", "jobs")
        _, targets = dag_options_and_targets("snakemake r0")
        assert wrong_job_counts(table, {"snakemake r0": jobs_per_target(dot, targets)["r0"]}) == wrong
