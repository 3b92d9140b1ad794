"""The multiclass UCI data sets of Allwein, Schapire & Singer (2000), Table 1 (spec allwein2000 §6).

Every loader reads the checksummed UCI file(s) through :func:`mavl.data.fetch`, keeps the
files' row order, and returns a :class:`MulticlassDataset`:

* ``X`` is float64 with missing values (``?``) as NaN. Numeric attributes keep their values; a
  nominal attribute holds the index of its value in ``categories[j]`` (so the codes mean nothing as
  numbers, and ``nominal[j]`` says which columns are such codes).
* ``y`` indexes ``classes``, the distinct labels present in the file(s), sorted (numerically where
  every label is an integer, so vowel's class 10 follows 9). Train and test share one coding.
* Row, attribute and class counts are checked against the spec; a difference raises a ValueError
  naming the file and the expected count.

Audiology and ISOLET are not in the UCI mirror (spec README, decision 1): ``load_multiclass`` raises
:class:`DataUnavailable` for them, so a report can print "not reproduced: data unavailable".
"""

import re
from dataclasses import dataclass

import numpy as np

from .fetch import fetch
from .uci import Dataset

__all__ = [
    "MULTICLASS_DATASETS",
    "MULTICLASS_LOADERS",
    "UNAVAILABLE",
    "DataUnavailable",
    "THYROID_CLASSES",
    "MulticlassDataset",
    "load_multiclass",
    "thyroid_class",
]

#: Table 1's 13 data sets, in Table 1's order.
MULTICLASS_DATASETS = (
    "dermatology", "satimage", "glass", "segmentation", "ecoli", "pendigits", "yeast", "vowel",
    "soybean", "thyroid", "audiology", "isolet", "letter",
)

#: Data sets of Table 1 whose files are not in the UCI mirror, with the reason.
UNAVAILABLE = {
    "audiology": "audiology.standardized.data and .test are not in the UCI mirror (no usable copy found)",
    "isolet": "isolet1+2+3+4.data and isolet5.data are not in the UCI mirror (no usable copy found)",
}


class DataUnavailable(LookupError):
    """A Table 1 data set whose files are not in the UCI mirror: report it as not reproduced."""


@dataclass(frozen=True)
class MulticlassDataset(Dataset):
    """A :class:`mavl.data.uci.Dataset` with the attribute types and provenance Allwein et al. need.

    Attributes
    ----------
    nominal : ndarray of shape (d,), bool
        True for nominal attributes (values are indices into ``categories[j]``, NaN = missing).
    categories : tuple
        Per column: the original values of a nominal attribute, in code order; None for numeric ones.
    source : str
        The UCI file name(s) read, train file first.
    """

    nominal: np.ndarray | None = None
    categories: tuple = ()
    source: str = ""

    def __post_init__(self):
        d = self.X.shape[1]
        if self.nominal is None:  # frozen: defaults are filled in through object.__setattr__
            object.__setattr__(self, "nominal", np.zeros(d, dtype=bool))
        if not self.categories:
            object.__setattr__(self, "categories", (None,) * d)


def _expect(source, what, expected, found):
    if expected != found:
        raise ValueError(f"{source}: expected {expected} {what}, found {found} (spec allwein2000 §6)")


def _read(relpath, mirror, sep=",", skip=0):
    """The file as a 2-D array of stripped string fields (``sep=None``: any whitespace).

    Blank lines are ignored; ``skip`` drops that many leading lines (segmentation's preamble).
    """
    with open(fetch(relpath, mirror=mirror), encoding="ascii") as handle:
        lines = handle.read().splitlines()[skip:]
    rows = [[field.strip() for field in line.split(sep)] for line in lines if line.strip()]
    widths = {len(row) for row in rows}
    if len(widths) > 1:
        raise ValueError(f"{relpath}: rows with different numbers of fields {sorted(widths)}")
    return np.array(rows, dtype=str).reshape(len(rows), -1)


def _floats(fields):
    """Strings to float64, ``?`` (missing) to NaN."""
    return np.where(fields == "?", "nan", fields).astype(np.float64)


def _codes(fields):
    """Nominal strings to (float codes, categories): codes index the sorted present values, NaN = ``?``."""
    present = fields != "?"
    values = _label_order(np.unique(fields[present]).tolist())
    index = {value: i for i, value in enumerate(values)}
    codes = np.full(fields.shape, np.nan)
    codes[present] = [index[value] for value in fields[present]]
    return codes, tuple(values)


