"""Valentini (2003): P2 and two-class Waveform generators, two-class UCI loaders (spec valentini2003 §2)."""

import importlib

import numpy as np
import pytest

from mavl.data import DataFileError, bayes_posterior, load_satellite
from mavl.data.two_class import (
    P2_BAYES_ERROR,
    TWO_CLASS_GENERATORS,
    WAVEFORM_TWO_CLASS_BAYES_ERROR,
    p2,
    p2_class_fraction,
    p2_labels,
    p2_standardize,
    signed_labels,
    waveform_two_class,
    waveform_two_class_bayes_error,
    waveform_two_class_bayes_predict,
    waveform_two_class_posterior,
)
from mavl.data.uci import Dataset
from mavl.data.uci_binary import (
    BINARY_DATASETS,
    UNAVAILABLE_BINARY,
    BinaryDataset,
    DataUnavailable,
    load_binary,
    load_letter_two,
    load_letter_two_noise,
    standardize,
)

fetch_module = importlib.import_module("mavl.data.fetch")
binary_module = importlib.import_module("mavl.data.uci_binary")


# --- generators (spec §2.2-2.3) ------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "d"), [("p2", 2), ("waveform", 21)])
def test_generator_shapes_and_determinism(name, d):
    gen = TWO_CLASS_GENERATORS[name]
    X, y = gen(500, np.random.default_rng(7))
    assert X.shape == (500, d) and X.dtype == np.float64 and y.shape == (500,) and y.dtype == np.int64
    assert set(np.unique(y)) == {0, 1}
    X2, y2 = gen(500, np.random.default_rng(7))
    np.testing.assert_array_equal(X, X2)
    np.testing.assert_array_equal(y, y2)
    X3, _ = gen(500, np.random.default_rng(8))
    assert not np.array_equal(X, X3)
    assert gen(0, np.random.default_rng(0))[0].shape == (0, d)


def test_signed_labels_map_one_to_plus_one():
    np.testing.assert_array_equal(signed_labels([0, 1, 1, 0]), [-1, 1, 1, -1])


def test_p2_regions_by_hand():
    # x1 = 5: E1 = 2 sin 5 + 5 = 3.08, E2 = 10, E3 = 6.05, E4 = 20.4; x1 = 9.5: E4 = 8.03.
    points = np.array([[5.0, 4.0], [5.0, 2.0], [5.0, 9.9], [9.5, 9.9]])
    np.testing.assert_array_equal(p2_labels(points), [1, 0, 0, 1])
    # Amplitude 1 moves E1 to 4.04, so (5, 4) falls below it: class II.
    assert p2_labels(points, e1_amplitude=1.0)[0] == 0


def test_p2_class_fraction_matches_spec_and_monte_carlo():
    # Spec §2.2: class I fraction ≈ 0.502 with amplitude 2, 0.450 with amplitude 1.
    exact = p2_class_fraction()
    assert exact == pytest.approx(0.502, abs=5e-4)
    assert p2_class_fraction(e1_amplitude=1.0) == pytest.approx(0.450, abs=5e-4)
    assert p2_class_fraction(n_grid=4000) == pytest.approx(exact, abs=1e-5)  # the quadrature has converged
    n = 200_000
    X, y = p2(n, np.random.default_rng(1))
    assert ((X >= 0) & (X <= 10)).all()
    assert abs(y.mean() - exact) < 4 * np.sqrt(exact * (1 - exact) / n)
    # Noise-free: the labelling is the Bayes rule, and its error is 0.
    assert P2_BAYES_ERROR == 0.0 and (p2_labels(X) != y).mean() == 0.0


def test_p2_standardize_gives_unit_scale():
    Z = p2_standardize(p2(100_000, np.random.default_rng(2))[0])
    np.testing.assert_allclose(Z.mean(axis=0), 0.0, atol=0.02)
    np.testing.assert_allclose(Z.std(axis=0), 1.0, atol=0.02)


def test_waveform_two_class_balance_and_class_means():
    n = 40_000
    X, y = waveform_two_class(n, np.random.default_rng(3))
    assert abs(y.mean() - 0.5) < 4 * np.sqrt(0.25 / n)
    m = np.arange(1, 22)
    tri = {c: np.maximum(6 - np.abs(m - c), 0) for c in (7, 11, 15)}
    # E[x | y] = (first + second)/2: UCI class 1 (y = 1) mixes the waves at 7 and 11, class 2 those at 15, 11.
    expected = {1: (tri[7] + tri[11]) / 2, 0: (tri[15] + tri[11]) / 2}
    for label, mean in expected.items():
        np.testing.assert_allclose(X[y == label].mean(axis=0), mean, atol=0.06)


