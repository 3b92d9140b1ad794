"""The release: one version everywhere, the CI that GitHub runs, the packages `.ci/run` builds."""

import importlib.metadata
import os
import re
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

import mavl

tomllib = pytest.importorskip("tomllib")              # Python 3.11+
yaml = pytest.importorskip("yaml")

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
RELEASE = re.compile(r"\[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})")


def _changelog_sections():
    return re.findall(r"^## (.*)$", (ROOT / "CHANGELOG.md").read_text(), flags=re.M)


def test_pyproject_the_package_and_the_changelog_name_one_version():
    sections = _changelog_sections()
    assert sections[0] == "[Unreleased]"              # Keep a Changelog: the next entries go there
    releases = [RELEASE.fullmatch(section) for section in sections[1:]]
    assert all(releases), [s for s, r in zip(sections[1:], releases, strict=True) if not r]
    versions = [tuple(map(int, release[1].split("."))) for release in releases]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert releases[0][1] == VERSION
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert (str(citation["version"]), str(citation["date-released"])) == (VERSION, releases[0][2])
    assert mavl.__version__ == VERSION
    assert importlib.metadata.version("mavl") == VERSION


def test_github_actions_runs_the_ci_script_itself_on_every_push_and_pull_request():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))     # YAML 1.1 reads a bare `on` as true
    assert {"push", "pull_request"} <= set(triggers)
    (job,) = workflow["jobs"].values()
    assert job["runs-on"] == "ubuntu-latest" and job["timeout-minutes"] == 90
    steps = job["steps"]
    assert [step["run"] for step in steps if "run" in step] == ["bash .ci/run"]   # its steps live there only
    actions = [step["uses"] for step in steps if "uses" in step]
    assert all(re.fullmatch(r"actions/[\w-]+@v\d+", action) for action in actions), actions
    python = next(step["with"]["python-version"] for step in steps if "setup-python" in step.get("uses", ""))
    solved_for = re.search(r"--python-version (\S+)", (ROOT / "requirements" / "refresh").read_text())[1]
    assert python == solved_for                     # the Python the lock is solved for


def test_every_rule_file_is_where_ci_checks_its_format():
    rule_files = subprocess.run(["git", "ls-files", "*.smk"], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.split()
    # .ci/run checks the rules below workflow/ and the worked example's (tests/toy_paper/)
    checked = ("workflow/", "tests/toy_paper/workflow/")
    assert rule_files and all(path.startswith(checked) for path in rule_files)


def _built(pattern):
    found = sorted(Path(os.environ["MAVL_DIST"]).glob(pattern))
    assert [path.name for path in found] == [pattern.replace("*", VERSION)]
    return found[0]


@pytest.mark.skipif("MAVL_DIST" not in os.environ,
                    reason="reads the packages .ci/run builds: MAVL_DIST=<folder of the sdist and wheel>")
def test_the_sdist_and_wheel_carry_every_package_file_the_licence_and_the_readme():
    tracked = subprocess.run(["git", "ls-files", "-z", "src/mavl"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode().split("\0")
    package_files = {path.removeprefix("src/") for path in tracked if path}     # the data files too
    assert any(path.startswith("mavl/data/files/") for path in package_files)
    with tarfile.open(_built("mavl-*.tar.gz")) as sdist:
        top = f"mavl-{VERSION}/"
        in_sdist = {name.removeprefix(top) for name in sdist.getnames()}
        assert sdist.extractfile(top + "README.md").read() == (ROOT / "README.md").read_bytes()
    assert {"LICENSE", "README.md", "PKG-INFO", "pyproject.toml"} <= in_sdist
    assert {f"src/{path}" for path in package_files} <= in_sdist
    with zipfile.ZipFile(_built("mavl-*-py3-none-any.whl")) as wheel:
        in_wheel = set(wheel.namelist())
        info = f"mavl-{VERSION}.dist-info/"
        entry_points = wheel.read(info + "entry_points.txt").decode()
    assert package_files <= in_wheel
    assert {name.split("/")[0] for name in in_wheel} == {"mavl", info.rstrip("/")}  # nothing else installs
    assert info + "licenses/LICENSE" in in_wheel
    assert "mavl-manifest = mavl.reproduction.manifest:main" in entry_points