def _nominal_block(fields):
    """Code every column of ``fields`` as nominal: (X block, categories per column)."""
    pairs = [_codes(column) for column in fields.T]
    return np.column_stack([codes for codes, _ in pairs]), tuple(cats for _, cats in pairs)


def _label_order(labels):
    distinct = set(labels)
    if all(re.fullmatch(r"-?\d+", label) for label in distinct):
        return sorted(distinct, key=int)
    return sorted(distinct)


def _build(name, source, parts, counts, nominal=None, categories=(), note=""):
    """A :class:`MulticlassDataset` from ``[(X, labels)]`` (one part) or ``[train, test]``.

    ``counts`` is ``(rows per part, attributes, classes present)``, checked before building.
    """
    rows, n_attrs, n_classes = counts
    _expect(source, "parts (train/test)", len(rows), len(parts))
    for (X, labels), n_rows in zip(parts, rows, strict=True):
        _expect(source, "rows", n_rows, X.shape[0])
        _expect(source, "attributes", n_attrs, X.shape[1])
        _expect(source, "labels (one per row)", X.shape[0], len(labels))
    classes = _label_order(np.concatenate([labels for _, labels in parts]).tolist())
    _expect(source, "classes", n_classes, len(classes))
    index = {label: i for i, label in enumerate(classes)}
    ys = [np.array([index[label] for label in labels], dtype=np.int64) for _, labels in parts]
    X_test, y_test = (parts[1][0], ys[1]) if len(parts) == 2 else (None, None)
    return MulticlassDataset(
        name=name, X=np.ascontiguousarray(parts[0][0], dtype=np.float64), y=ys[0], classes=tuple(classes),
        X_test=None if X_test is None else np.ascontiguousarray(X_test, dtype=np.float64), y_test=y_test,
        note=note, nominal=None if nominal is None else np.asarray(nominal, dtype=bool),
        categories=categories, source=source,
    )


def load_dermatology(mirror=None):
    """Dermatology: 366×34 (33 clinical/histopathological ordinal scores, family history, age), 6 classes.

    Age (the 34th attribute) is missing (NaN) in 8 rows. Every attribute is treated as numeric.
    """
    relpath = "dermatology/dermatology.data"
    table = _read(relpath, mirror)
    return _build("dermatology", relpath, [(_floats(table[:, :-1]), table[:, -1])], ((366,), 34, 6))


def load_satimage(mirror=None):
    """Statlog Landsat satellite: 4435 train / 2000 test, 36 attributes, 6 classes (labels 1–5, 7)."""
    relpaths = ("satimage/sat.trn", "satimage/sat.tst")
    tables = [_read(relpath, mirror, sep=None) for relpath in relpaths]
    parts = [(_floats(table[:, :-1]), table[:, -1]) for table in tables]
    return _build("satimage", " + ".join(relpaths), parts, ((4435, 2000), 36, 6))


def load_glass(mirror=None):
    """Glass: 214×9 (Id dropped), 6 classes present; Table 1 says 7 (type 4 has no rows, spec A3)."""
    relpath = "glass/glass.data"
    table = _read(relpath, mirror)
    return _build(
        "glass", relpath, [(_floats(table[:, 1:-1]), table[:, -1])], ((214,), 9, 6),
        note="6 classes present (type 4 has no rows); Table 1 prints 7 (spec A3)",
    )


def load_segmentation(mirror=None):
    """Image segmentation: ``segmentation.data`` (210) then ``.test`` (2100) = 2310×19, 7 classes, CV.

    The class is the first field; each file opens with a 5-line preamble. REGION-PIXEL-COUNT is
    constant (9) in every row.
    """
    relpaths = ("segmentation/segmentation.data", "segmentation/segmentation.test")
    tables = [_read(relpath, mirror, skip=5) for relpath in relpaths]
    for relpath, table, n_rows in zip(relpaths, tables, (210, 2100), strict=True):
        _expect(relpath, "rows", n_rows, table.shape[0])
    table = np.vstack(tables)
    return _build(
        "segmentation", " + ".join(relpaths), [(_floats(table[:, 1:]), table[:, 0])], ((2310,), 19, 7),
    )


