"""Fixtures shared by the test folders."""

import doctest
import importlib
import os
import shutil
import warnings
from types import SimpleNamespace

import pytest

fetch_module = importlib.import_module("mavl.data.fetch")


def _no_download(*args, **kwargs):
    raise ConnectionError("network disabled in tests")


@pytest.fixture
def no_download(monkeypatch):
    """Data files come from the package or a mirror only: a download attempt fails."""
    monkeypatch.setattr(fetch_module, "_download", _no_download)


@pytest.fixture
def no_packaged_copies(monkeypatch, tmp_path, no_download):
    """The registry without the package's files (as for a file too large to ship), no network."""
    package = tmp_path / "package"
    package.mkdir()
    shutil.copy(fetch_module._files() / "registry.tsv", package / "registry.tsv")
    monkeypatch.setattr(fetch_module, "_files", lambda: package)


class _Files(dict):
    """A rule's named files, as a job's ``input`` and ``output`` give them (by name, as attributes too)."""

    __getattr__ = dict.__getitem__


@pytest.fixture(scope="session")
def step_job():
    """``step_job(inputs, outputs, **params)``: the ``job`` a rule hands its step (Snakemake's
    ``snakemake`` object), from dicts of its named files and its params (a factory: any scope)."""
    def make(inputs, outputs, **params):
        return SimpleNamespace(input=_Files(inputs), output=_Files(outputs), params=SimpleNamespace(**params))
    return make


def _run_doctest(test):
    """Run one ``doctest.DocTest``; return its result and the runner's report of what failed."""
    report = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                    # an example that warns is not an example
        result = runner.run(test, out=report.append)
    return result, "".join(report)


@pytest.fixture
def run_doctest():
    """The docstring examples' runner (ELLIPSIS, NORMALIZE_WHITESPACE, warnings as errors)."""
    return _run_doctest


# The quick-profile build of tests/test_workflow.py is most of the suite's CPU time. pytest-xdist hands
# out files by their number of tests, which gave that file to a worker a fifth of the way into the run,
# and the other worker then idled for more than half of it (2026-11-28). Handed out first, the build
# overlaps every other file.
FIRST_FILE = "tests/test_workflow.py"


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` (pyproject.toml's), with FIRST_FILE handed out before every other file."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class FirstFileFirst(LoadFileScheduling):
        def _assign_work_unit(self, node):
            if FIRST_FILE in self.workqueue:
                self.workqueue.move_to_end(FIRST_FILE, last=False)
            super()._assign_work_unit(node)

    return FirstFileFirst(config, log)


@pytest.fixture
def seed_text():
    """``read(name)``: a document's text (``<name>`` in the folder ``MAVL_SEEDS`` names, else in
    ``shared/seeds`` beside the clone), its whitespace runs made single spaces as claims' quotes are
    compared; the test is skipped where the text is not there (the documents do not ship with the
    project)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    folders = [Path(os.environ["MAVL_SEEDS"])] if os.environ.get("MAVL_SEEDS") else []
    folders += [parent / "shared" / "seeds" for parent in root.parents]

    def read(name):
        for folder in folders:
            if (folder / name).is_file():
                return " ".join((folder / name).read_text(encoding="utf-8").split())
        pytest.skip(f"the document's text {name} is not beside this clone (set MAVL_SEEDS)")

    return read
