"""The real data sets of Breiman (1997), read from the checksummed UCI files (spec breiman1997 §5.2).

Every loader returns a :class:`Dataset` and checks the row, variable and class counts of the spec
against the file. Inputs follow spec §3: numeric values as they are, nominal codes as integers,
missing values (``?``) as −1. Labels are the indices of the sorted distinct labels of the file(s);
``Dataset.classes`` keeps the original labels in that order.

Breiman's heart data (1395×16) is not in UCI; :func:`~mavl.data.load_statlog_heart` is a clearly labelled
proxy (Statlog heart, 270×13) and ``load_uci("heart")`` refuses rather than substitute it silently.
"""

from dataclasses import dataclass

import numpy as np

from .fetch import fetch

__all__ = [
    "UCI_LOADERS",
    "Dataset",
    "load_breast_cancer_wisconsin",
    "load_dna",
    "load_glass",
    "load_ionosphere",
    "load_letter_split",
    "load_pima",
    "load_satellite",
    "load_soybean_large",
    "load_statlog_heart",
    "load_uci",
]


@dataclass(frozen=True)
class Dataset:
    """A loaded data set; ``X_test``/``y_test`` are set only where the data come with a fixed split.

    Attributes
    ----------
    name : str
        Key in :data:`~mavl.data.uci.UCI_LOADERS`.
    X : ndarray of shape (n, d), float64
        All rows, or the training rows of a split data set.
    y : ndarray of shape (n,), int64
        Labels 0..J−1.
    classes : tuple of str
        Original label of each index 0..J−1.
    X_test, y_test : ndarray or None
        The fixed test rows, same coding as ``X``, ``y``.
    note : str
        Deviations from Breiman's data (encoding, proxy), empty if none.
    """

    name: str
    X: np.ndarray
    y: np.ndarray
    classes: tuple
    X_test: np.ndarray | None = None
    y_test: np.ndarray | None = None
    note: str = ""

    @property
    def has_test(self):
        """Whether the data come with a fixed test split (``X_test``, ``y_test``)."""
        return self.X_test is not None

    @property
    def n_classes(self):
        """The number of classes J, the length of ``classes``."""
        return len(self.classes)


def _check(source, what, expected, found):
    if expected != found:
        raise ValueError(f"{source}: expected {expected} {what}, found {found} (spec breiman1997 §5.2)")


def _table(relpath, mirror, delimiter):
    """The file as a 2-D array of strings (``delimiter=None``: any whitespace)."""
    return np.loadtxt(fetch(relpath, mirror=mirror), dtype=str, delimiter=delimiter, ndmin=2)


def _numeric(fields):
    """Strings to float64 with the missing value ``?`` as −1 (spec §3)."""
    return np.where(np.char.strip(fields) == "?", "-1", fields).astype(np.float64)


def _dataset(name, source, parts, counts, names=None, note=""):
    """Build a :class:`Dataset` from ``[(X, labels), …]`` (all rows, or train then test).

    ``counts`` is ``(rows per part, variables, classes)``; ``names`` renames the sorted labels.
    """
    rows, n_vars, n_classes = counts
    for (X, _), n_rows in zip(parts, rows, strict=True):
        _check(source, "rows", n_rows, X.shape[0])
        _check(source, "variables", n_vars, X.shape[1])
    labels = [np.char.strip(lab.astype(str)) for _, lab in parts]
    distinct = np.unique(np.concatenate(labels))  # one coding shared by train and test
    _check(source, "classes", n_classes, distinct.size)
    ys = [np.searchsorted(distinct, lab).astype(np.int64) for lab in labels]
    classes = tuple(names[c] for c in distinct) if names else tuple(str(c) for c in distinct)
    X, y = parts[0][0], ys[0]
    X_test, y_test = (parts[1][0], ys[1]) if len(parts) == 2 else (None, None)
    return Dataset(name, X, y, classes, X_test, y_test, note)


def load_breast_cancer_wisconsin(mirror=None):
    """Wisconsin breast cancer (original): 699×9, 2 classes ("2" benign, "4" malignant).

    The id column is dropped; the 16 missing Bare Nuclei values are −1. This is not scikit-learn's
    569×30 WDBC set.
    """
    relpath = "breast-cancer-wisconsin/breast-cancer-wisconsin.data"
    table = _table(relpath, mirror, ",")
    return _dataset("breast_cancer", relpath, [(_numeric(table[:, 1:-1]), table[:, -1])], ((699,), 9, 2))


def load_ionosphere(mirror=None):
    """Ionosphere: 351×34, 2 classes ("b", "g")."""
    relpath = "ionosphere/ionosphere.data"
    table = _table(relpath, mirror, ",")
    return _dataset("ionosphere", relpath, [(_numeric(table[:, :-1]), table[:, -1])], ((351,), 34, 2))


def load_pima(mirror=None):
    """Pima Indians diabetes: 768×8, 2 classes ("0", "1"). Not scikit-learn's regression set."""
    relpath = "pima/pima-indians-diabetes.data"
    table = _table(relpath, mirror, ",")
    return _dataset("diabetes", relpath, [(_numeric(table[:, :-1]), table[:, -1])], ((768,), 8, 2))