def load_ecoli(mirror=None):
    """E. coli: 336×7 (sequence name dropped), 8 classes; Table 1 prints 8 attributes (counting the name?)."""
    relpath = "ecoli/ecoli.data"
    table = _read(relpath, mirror, sep=None)
    return _build(
        "ecoli", relpath, [(_floats(table[:, 1:-1]), table[:, -1])], ((336,), 7, 8),
        note="7 numeric attributes (sequence name dropped); Table 1 prints 8",
    )


def load_pendigits(mirror=None):
    """Pen-based digits: 7494 train / 3498 test, 16 attributes (0–100), 10 classes."""
    relpaths = ("pendigits/pendigits.tra", "pendigits/pendigits.tes")
    tables = [_read(relpath, mirror) for relpath in relpaths]
    parts = [(_floats(table[:, :-1]), table[:, -1]) for table in tables]
    return _build("pendigits", " + ".join(relpaths), parts, ((7494, 3498), 16, 10))


def load_yeast(mirror=None):
    """Yeast: 1484×8 (sequence name dropped), 10 classes."""
    relpath = "yeast/yeast.data"
    table = _read(relpath, mirror, sep=None)
    return _build("yeast", relpath, [(_floats(table[:, 1:-1]), table[:, -1])], ((1484,), 8, 10))


def load_vowel(mirror=None):
    """Deterding vowel (``vowel-context.data``, packaged): 528 train / 462 test by the file's flag, 10×11.

    The speaker and sex columns are dropped: Table 1 counts 10 attributes, and the test speakers are
    not among the training speakers, so a speaker number carries nothing a learner could use.
    """
    relpath = "vowel/vowel-context.data"
    table = _read(relpath, mirror, sep=None)
    _expect(relpath, "fields per row", 14, table.shape[1])
    test = table[:, 0] == "1"
    _expect(relpath, "train/test flags (0 or 1)", True, bool(np.isin(table[:, 0], ["0", "1"]).all()))
    parts = [(_floats(table[rows, 3:13]), table[rows, 13]) for rows in (~test, test)]
    return _build("vowel", relpath, parts, ((528, 462), 10, 11),
                  note="speaker and sex columns dropped (10 acoustic attributes, as in Table 1)")


def load_soybean(mirror=None):
    """Large soybean: ``soybean-large.data`` (307) train / ``.test`` (376) test, 35 nominal, 19 classes.

    The class is the first field. Categories are coded over both files (a dictionary, not a fit).
    """
    relpaths = ("soybean/soybean-large.data", "soybean/soybean-large.test")
    tables = [_read(relpath, mirror) for relpath in relpaths]
    n_train = tables[0].shape[0]
    codes, categories = _nominal_block(np.vstack(tables)[:, 1:])
    parts = [(codes[:n_train], tables[0][:, 0]), (codes[n_train:], tables[1][:, 0])]
    return _build("soybean", " + ".join(relpaths), parts, ((307, 376), 35, 19),
                  nominal=np.ones(35, dtype=bool), categories=categories)


#: thyroid0387 columns (0-based) holding f/t flags, plain numbers and unordered categories.
_THYROID_FLAGS = (*range(2, 17), 18, 20, 22, 24, 26)
_THYROID_NUMERIC = (0, 17, 19, 21, 23, 25, 27)
_THYROID_NOMINAL = (1, 28)  # sex, referral source
#: Classes under spec A4 (18 letters and "negative"); Table 1 prints 20.
THYROID_CLASSES = 19
#: Classes when ``X|Y`` resolves to ``X`` instead (19 letters and "negative").
THYROID_CLASSES_FIRST = 20


def thyroid_class(diagnosis, resolve="last"):
    """Class of a ``thyroid0387.data`` diagnosis field under spec A4, e.g. ``"C|I[840801013]"`` → ``"I"``.

    The record id in brackets is dropped, ``X|Y`` resolves to ``Y`` (``resolve="last"``, A4) or to
    ``X`` (``resolve="first"``), the first letter is the class, and ``-`` is ``"negative"``.
    """
    match = re.fullmatch(r"([^\[\]]+)(\[\d+\])?", diagnosis.strip())
    if match is None:
        raise ValueError(f"thyroid/thyroid0387.data: unreadable diagnosis {diagnosis!r}")
    code = match.group(1).split("|")[-1 if resolve == "last" else 0]
    return "negative" if code[0] == "-" else code[0]


