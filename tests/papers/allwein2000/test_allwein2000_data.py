"""Allwein et al. (2000): Table 1's data loaders and the two preprocessings (spec allwein2000 §6, A4, A9)."""

import importlib
import re

import numpy as np
import pytest

from mavl.data import (
    DataFileError,
    fetch,
    load_glass,
    load_satellite,
    load_soybean_large,
    load_uci,
    load_vowel,
)
from mavl.data.uci import Dataset
from mavl.data.uci_multiclass import (
    MULTICLASS_DATASETS,
    UNAVAILABLE,
    DataUnavailable,
    MulticlassDataset,
    load_multiclass,
    thyroid_class,
)
from mavl.papers.allwein2000.preprocess import (
    SENTINEL,
    fit_transform_split,
    stump_preprocessor,
    svm_preprocessor,
    table_1,
)

fetch_module = importlib.import_module("mavl.data.fetch")
multiclass_module = importlib.import_module("mavl.data.uci_multiclass")

#: name -> (train rows, test rows or None, attributes, class counts of the training part in label order).
SHAPES = {
    "dermatology": (366, None, 34, [112, 61, 72, 49, 52, 20]),
    "satimage": (4435, 2000, 36, [1072, 479, 961, 415, 470, 1038]),
    "glass": (214, None, 9, [70, 76, 17, 13, 9, 29]),
    "segmentation": (2310, None, 19, [330] * 7),
    "ecoli": (336, None, 7, [143, 77, 2, 2, 35, 20, 5, 52]),
    "pendigits": (7494, 3498, 16, [780, 779, 780, 719, 780, 720, 720, 778, 719, 719]),
    "yeast": (1484, None, 8, [463, 5, 35, 44, 51, 163, 244, 429, 20, 30]),
    "vowel": (528, 462, 10, [48] * 11),
    "soybean": (307, 376, 35, [1, 40, 20, 10, 10, 40, 20, 10, 6, 6, 10, 10, 40, 4, 10, 40, 10, 10, 10]),
    "thyroid": (9172, None, 29, None),
    "letter": (16000, 4000, 16, None),
}
#: UCI files read, where not "<name>/<name>.data".
SOURCES = {
    "satimage": "satimage/sat.trn + satimage/sat.tst",
    "segmentation": "segmentation/segmentation.data + segmentation/segmentation.test",
    "pendigits": "pendigits/pendigits.tra + pendigits/pendigits.tes",
    "vowel": "vowel/vowel-context.data",
    "soybean": "soybean/soybean-large.data + soybean/soybean-large.test",
    "thyroid": "thyroid/thyroid0387.data",
    "letter": "letter/letter-recognition.data",
}
def test_table_1_names_and_unavailable_sets():
    assert MULTICLASS_DATASETS == (
        "dermatology", "satimage", "glass", "segmentation", "ecoli", "pendigits", "yeast", "vowel",
        "soybean", "thyroid", "audiology", "isolet", "letter")
    assert set(UNAVAILABLE) == {"audiology", "isolet"} and set(SHAPES) | set(UNAVAILABLE) == set(
        MULTICLASS_DATASETS)


@pytest.mark.parametrize("name", ["audiology", "isolet", " Audiology"])
def test_unavailable_sets_raise_their_own_error(name):
    with pytest.raises(DataUnavailable, match="not reproduced: data unavailable.*not in the UCI mirror"):
        load_multiclass(name)
    assert issubclass(DataUnavailable, LookupError)
    with pytest.raises(ValueError, match="unknown data set"):
        load_multiclass("iris")


@pytest.mark.parametrize("name", list(SHAPES))
def test_loader_counts(name):
    n_train, n_test, n_attrs, counts = SHAPES[name]
    data = load_multiclass(name)
    assert isinstance(data, MulticlassDataset) and isinstance(data, Dataset) and data.name == name
    assert data.X.dtype == np.float64 and data.y.dtype == np.int64
    assert data.X.shape == (n_train, n_attrs) and data.has_test == (n_test is not None)
    assert data.nominal.dtype == bool and data.nominal.shape == (n_attrs,) and len(data.categories) == n_attrs
    J = data.n_classes
    y_all = data.y if n_test is None else np.r_[data.y, data.y_test]
    assert sorted(set(y_all)) == list(range(J))  # every class index is present somewhere
    if n_test is not None:
        assert data.X_test.shape == (n_test, n_attrs) and data.y_test.dtype == np.int64
    if counts is not None:
        assert np.bincount(data.y, minlength=J).tolist() == counts
    assert data.source == SOURCES.get(name, f"{name}/{name}.data")
    assert all((cats is None) == (not nominal) for cats, nominal in zip(data.categories, data.nominal,
                                                                           strict=True))


