"""The package others depend on: its requirements, the lock and its mirrors, the README's and the
guide's library examples."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")              # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW_ONLY = ("snakemake", "matplotlib", "pooch", "pyyaml")
sys.path.insert(0, str(ROOT / "requirements"))
from mirror import WORKFLOW_LOCK, pins  # noqa: E402


def _names(requirements):
    return {re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_library_requires_no_workflow_package_and_the_workflow_extra_brings_them():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert _names(project["dependencies"]) == {"numpy", "scipy", "scikit-learn", "pandas", "numba"}
    assert set(WORKFLOW_ONLY) <= _names(project["optional-dependencies"]["workflow"])


def test_the_lock_pins_every_requirement_and_both_conda_files_mirror_it():
    locked = pins()
    names = _names(locked)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["workflow"] \
        + project["optional-dependencies"]["test"]
    assert _names(wanted) - {"mavl"} <= names          # the test extra names mavl[workflow] itself
    assert all("==" in pin for pin in locked)
    for env_file, lock in ((ROOT / "environment.yml", locked),
                           (ROOT / "workflow" / "envs" / "mavl.yaml", pins(WORKFLOW_LOCK))):
        mirrored = re.findall(r'^      - "([^"]+)"$', env_file.read_text(), flags=re.M)
        assert [p for p in mirrored if p != "-e ."] == lock, env_file.name
        assert "../.." not in env_file.read_text()


#: What the jobs never run: the docs, lint, test and release extras' own packages.
TOOLS = {"sphinx", "sphinx-gallery", "numpydoc", "myst-parser", "pytest", "pytest-xdist", "ruff", "build",
         "twine", "snakefmt", "black"}


def _closure(requirement, seen):
    """Names of the installed distributions ``requirement`` needs on this platform, with extras."""
    from importlib.metadata import PackageNotFoundError, distribution

    from packaging.requirements import Requirement

    req = Requirement(requirement)
    name = req.name.lower().replace("_", "-")
    extras = tuple(sorted(req.extras))
    if (name, extras) in seen:
        return
    seen.add((name, extras))
    try:
        dist = distribution(name)
    except PackageNotFoundError:
        return
    for dep in dist.requires or ():
        dep_req = Requirement(dep)
        if dep_req.marker is None or any(dep_req.marker.evaluate({"extra": e}) for e in ("", *extras)):
            _closure(dep, seen)


def test_the_rules_environment_holds_what_the_jobs_run_and_no_tool():
    # Issue 54: workflow/envs/mavl.yaml is mavl[workflow] at the lock's versions, without the tools.
    rules = pins(WORKFLOW_LOCK)
    assert set(rules) <= set(pins())                      # the same versions as the full lock
    assert not _names(rules) & TOOLS
    seen = set()
    _closure("mavl[workflow]", seen)
    needed = {name for name, _ in seen} - {"mavl"}
    assert needed <= _names(rules), needed - _names(rules)


_BLOCK_WORKFLOW_PACKAGES = """
import importlib.abc, sys
class NoWorkflow(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"snakemake", "matplotlib", "pooch", "yaml"}:
            raise ImportError(f"{name} belongs to the workflow extra")
sys.meta_path.insert(0, NoWorkflow())
"""
_RUN_BLOCK = _BLOCK_WORKFLOW_PACKAGES + """
exec(compile(sys.stdin.read(), "README example", "exec"), {"__name__": "__main__"})
"""
_RUN_DOCTESTS = _BLOCK_WORKFLOW_PACKAGES + """
import doctest
failed, tried = doctest.testfile(sys.argv[1], module_relative=False)
sys.exit(1 if failed or not tried else 0)
"""
LIBRARY_PAGE = ROOT / "docs" / "guide" / "library.rst"


def _readme_examples():
    return re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)


@pytest.mark.parametrize("example", range(len(_readme_examples())))
def test_readme_library_example_runs_without_the_workflow_extra(example):
    code = _readme_examples()[example]
    done = subprocess.run([sys.executable, "-c", _RUN_BLOCK], input=code,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_guides_library_examples_run_without_the_workflow_extra():
    done = subprocess.run([sys.executable, "-c", _RUN_DOCTESTS, str(LIBRARY_PAGE)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]


def test_license_and_citation_cite_the_software_and_the_five_documents():
    yaml = pytest.importorskip("yaml")
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert citation["type"] == "software" and citation["license"] == "MIT"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert citation["version"] == project["version"]
    authors = {ref["authors"][0]["family-names"] for ref in citation["references"]}
    assert authors == {"James", "Allwein", "Breiman", "Zaki", "Valentini"}