def load_glass(mirror=None):
    """Glass: 214×9 (the Id column dropped), 6 classes ("1", "2", "3", "5", "6", "7"; no class 4)."""
    relpath = "glass/glass.data"
    table = _table(relpath, mirror, ",")
    return _dataset("glass", relpath, [(_numeric(table[:, 1:-1]), table[:, -1])], ((214,), 9, 6))


def load_soybean_large(mirror=None):
    """Large soybean: ``soybean-large.data`` then ``.test`` as one set, 683×35 nominal codes, 19 classes.

    The class is the first field; the attribute codes 0–6 are kept as integers, ``?`` is −1.
    """
    relpaths = ("soybean/soybean-large.data", "soybean/soybean-large.test")
    table = np.vstack([_table(relpath, mirror, ",") for relpath in relpaths])
    return _dataset(
        "soybean", " + ".join(relpaths), [(_numeric(table[:, 1:]), table[:, 0])], ((683,), 35, 19)
    )


def _split(name, relpaths, mirror, delimiter, counts, names=None, note=""):
    tables = [_table(relpath, mirror, delimiter) for relpath in relpaths]
    parts = [(_numeric(table[:, :-1]), table[:, -1]) for table in tables]
    return _dataset(name, " + ".join(relpaths), parts, counts, names, note)


def load_satellite(mirror=None):
    """Statlog Landsat satellite: train 4435 / test 2000, 36 variables, 6 classes (labels 1–5, 7)."""
    return _split("satellite", ("satimage/sat.trn", "satimage/sat.tst"), mirror, None, ((4435, 2000), 36, 6))


def load_dna(mirror=None):
    """Statlog DNA (splice junctions): train 2000 / test 1186, 180 binary indicators, 3 classes.

    The file codes the classes 1, 2, 3 = EI, IE, N (Statlog ``dna.names``; the train counts
    464/485/1051 match the spec's n/ie/ei = 1051/485/464), so ``y`` is 0 = EI, 1 = IE, 2 = N.
    Breiman used the 60 nucleotides as categorical variables; here each is 3 binary indicators.
    """
    return _split(
        "dna", ("dna/dna.data", "dna/dna.test"), mirror, None, ((2000, 1186), 180, 3),
        names={"1": "EI", "2": "IE", "3": "N"},
        note="180 binary indicators (Statlog encoding) instead of Breiman's 60 nucleotide variables",
    )


def load_letter_split(mirror=None):
    """UCI letter in the file's row order: the first 15000 rows train, the last 5000 test (26 classes).

    Unlike :func:`mavl.data.load_letter` the rows are not sorted: Breiman's split is by file position.
    """
    relpath = "letter/letter-recognition.data"
    table = _table(relpath, mirror, ",")
    X, labels = _numeric(table[:, 1:]), table[:, 0]
    parts = [(X[:15000], labels[:15000]), (X[15000:], labels[15000:])]
    return _dataset("letters", relpath, parts, ((15000, 5000), 16, 26))


def load_statlog_heart(mirror=None):
    """PROXY for Breiman's heart data: Statlog heart, 270×13, 2 classes ("1" absent, "2" present).

    Breiman's heart set (1395×16) is not in UCI. This is a different, much smaller data set; results
    on it are not comparable with the published heart rows.
    """
    relpath = "heart/heart.dat"
    table = _table(relpath, mirror, None)
    return _dataset(
        "statlog_heart", relpath, [(_numeric(table[:, :-1]), table[:, -1])], ((270,), 13, 2),
        note="proxy: UCI Statlog heart (270x13), not Breiman's heart data (1395x16)",
    )


#: Loader of each data set, keyed by the spec's names (lower case, spaces as underscores).
UCI_LOADERS = {
    "breast_cancer": load_breast_cancer_wisconsin,
    "ionosphere": load_ionosphere,
    "diabetes": load_pima,
    "glass": load_glass,
    "soybean": load_soybean_large,
    "letters": load_letter_split,
    "satellite": load_satellite,
    "dna": load_dna,
    "statlog_heart": load_statlog_heart,
}


def load_uci(name, mirror=None):
    """The :class:`Dataset` called ``name``: a key of :data:`~mavl.data.uci.UCI_LOADERS`, or a spec
    name like "DNA".

    Raises
    ------
    ValueError
        For an unknown name, and for "heart": Breiman's heart data are unavailable and the Statlog
        proxy must be asked for by its own name, "statlog_heart".
    """
    key = name.strip().lower().replace(" ", "_")
    if key == "heart":
        raise ValueError(
            "Breiman's heart data (1395x16) are not available; ask for 'statlog_heart' to get the "
            "clearly labelled 270x13 proxy"
        )
    if key not in UCI_LOADERS:
        raise ValueError(f"unknown data set {name!r}; known: {sorted(UCI_LOADERS)}")
    return UCI_LOADERS[key](mirror=mirror)