def test_missing_values_are_nan_and_nominal_codes_index_categories():
    derm = load_multiclass("dermatology")
    rows, cols = np.nonzero(np.isnan(derm.X))
    assert rows.size == 8 and set(cols) == {33} and not derm.nominal.any()  # age only
    soy = load_multiclass("soybean")
    assert soy.nominal.all() and np.isnan(soy.X).sum() == 712 and np.isnan(soy.X_test).sum() == 1625
    # The codes index the categories: mapped back, they are Breiman's loader's raw values (-1 = '?').
    raw = load_soybean_large().X
    decoded = np.vstack([soy.X, soy.X_test])
    back = np.array([[-1 if np.isnan(v) else int(soy.categories[j][int(v)]) for j, v in enumerate(row)]
                     for row in decoded])
    np.testing.assert_array_equal(back, raw)
    assert soy.classes[soy.y[0]] == soy.classes[soy.y_test[0]] == "diaporthe-stem-canker"


def test_row_order_and_columns_match_the_files():
    glass = load_multiclass("glass")
    np.testing.assert_array_equal(glass.X, load_glass().X)  # Id dropped, same values
    assert glass.classes == ("1", "2", "3", "5", "6", "7") and "A3" in glass.note
    sat, ref = load_multiclass("satimage"), load_satellite()
    np.testing.assert_array_equal(sat.X_test, ref.X_test)
    assert sat.classes == ref.classes == ("1", "2", "3", "4", "5", "7")
    seg = load_multiclass("segmentation")
    assert seg.classes[seg.y[0]] == "BRICKFACE" and seg.X[0, :3].tolist() == [140.0, 125.0, 9.0]
    assert seg.classes[seg.y[210]] == "GRASS" and seg.X[210, :2].tolist() == [110.0, 189.0]  # .test follows
    assert np.ptp(seg.X[:, 2]) == 0  # REGION-PIXEL-COUNT is constant
    ecoli = load_multiclass("ecoli")
    assert ecoli.X[0].tolist() == [0.49, 0.29, 0.48, 0.50, 0.56, 0.24, 0.35]
    assert ecoli.classes[ecoli.y[0]] == "cp"
    yeast = load_multiclass("yeast")
    assert yeast.X[0].tolist() == [0.58, 0.61, 0.47, 0.13, 0.50, 0.00, 0.48, 0.22]
    derm = load_multiclass("dermatology")
    assert derm.X[0, -1] == 55 and derm.classes[derm.y[0]] == "2"


def test_packaged_sets_keep_file_order():
    vowel = load_multiclass("vowel")
    ref = load_vowel()
    np.testing.assert_array_equal(vowel.X, ref.X_train)
    np.testing.assert_array_equal(vowel.X_test, ref.X_test)
    np.testing.assert_array_equal(vowel.y, ref.y_train)  # classes 0..10 sorted as numbers
    assert vowel.classes[-1] == "10" and "speaker" in vowel.note
    letter, letters = load_multiclass("letter"), load_uci("letters")
    np.testing.assert_array_equal(np.vstack([letter.X, letter.X_test]),
                                  np.vstack([letters.X, letters.X_test]))
    assert letter.classes[letter.y[0]] == "T" and letter.X[0, :4].tolist() == [2, 8, 3, 5]


@pytest.mark.parametrize("raw, expected", [
    ("-[840801013]", "negative"), ("S[840803047]", "S"), ("C|I[850612001]", "I"), ("D|R[1]", "R"),
    ("H|K[2]", "K"), ("GKJ[3]", "G"), ("AK[4]", "A"), ("MI", "M"),
])
def test_thyroid_class_follows_a4(raw, expected):
    assert thyroid_class(raw) == expected


def test_thyroid_classes_and_attributes():
    data = load_multiclass("thyroid")
    # Independent reading of the diagnosis field: drop the id, take what follows '|', first letter.
    lines = fetch("thyroid/thyroid0387.data").read_text().splitlines()
    raw = [line.rsplit(",", 1)[1] for line in lines]
    expected = []
    for field in raw:
        code = re.sub(r"\[\d+\]$", "", field).split("|")[-1][0]
        expected.append("negative" if code == "-" else code)
    assert [data.classes[i] for i in data.y] == expected
    assert data.n_classes == 19 and "H" not in data.classes and "19 classes" in data.note
    counts = dict(zip(data.classes, np.bincount(data.y).tolist(), strict=True))
    assert counts["negative"] == 6771 and counts["I"] == 346 + 12 and counts["K"] == 436 + 8 + 11
    assert counts["E"] == 1 and counts["R"] == 196 + 1
    assert data.classes[data.y[4]] == "S" and data.classes[data.y[0]] == "negative"
    assert np.flatnonzero(data.nominal).tolist() == [1, 28]
    assert data.categories[1] == ("F", "M") and "SVI" in data.categories[28]
    missing = np.isnan(data.X).sum(axis=0)
    assert missing[1] == 307 and missing[17] == 842 and missing[27] == 8823 and missing.sum() == 14629
    flags = np.delete(data.X, [0, 1, 17, 19, 21, 23, 25, 27, 28], axis=1)
    assert set(np.unique(flags)) == {0.0, 1.0}