def test_waveform_bayes_rule_is_the_three_class_rule_on_the_kept_classes():
    X, _ = waveform_two_class(5000, np.random.default_rng(4))
    three = bayes_posterior("waveform", X)  # synthetic classes 0, 1 are y = 0, 1 (spec A4 mapping)
    np.testing.assert_allclose(waveform_two_class_posterior(X), three[:, 1] / three[:, :2].sum(axis=1),
                               atol=1e-9)
    np.testing.assert_array_equal(waveform_two_class_bayes_predict(X), three[:, 1] >= three[:, 0])


def test_waveform_bayes_error_by_monte_carlo():
    n = 100_000
    X, y = waveform_two_class(n, np.random.default_rng(5))
    error = (waveform_two_class_bayes_predict(X) != y).mean()
    se = np.sqrt(WAVEFORM_TWO_CLASS_BAYES_ERROR * (1 - WAVEFORM_TWO_CLASS_BAYES_ERROR) / n)
    assert abs(error - WAVEFORM_TWO_CLASS_BAYES_ERROR) < 4 * se
    estimate, stderr = waveform_two_class_bayes_error(n, np.random.default_rng(6), chunk=30_000)
    assert 0 < stderr < 5e-4 and abs(estimate - WAVEFORM_TWO_CLASS_BAYES_ERROR) < 4 * stderr + 2e-4
    # The posterior is calibrated: among points with p > 0.9, the share of y = 1 is their mean p.
    p = waveform_two_class_posterior(X)
    sure = p > 0.9
    assert abs(y[sure].mean() - p[sure].mean()) < 4 * np.sqrt(0.1 / sure.sum())
    # No classifier beats the Bayes rule: the thesis's best error 0.0706 and bias 0.0508 lie above it.
    assert WAVEFORM_TWO_CLASS_BAYES_ERROR < 0.0508 < 0.0706


# --- loaders (spec §2.4-2.7) ---------------------------------------------------------------------------

#: name -> (train rows, test rows, attributes, (negatives, positives) over train + test).
SHAPES = {
    "grey_landsat": (4435, 2000, 36, (2943, 3492)),
    "letter_two": (614, 613, 16, (597, 630)),
    "letter_two_noise": (614, 613, 16, None),
    "spam": (2301, 2300, 57, (2788, 1813)),
    "musk": (238, 238, 166, (269, 207)),
}
def test_names_and_unavailable_sets():
    assert set(BINARY_DATASETS) == set(SHAPES) and set(UNAVAILABLE_BINARY) == {"musk2", "gcm"}
    for name in ("musk2", "GCM", " Musk2"):
        with pytest.raises(DataUnavailable, match="not reproduced: data unavailable"):
            load_binary(name)
    with pytest.raises(ValueError, match="unknown data set"):
        load_binary("iris")


@pytest.mark.parametrize("name", list(SHAPES))
def test_loader_counts(name):
    n_train, n_test, d, counts = SHAPES[name]
    data = load_binary(name)
    assert isinstance(data, BinaryDataset) and isinstance(data, Dataset) and data.n_classes == 2
    assert data.X.shape == (n_train, d) and data.X_test.shape == (n_test, d)
    assert data.X.dtype == np.float64 and data.y.dtype == np.int64 and data.y_test.dtype == np.int64
    assert set(np.r_[data.y, data.y_test]) == {0, 1} and np.isfinite(data.X).all()
    if counts is not None:
        assert tuple(np.bincount(np.r_[data.y, data.y_test]).tolist()) == counts


def test_grey_landsat_is_satimage_with_grey_soils_positive():
    grey, sat = load_binary("grey-landsat"), load_satellite()
    np.testing.assert_array_equal(grey.X, sat.X)
    np.testing.assert_array_equal(grey.X_test, sat.X_test)
    grey_codes = [i for i, c in enumerate(sat.classes) if c in ("3", "4", "7")]
    np.testing.assert_array_equal(grey.y, np.isin(sat.y, grey_codes))
    assert np.bincount(grey.y).tolist() == [2021, 2414] and np.bincount(grey.y_test).tolist() == [922, 1078]
    assert grey.seed is None and "4425" in grey.note and grey.classes[1].startswith("grey")


def test_seeded_split_is_deterministic():
    a, b, c = load_letter_two(seed=0), load_letter_two(seed=0), load_letter_two(seed=1)
    np.testing.assert_array_equal(a.X, b.X)
    np.testing.assert_array_equal(a.y_test, b.y_test)
    assert not np.array_equal(a.X, c.X)
    # Either split partitions the same 1227 rows.
    rows = {tuple(r) + (t,) for r, t in zip(np.r_[a.X, a.X_test], np.r_[a.y, a.y_test], strict=True)}
    rows_c = {tuple(r) + (t,) for r, t in zip(np.r_[c.X, c.X_test], np.r_[c.y, c.y_test], strict=True)}
    assert rows == rows_c and a.seed == 0 and "seed 0" in a.note


