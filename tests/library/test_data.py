"""Data files, loaders, the Concentric generator and stratified draws."""

import importlib
import os
import shutil

import numpy as np
import pytest

from mavl.data import (
    DataFileError,
    bayes_error,
    fetch,
    load_letter,
    load_vowel,
    registry,
    sample_concentric,
    stratified_indices,
)

fetch_module = importlib.import_module("mavl.data.fetch")


def test_letter_canonical_order_and_counts():
    X, y = load_letter()
    assert X.shape == (20000, 16) and np.unique(y).size == 26
    counts = np.bincount(y)
    assert counts.min() == 734 and counts.max() == 813
    keys = np.column_stack([y, X]).astype(int)
    assert all(tuple(a) <= tuple(b) for a, b in zip(keys[:-1:97], keys[1::97], strict=True))
    assert (np.diff(y) >= 0).all()


def test_vowel_standard_split():
    vowel = load_vowel()
    assert vowel.X_train.shape == (528, 10) and vowel.X_test.shape == (462, 10)
    assert (np.bincount(vowel.y_train) == 48).all() and (np.bincount(vowel.y_test) == 42).all()


def test_packaged_files_are_verified(monkeypatch, tmp_path):
    # A corrupt mirror copy is never preferred to the verified packaged copy.
    monkeypatch.setenv("MAVL_DATA_MIRROR", str(tmp_path))
    assert fetch("letter/letter-recognition.data").name == "letter-recognition.data"


def _no_download(*args, **kwargs):
    raise ConnectionError("network disabled in tests")


def test_corrupt_mirror_file_is_named(monkeypatch, tmp_path):
    monkeypatch.setattr(fetch_module, "_download", _no_download)
    (tmp_path / "glass").mkdir()
    (tmp_path / "glass" / "glass.data").write_text("not the glass data\n")
    with pytest.raises(DataFileError) as info:
        fetch("glass/glass.data", mirror=tmp_path)
    message = str(info.value)
    assert "glass/glass.data" in message
    assert registry()["glass/glass.data"]["sha256"] in message
    assert "mirror" in message and "download" in message and "network disabled" in message


def test_missing_file_is_named(monkeypatch, tmp_path):
    monkeypatch.setattr(fetch_module, "_download", _no_download)
    with pytest.raises(DataFileError, match=r"pima/pima-indians-diabetes\.data.*missing"):
        fetch("pima/pima-indians-diabetes.data", mirror=tmp_path)
    with pytest.raises(DataFileError, match="unknown data file"):
        fetch("nope/nothing.data")


@pytest.mark.skipif(not os.environ.get("MAVL_DATA_MIRROR"), reason="MAVL_DATA_MIRROR not set")
def test_fetch_from_mirror(tmp_path):
    source = fetch("glass/glass.data")
    shutil.copy(source, tmp_path / "copy")
    assert fetch_module.sha256(tmp_path / "copy") == registry()["glass/glass.data"]["sha256"]


def test_concentric_generator_and_bayes_error():
    rng = np.random.default_rng(0)
    X, y = sample_concentric(100_000, rng)
    assert np.bincount(y).tolist() == [100_000, 100_000]
    r = np.hypot(*X.T)
    assert r[y == 0].max() <= 1 and r[y == 1].min() >= 0.6 and r[y == 1].max() <= 1.6
    # Bayes rule: centre if r < 0.8 (any rule inside the band is Bayes); error exactly 20 %.
    err = np.mean((r > 0.8) != (y == 1))
    assert abs(err - 0.2) < 0.005
    assert bayes_error() == pytest.approx(0.2)
    assert bayes_error((0, 1), (1, 2)) == 0.0


def test_stratified_draws_are_disjoint_and_reproducible():
    y = np.repeat(np.arange(3), 30)
    a = stratified_indices(y, 10, np.random.default_rng(4))
    b = stratified_indices(y, 10, np.random.default_rng(4))
    np.testing.assert_array_equal(a, b)
    assert (np.bincount(y[a]) == 10).all()
    test = stratified_indices(y, 20, np.random.default_rng(5), exclude=a)
    assert not np.isin(test, a).any()
    with pytest.raises(ValueError, match="fewer than"):
        stratified_indices(y, 21, np.random.default_rng(5), exclude=a)