def test_corrupt_or_missing_file_is_named(no_packaged_copies, tmp_path):
    (tmp_path / "thyroid").mkdir()
    (tmp_path / "thyroid" / "thyroid0387.data").write_text("29,F,f\n")
    with pytest.raises(DataFileError, match=r"thyroid/thyroid0387\.data"):
        load_multiclass("thyroid", mirror=tmp_path)
    with pytest.raises(DataFileError, match=r"dermatology/dermatology\.data.*missing"):
        load_multiclass("dermatology", mirror=tmp_path)


def _fake_fetch(files):
    return lambda relpath, mirror=None: files[relpath]


def test_count_mismatch_names_file_and_expectation(monkeypatch, tmp_path):
    short = tmp_path / "yeast.data"
    short.write_text("".join(f"N{i}_YEAST 0.5 0.5 0.5 0.5 0.5 0.0 0.5 0.2 C{i % 3}\n" for i in range(10)))
    monkeypatch.setattr(multiclass_module, "fetch", _fake_fetch({"yeast/yeast.data": short}))
    with pytest.raises(ValueError, match=r"yeast/yeast\.data: expected 1484 rows, found 10"):
        load_multiclass("yeast")
    ragged = tmp_path / "glass.data"
    ragged.write_text("1,1.5,13,4,1,71,0,8,0,0,1\n2,1.5,13,4,1,71,0,8,0,1\n")
    monkeypatch.setattr(multiclass_module, "fetch", _fake_fetch({"glass/glass.data": ragged}))
    with pytest.raises(ValueError, match=r"glass/glass\.data: rows with different numbers of fields"):
        load_multiclass("glass")


def test_class_count_mismatch_is_named(monkeypatch, tmp_path):
    # The right number of rows with the wrong classes: 1484 rows of only two classes.
    fake = tmp_path / "yeast.data"
    fake.write_text("".join(f"N{i}_YEAST 0.5 0.5 0.5 0.5 0.5 0.0 0.5 0.2 C{i % 2}\n" for i in range(1484)))
    monkeypatch.setattr(multiclass_module, "fetch", _fake_fetch({"yeast/yeast.data": fake}))
    with pytest.raises(ValueError, match=r"yeast/yeast\.data: expected 10 classes, found 2"):
        load_multiclass("yeast")


# --- preprocessing -------------------------------------------------------------------------------------

NOMINAL = np.array([False, True, False])
TRAIN = np.array([[1.0, 0.0, 5.0], [np.nan, 1.0, 7.0], [3.0, np.nan, np.nan], [5.0, 2.0, 9.0],
                  [4.0, 1.0, 6.0]])
TEST = np.array([[9.0, 3.0, np.nan], [np.nan, np.nan, 0.0], [2.0, 1.0, 8.0]])  # 3: unseen category


def test_stump_preprocessing_sentinel_and_one_hot():
    train, test = fit_transform_split("stumps", NOMINAL, TRAIN, TEST)
    assert np.isfinite(train).all() and np.isfinite(test).all()
    # Numeric columns first, unchanged except NaN -> SENTINEL, which is below every value.
    for out, raw in ((train, TRAIN), (test, TEST)):
        numeric = raw[:, [0, 2]]
        np.testing.assert_array_equal(out[:, :2], np.where(np.isnan(numeric), SENTINEL, numeric))
    assert SENTINEL < np.nanmin(TRAIN) and SENTINEL < -1e299
    # One-hot over the training categories 0, 1, 2; missing and unseen values give all zeros.
    expected_train = [[1, 0, 0], [0, 1, 0], [0, 0, 0], [0, 0, 1], [0, 1, 0]]
    np.testing.assert_array_equal(train[:, 2:], expected_train)
    np.testing.assert_array_equal(test[:, 2:], [[0, 0, 0], [0, 0, 0], [0, 1, 0]])