@pytest.mark.parametrize(("seed", "fraction", "n_flip"), [(0, 0.2, 245), (3, 0.2, 245), (0, 0.1, 123)])
def test_letter_two_noise_flips_the_documented_fraction(seed, fraction, n_flip):
    clean, noisy = load_letter_two(seed=seed), load_letter_two_noise(seed=seed, fraction=fraction)
    np.testing.assert_array_equal(clean.X, noisy.X)  # same split, same features
    np.testing.assert_array_equal(clean.X_test, noisy.X_test)
    flips_train, flips_test = (clean.y != noisy.y).sum(), (clean.y_test != noisy.y_test).sum()
    assert flips_train + flips_test == n_flip and flips_train > 0 and flips_test > 0  # both sets noisy
    assert f"{n_flip} of 1227" in noisy.note
    again = load_letter_two_noise(seed=seed, fraction=fraction)
    np.testing.assert_array_equal(again.y, noisy.y)


def test_musk_is_a_labelled_substitute():
    musk = load_binary("musk")
    assert musk.substitute and "substitute" in musk.name and musk.note.startswith("SUBSTITUTE")
    assert "Musk version 1" in musk.note and "version 2" in musk.note and musk.classes == ("non-musk", "musk")
    assert not any(load_binary(n).substitute for n in ("spam", "grey_landsat", "letter_two"))


def test_spam_split_sizes_and_seed():
    a, b = load_binary("spam", seed=0), load_binary("spam", seed=1)
    assert a.X.shape[0] == b.X.shape[0] == 2301 and not np.array_equal(a.y, b.y)
    rows_a, rows_b = np.r_[a.X, a.X_test], np.r_[b.X, b.X_test]
    np.testing.assert_array_equal(np.sort(rows_a, axis=0), np.sort(rows_b, axis=0))


def test_corrupt_or_missing_file_is_named(no_packaged_copies, tmp_path):
    (tmp_path / "spambase").mkdir()
    (tmp_path / "spambase" / "spambase.data").write_text("0,0,1\n")
    with pytest.raises(DataFileError, match=r"spambase/spambase\.data.*sha256"):
        load_binary("spam", mirror=tmp_path)
    with pytest.raises(DataFileError, match=r"musk/clean1\.data.*missing"):
        load_binary("musk", mirror=tmp_path)


def test_count_mismatch_names_file(monkeypatch, tmp_path):
    short = tmp_path / "spambase.data"
    short.write_text("".join(",".join(["0.1"] * 57 + [str(i % 2)]) + "\r\n" for i in range(3)))
    monkeypatch.setattr(binary_module, "fetch", lambda relpath, mirror=None: short)
    with pytest.raises(ValueError, match=r"spambase/spambase\.data: expected 4601 rows, found 3"):
        load_binary("spam")
    ragged = tmp_path / "clean1.data"
    ragged.write_text("M,M_1," + ",".join(["1"] * 166) + ",1.\nM,M_2,1,0.\n")
    monkeypatch.setattr(binary_module, "fetch", lambda relpath, mirror=None: ragged)
    with pytest.raises(ValueError, match=r"musk/clean1\.data: expected \[169\] fields per row"):
        load_binary("musk")
    wrong = tmp_path / "spam_classes.data"  # the right size, the wrong class counts
    wrong.write_text("".join(",".join(["0.1"] * 57 + [str(i % 2)]) + "\n" for i in range(4601)))
    monkeypatch.setattr(binary_module, "fetch", lambda relpath, mirror=None: wrong)
    with pytest.raises(ValueError, match=r"spambase/spambase\.data: expected \(2788, 1813\)"):
        load_binary("spam")


def test_standardize_uses_training_statistics():
    train = np.array([[1.0, 5.0], [3.0, 5.0], [5.0, 5.0]])
    test = np.array([[3.0, 6.0]])
    z_train, z_test = standardize(train, test)
    np.testing.assert_allclose(z_train.mean(axis=0), 0.0)
    np.testing.assert_allclose(z_train[:, 0].std(), 1.0)
    np.testing.assert_array_equal(z_train[:, 1], 0.0)  # a constant column keeps sd 1
    np.testing.assert_allclose(z_test, [[0.0, 1.0]])
    assert len(standardize(train)) == 1
