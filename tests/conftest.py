"""Fixtures shared by the test folders."""

import importlib
import shutil

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