def test_svm_preprocessing_median_indicator_and_scaling():
    model = svm_preprocessor(NOMINAL).fit(TRAIN)
    train, test = model.transform(TRAIN), model.transform(TEST)
    assert not np.isnan(train).any() and not np.isnan(test).any()
    # Columns: 2 numeric, 2 indicators (both numeric attributes miss a value in training), 3 one-hot.
    assert train.shape == (5, 7)
    assert train.min(axis=0).tolist() == [-1.0] * 7 and train.max(axis=0).tolist() == [1.0] * 7
    # Training medians (4.5 and 6.5) fill the gaps; scaling uses the training min/max only.
    median0 = np.nanmedian(TRAIN[:, 0])
    np.testing.assert_allclose(train[1, 0], -1 + 2 * (median0 - 1) / 4)
    np.testing.assert_allclose(test[0, 0], -1 + 2 * (9 - 1) / 4)  # 3.0: outside the training range
    np.testing.assert_allclose(test[1, 1], -1 + 2 * (0 - 5) / 4)
    np.testing.assert_array_equal(test[:, 2:4], [[-1, 1], [1, -1], [-1, -1]])  # indicators, scaled
    np.testing.assert_array_equal(test[:, 4:], [[-1, -1, -1], [-1, -1, -1], [-1, 1, -1]])


def test_preprocessors_are_fitted_on_training_rows_only():
    stumps = stump_preprocessor(NOMINAL).fit(TRAIN)
    svm = svm_preprocessor(NOMINAL).fit(TRAIN)
    # Refitting on training plus test rows would change the one-hot width and the scaling.
    both = np.vstack([TRAIN, TEST])
    assert stumps.transform(TEST).shape[1] == 5 and stump_preprocessor(NOMINAL).fit(both).transform(
        TEST).shape[1] == 6
    refit = svm_preprocessor(NOMINAL).fit(both)
    assert svm.transform(TEST).shape[1] == 7 and refit.transform(TEST).shape[1] == 8
    assert svm.transform(TEST)[0, 0] == 3.0 and refit.transform(TEST)[0, 0] == 1.0
    with pytest.raises(ValueError, match="unknown preprocessing"):
        fit_transform_split("trees", NOMINAL, TRAIN)


def test_constant_and_all_missing_columns():
    X = np.array([[1.0, np.nan, 0.0], [1.0, np.nan, np.nan], [1.0, np.nan, 1.0]])
    nominal = np.array([False, False, True])
    svm = svm_preprocessor(nominal).fit_transform(X)
    assert np.isfinite(svm).all() and (svm[:, :2] == -1).all()  # constant columns map to the lower end
    stumps = stump_preprocessor(np.array([False, True, True])).fit_transform(X)
    assert stumps.shape == (3, 3) and (stumps[:, 1:].sum(axis=1) == [1, 0, 1]).all()  # no column for all-NaN


@pytest.mark.parametrize("name, widths", [
    ("dermatology", (34, 35)), ("soybean", (98, 98)), ("thyroid", (35, 41)), ("segmentation", (19, 19)),
])
def test_preprocessing_on_the_data(name, widths):
    data = load_multiclass(name)
    rows = np.arange(data.X.shape[0]) % 3 != 0  # a stand-in training fold
    X_train, X_test = (data.X, data.X_test) if data.has_test else (data.X[rows], data.X[~rows])
    stumps = fit_transform_split("stumps", data.nominal, X_train, X_test)
    svm = fit_transform_split("svm", data.nominal, X_train, X_test)
    for part in (*stumps, *svm):
        assert np.isfinite(part).all()
    assert (stumps[0].shape[1], svm[0].shape[1]) == widths
    n_numeric = int((~data.nominal).sum())
    sentinel = stumps[0][:, :n_numeric] == SENTINEL
    assert sentinel.sum() == np.isnan(X_train[:, ~data.nominal]).sum()
    assert (stumps[0][:, :n_numeric][~sentinel] > SENTINEL * 1e-100).all()
    onehot = stumps[0][:, n_numeric:]
    assert set(np.unique(onehot)) <= {0.0, 1.0}
    assert (onehot.sum(axis=1) == (~np.isnan(X_train[:, data.nominal])).sum(axis=1)).all()
    varying = np.ptp(svm[0], axis=0) > 0
    assert (svm[0].min(axis=0)[varying] == -1).all() and (svm[0].max(axis=0)[varying] == 1).all()
    assert (svm[0][:, ~varying] == -1).all()


def test_table_1_from_the_data():
    table = table_1().set_index("problem")
    assert list(table.index) == list(MULTICLASS_DATASETS)
    for name, (n_train, n_test, n_attrs, _) in SHAPES.items():
        row = table.loc[name]
        assert (row.train, row.attributes) == (n_train, n_attrs)
        assert (n_test is None and row.isna()["test"]) or row.test == n_test
    assert table.loc["thyroid", "classes"] == 19 and table.loc["glass", "classes"] == 6
    assert table.loc["letter", "classes"] == 26 and table.loc["ecoli", "attributes"] == 7
    for name in UNAVAILABLE:
        assert table.loc[name, "source"] == "not reproduced: data unavailable"
        assert table.loc[name].isna()[["train", "test", "attributes", "classes"]].all()