def load_thyroid(mirror=None, resolve="last"):
    """Thyroid (``thyroid0387.data``): 9172×29, 19 classes under spec A4 (Table 1 prints 20), CV.

    ``resolve="first"`` reads ``X|Y`` as ``X`` (20 classes, the count Table 1 prints).

    Attributes: age and the six hormone values are numeric (``?`` → NaN); the 20 f/t flags are 0/1;
    sex and referral source are nominal. The class is :func:`thyroid_class` of the last field.
    """
    relpath = "thyroid/thyroid0387.data"
    table = _read(relpath, mirror)
    _expect(relpath, "fields per row", 30, table.shape[1])
    X = np.full((table.shape[0], 29), np.nan)
    flags = table[:, _THYROID_FLAGS]
    _expect(relpath, "flag values", "only f/t", "only f/t" if np.isin(flags, ["f", "t"]).all()
            else f"also {sorted(set(np.unique(flags)) - {'f', 't'})}")
    X[:, _THYROID_FLAGS] = flags == "t"
    X[:, _THYROID_NUMERIC] = _floats(table[:, _THYROID_NUMERIC])
    X[:, _THYROID_NOMINAL], nominal_categories = _nominal_block(table[:, _THYROID_NOMINAL])
    nominal = np.zeros(29, dtype=bool)
    nominal[list(_THYROID_NOMINAL)] = True
    categories = [None] * 29
    for j, cats in zip(_THYROID_NOMINAL, nominal_categories, strict=True):
        categories[j] = cats
    if resolve not in ("last", "first"):
        raise ValueError(f"thyroid: resolve must be 'last' or 'first', not {resolve!r}")
    labels = np.array([thyroid_class(d, resolve) for d in table[:, -1]])
    n_classes = THYROID_CLASSES if resolve == "last" else THYROID_CLASSES_FIRST
    return _build(
        "thyroid", relpath, [(X, labels)], ((9172,), 29, n_classes),
        nominal=nominal, categories=tuple(categories),
        note=(f"{THYROID_CLASSES} classes under spec A4 (X|Y -> Y, first letter, '-' -> negative); "
              "Table 1 prints 20") if resolve == "last" else
             f"{THYROID_CLASSES_FIRST} classes (X|Y -> X, first letter, '-' -> negative)",
    )


def load_letter(mirror=None):
    """UCI letter (packaged), file order: the first 16000 rows train, the last 4000 test, 16×26."""
    relpath = "letter/letter-recognition.data"
    table = _read(relpath, mirror)
    X, labels = _floats(table[:, 1:]), table[:, 0]
    parts = [(X[:16000], labels[:16000]), (X[16000:], labels[16000:])]
    return _build("letter", relpath, parts, ((16000, 4000), 16, 26))


#: Loader of each available data set of Table 1.
MULTICLASS_LOADERS = {
    "dermatology": load_dermatology,
    "satimage": load_satimage,
    "glass": load_glass,
    "segmentation": load_segmentation,
    "ecoli": load_ecoli,
    "pendigits": load_pendigits,
    "yeast": load_yeast,
    "vowel": load_vowel,
    "soybean": load_soybean,
    "thyroid": load_thyroid,
    "letter": load_letter,
}


def load_multiclass(name, mirror=None):
    """The :class:`MulticlassDataset` of Table 1 called ``name``, one of
    :data:`~mavl.data.uci_multiclass.MULTICLASS_DATASETS`.

    Raises
    ------
    DataUnavailable
        For audiology and ISOLET, whose files are not in the UCI mirror.
    ValueError
        For a name that is not in Table 1, or a file whose counts differ from the spec.
    DataFileError
        If a file is missing everywhere or fails its checksum.
    """
    key = name.strip().lower()
    if key in UNAVAILABLE:
        raise DataUnavailable(f"{key}: not reproduced: data unavailable; {UNAVAILABLE[key]}")
    if key not in MULTICLASS_LOADERS:
        raise ValueError(f"unknown data set {name!r}; Table 1 has {list(MULTICLASS_DATASETS)}")
    return MULTICLASS_LOADERS[key](mirror=mirror)
