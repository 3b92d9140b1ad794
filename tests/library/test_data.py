"""Data files, loaders, the Concentric generator and stratified draws."""

import importlib
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
from mavl.data.concentric import GENERATORS, radial_densities

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


def test_every_registered_file_ships_with_its_checksum(monkeypatch, no_download):
    # A clean install reads every file from the package: no mirror, no download.
    monkeypatch.delenv("MAVL_DATA_MIRROR", raising=False)
    for relpath, row in registry().items():
        path = fetch(relpath)
        assert path.parent.name == relpath.split("/")[0] and path.stat().st_size == int(row["bytes"])
        assert fetch_module.sha256(path) == row["sha256"]
        assert row["licence"].startswith("CC BY 4.0") and "@" in row["copied_from"] and row["check"]


def test_mirror_copy_is_read_first_and_a_corrupt_one_passed_over(monkeypatch, tmp_path):
    packaged = fetch("glass/glass.data", mirror=tmp_path / "empty")
    (tmp_path / "glass").mkdir()
    shutil.copy(packaged, tmp_path / "glass" / "glass.data")
    monkeypatch.setenv("MAVL_DATA_MIRROR", str(tmp_path))
    assert fetch("glass/glass.data") == tmp_path / "glass" / "glass.data"
    (tmp_path / "glass" / "glass.data").write_text("not the glass data\n")
    assert fetch("glass/glass.data") == packaged


def test_corrupt_mirror_file_is_named(no_packaged_copies, tmp_path):
    (tmp_path / "glass").mkdir()
    (tmp_path / "glass" / "glass.data").write_text("not the glass data\n")
    with pytest.raises(DataFileError) as info:
        fetch("glass/glass.data", mirror=tmp_path)
    message = str(info.value)
    assert "glass/glass.data" in message
    assert registry()["glass/glass.data"]["sha256"] in message
    assert "mirror" in message and "packaged copy" in message and "download" in message
    assert "network disabled" in message


def test_missing_file_is_named(no_packaged_copies, tmp_path):
    with pytest.raises(DataFileError, match=r"pima/pima-indians-diabetes\.data.*missing"):
        fetch("pima/pima-indians-diabetes.data", mirror=tmp_path)
    with pytest.raises(DataFileError, match="unknown data file"):
        fetch("nope/nothing.data")


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


def test_concentric_default_draws_are_unchanged_by_the_generator_option():
    # The radial-uniform reading draws exactly what it drew before the option existed.
    X, y = sample_concentric(50, np.random.default_rng(3), generator="radial_uniform")
    rng = np.random.default_rng(3)
    radius = np.concatenate([rng.uniform(0, 1, 50), rng.uniform(0.6, 1.6, 50)])
    angle = rng.uniform(0, 2 * np.pi, 100)
    np.testing.assert_array_equal(X, np.column_stack([radius * np.cos(angle), radius * np.sin(angle)]))


def test_gaussian_scale_reading_has_its_closed_form_bayes_error():
    # N(0, I) against N(0, 9I): the densities cross at r² = 18 ln 9 / 8, so the Bayes error is
    # ½ (P(R0 > r*) + P(R1 < r*)) with R² / σ² ~ χ²₂.
    r2 = 18 * np.log(9) / 8
    exact = 0.5 * (np.exp(-r2 / 2) + 1 - np.exp(-r2 / 18))
    assert bayes_error(generator="gaussian_scale") == pytest.approx(exact, abs=1e-8)
    X, y = sample_concentric(100_000, np.random.default_rng(1), generator="gaussian_scale")
    assert X[y == 0].std(axis=0) == pytest.approx([1, 1], abs=0.02)
    assert X[y == 1].std(axis=0) == pytest.approx([3, 3], abs=0.05)
    assert abs(X.mean(axis=0)).max() < 0.03


@pytest.mark.parametrize("generator", GENERATORS)
def test_every_concentric_reading_meets_its_bayes_error_by_monte_carlo(generator):
    X, y = sample_concentric(100_000, np.random.default_rng(2), generator=generator)
    r = np.hypot(*X.T)
    f0, f1 = radial_densities(generator)
    bayes_rule = (f1(r) > f0(r)).astype(int)
    err = np.mean(bayes_rule != y)
    assert abs(err - bayes_error(generator=generator)) < 0.005
    if generator == "gaussian_ring":
        assert np.median(r[y == 1]) == pytest.approx(3.0, abs=0.03)


def test_an_unknown_concentric_generator_is_refused():
    with pytest.raises(ValueError, match="unknown Concentric generator"):
        sample_concentric(5, np.random.default_rng(0), generator="ring")


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
