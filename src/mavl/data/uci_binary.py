"""The real two-class data sets of Valentini (2003), read from the checksummed UCI files (spec §2.4–2.9).

Every loader reads its file(s) through :func:`mavl.data.fetch` (spec README, decision 1) and
returns a :class:`BinaryDataset`: ``X``/``y`` is the base training set 𝒟 and ``X_test``/``y_test``
the test set 𝒯 of thesis Table 4.1, X float64 as in the file, y int64 in {0, 1} with 1 the thesis's
+1 class (spec A26: grey soils, letter B, spam, musk), so ``t = 2·y − 1``. Row, attribute and class
counts are checked against the spec; a difference raises a ValueError naming the file.

Where UCI has no split (Letter-Two, Spam, Musk) the split is random, from ``seed`` alone, so
Letter-Two with noise shares the clean set's split; the noise comes from a second stream of the
same seed. Musk is the clearly labelled Musk version 1 substitute; Musk version 2 and GCM raise
:class:`~mavl.data.uci_multiclass.DataUnavailable` ("not reproduced: data unavailable").

Preprocessing (§2.9, A2) is not applied here: :func:`~mavl.data.standardize` z-scores with 𝒟's statistics.
"""

from dataclasses import dataclass

import numpy as np

from .fetch import fetch
from .uci import Dataset
from .uci_multiclass import DataUnavailable

__all__ = [
    "BINARY_DATASETS",
    "BINARY_LOADERS",
    "UNAVAILABLE_BINARY",
    "BinaryDataset",
    "DataUnavailable",
    "load_binary",
    "load_grey_landsat",
    "load_letter_two",
    "load_letter_two_noise",
    "load_musk",
    "load_spam",
    "standardize",
]

#: The real data sets of Table 4.1 that can be loaded, by spec id (Musk as the Musk1 substitute).
BINARY_DATASETS = ("grey_landsat", "letter_two", "letter_two_noise", "spam", "musk")

#: Data sets of the thesis whose files are not in the UCI mirror, with the reason (spec §2.7–2.8).
UNAVAILABLE_BINARY = {
    "musk2": "Musk version 2 (clean2.data, 6598x166, 102 molecules) is not in the UCI mirror; "
             "'musk' loads the labelled Musk version 1 substitute",
    "gcm": "the GCM microarray data (Ramaswamy et al. 2001, 300 specimens x 16063 probe sets) are not "
           "in the UCI mirror nor in any reachable registry",
}

# Independent random streams of one seed: np.random.default_rng([seed, stream]).
_SPLIT_STREAM, _NOISE_STREAM = 0, 1


@dataclass(frozen=True)
class BinaryDataset(Dataset):
    """A :class:`mavl.data.uci.Dataset` with a fixed or seeded 𝒟/𝒯 split and y in {0, 1}.

    ``name`` is the spec id, except for the Musk substitute, named ``"musk1_substitute"`` so that
    no output can pass it off as the thesis's Musk; ``classes`` is (y = 0 class, y = 1 class).

    Attributes
    ----------
    source : str
        The UCI file(s) read.
    positive : str
        The original classes coded y = 1 (the thesis's +1).
    substitute : bool
        True when the data stand in for the thesis's own (Musk version 1 for version 2).
    seed : int or None
        Seed of the random split (and noise); None for a split fixed by the files.
    """

    source: str = ""
    positive: str = ""
    substitute: bool = False
    seed: int | None = None


def _expect(source, what, expected, found, section):
    if expected != found:
        raise ValueError(
            f"{source}: expected {expected} {what}, found {found} (spec valentini2003 {section})"
        )


def _read(relpath, mirror, sep, n_fields, section):
    """The file as a 2-D array of stripped string fields (``sep=None``: whitespace), blank lines dropped."""
    with open(fetch(relpath, mirror=mirror), encoding="ascii") as handle:
        rows = [[f.strip() for f in line.split(sep)] for line in handle.read().splitlines() if line.strip()]
    widths = sorted({len(row) for row in rows})
    _expect(relpath, "fields per row", [n_fields], widths, section)
    return np.array(rows, dtype=str).reshape(len(rows), n_fields)


def _counts(source, y, expected, section):
    """Check ``(negatives, positives)`` of y against the spec."""
    _expect(source, "(negative, positive) rows", tuple(expected), tuple(np.bincount(y, minlength=2).tolist()),
            section)


def _random_split(n, n_train, seed):
    """Rows of 𝒟 and 𝒯 (each in file order) of a seeded random split of n rows."""
    order = np.random.default_rng([seed, _SPLIT_STREAM]).permutation(n)
    return np.sort(order[:n_train]), np.sort(order[n_train:])


def _build(name, source, X, y, train, test, classes, positive, note, seed, substitute=False):
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.int64)
    return BinaryDataset(
        name=name, X=X[train], y=y[train], classes=classes, X_test=X[test], y_test=y[test], note=note,
        source=source, positive=positive, substitute=substitute, seed=seed,
    )


def load_grey_landsat(mirror=None):
    """Grey-Landsat (thesis §4.2, spec §2.4): 𝒟 = ``sat.trn`` (4435×36), 𝒯 = ``sat.tst`` (2000×36).

    y = 1 for the grey soils (UCI classes 3, 4, 7), y = 0 for classes 1, 2, 5. The split is the
    files'; the thesis prints 4425 training rows (A5).
    """
    relpaths = ("satimage/sat.trn", "satimage/sat.tst")
    tables = [_read(relpath, mirror, None, 37, "§2.4") for relpath in relpaths]
    for relpath, table, n_rows in zip(relpaths, tables, (4435, 2000), strict=True):
        _expect(relpath, "rows", n_rows, table.shape[0], "§2.4")
        labels = table[:, -1]
        _expect(relpath, "UCI classes", True, set(labels) <= {"1", "2", "3", "4", "5", "7"}, "§2.4")
    train_labels = tables[0][:, -1]
    _expect(relpaths[0], "rows of classes 1, 2, 3, 4, 5, 7", [1072, 479, 961, 415, 470, 1038],
            [int((train_labels == c).sum()) for c in "123457"], "§2.4")
    table = np.vstack(tables)
    y = np.isin(table[:, -1], ["3", "4", "7"]).astype(np.int64)
    rows = np.arange(table.shape[0])
    return _build(
        "grey_landsat", " + ".join(relpaths), table[:, :-1].astype(np.float64), y, rows[:4435],
        rows[4435:], ("non-grey (1, 2, 5)", "grey (3, 4, 7)"), "UCI classes 3, 4, 7 (grey soils)",
        note="train = sat.trn (4435 rows; the thesis prints 4425, spec A5), test = sat.tst", seed=None,
    )


def _letter_two_rows(mirror):
    """X, y of the B (y = 1) and R rows among the first 16000 of the UCI letter file (spec §2.5)."""
    relpath = "letter/letter-recognition.data"
    table = _read(relpath, mirror, ",", 17, "§2.5")
    _expect(relpath, "rows", 20000, table.shape[0], "§2.5")
    first = table[:16000]
    rows = first[np.isin(first[:, 0], ["B", "R"])]
    y = (rows[:, 0] == "B").astype(np.int64)
    _counts(relpath + " (first 16000 rows, R and B)", y, (597, 630), "§2.5")
    return relpath, rows[:, 1:].astype(np.float64), y


def load_letter_two(mirror=None, seed=0):
    """Letter-Two (thesis §4.2, spec §2.5): B (y = 1) against R, 16 attributes, 𝒟 614 / 𝒯 613.

    The 1227 B and R rows of the first 16000 rows of the UCI file are split at random by ``seed``.
    """
    relpath, X, y = _letter_two_rows(mirror)
    train, test = _random_split(len(y), 614, seed)
    return _build("letter_two", relpath, X, y, train, test, ("R", "B"), "letter B", seed=seed,
                  note=f"B vs R of the first 16000 rows (1227); random split 614/613 with seed {seed}")


def load_letter_two_noise(mirror=None, seed=0, fraction=0.2):
    """Letter-Two with added noise (spec §2.5, A7): the labels of round(fraction·1227) rows flipped.

    The rows (245 at the default 20%) are drawn from all 1227 rows before splitting, so 𝒟 and 𝒯
    are both noisy; the split is :func:`load_letter_two`'s for the same ``seed``, and the flipped
    rows come from a second stream of it. X is the clean set's.
    """
    relpath, X, y = _letter_two_rows(mirror)
    n_flip = int(round(fraction * len(y)))
    flipped = np.random.default_rng([seed, _NOISE_STREAM]).choice(len(y), size=n_flip, replace=False)
    y = y.copy()
    y[flipped] = 1 - y[flipped]
    train, test = _random_split(len(y), 614, seed)
    return _build(
        "letter_two_noise", relpath, X, y, train, test, ("R", "B"), "letter B (before label noise)",
        seed=seed, note=f"Letter-Two with the labels of {n_flip} of 1227 rows ({fraction:.0%}) flipped "
                        f"before the split (spec A7); split and noise from seed {seed}",
    )


def load_spam(mirror=None, seed=0):
    """Spam (thesis §4.2, spec §2.6): UCI spambase, 4601×57, spam (y = 1, 1813) against 2788 non-spam.

    UCI gives no split; 𝒟 = 2301 and 𝒯 = 2300 rows at random by ``seed`` (A8).
    """
    relpath = "spambase/spambase.data"
    table = _read(relpath, mirror, ",", 58, "§2.6")
    _expect(relpath, "rows", 4601, table.shape[0], "§2.6")
    _expect(relpath, "class values", ["0", "1"], sorted(set(table[:, -1])), "§2.6")
    y = (table[:, -1] == "1").astype(np.int64)
    _counts(relpath, y, (2788, 1813), "§2.6")
    train, test = _random_split(len(y), 2301, seed)
    return _build("spam", relpath, table[:, :-1].astype(np.float64), y, train, test, ("non-spam", "spam"),
                  "spam", seed=seed, note=f"random split 2301/2300 with seed {seed} (UCI has none, spec A8)")


def load_musk(mirror=None, seed=0):
    """SUBSTITUTE for the thesis's Musk (spec §2.7, A9): UCI Musk version 1, 476×166, split 238/238.

    The thesis used Musk version 2 (``clean2.data``, 6598 conformations of 102 molecules, split
    3299/3299), which is unavailable. ``clean1.data`` has 476 conformations of 92 molecules, 207 musk
    (y = 1) and 269 non-musk. As in the thesis, conformations are plain examples: the molecule
    names are dropped and the random split (``seed``) ignores them. Not comparable with Musk cells.
    """
    relpath = "musk/clean1.data"
    table = _read(relpath, mirror, ",", 169, "§2.7")
    _expect(relpath, "rows", 476, table.shape[0], "§2.7")
    _expect(relpath, "molecules", 92, len(set(table[:, 0])), "§2.7")
    labels = table[:, -1].astype(np.float64)
    _expect(relpath, "class values", [0.0, 1.0], sorted(set(labels.tolist())), "§2.7")
    y = (labels == 1.0).astype(np.int64)
    _counts(relpath, y, (269, 207), "§2.7")
    train, test = _random_split(len(y), 238, seed)
    return _build(
        "musk1_substitute", relpath, table[:, 2:-1].astype(np.float64), y, train, test, ("non-musk", "musk"),
        "musk", seed=seed, substitute=True,
        note="SUBSTITUTE: musk (substitute: Musk1) - UCI Musk version 1 (clean1.data, 476x166, 92 molecules) "
             "in place of the thesis's Musk version 2 (clean2.data, 6598x166), which is unavailable; "
             f"random split 238/238 with seed {seed}; not comparable with the published Musk numbers",
    )


#: Loader of each available data set, by spec id.
BINARY_LOADERS = {
    "grey_landsat": load_grey_landsat,
    "letter_two": load_letter_two,
    "letter_two_noise": load_letter_two_noise,
    "spam": load_spam,
    "musk": load_musk,
}


def load_binary(name, mirror=None, seed=0):
    """The :class:`BinaryDataset` with spec id ``name`` (see :data:`~mavl.data.uci_binary.BINARY_DATASETS`).

    ``seed`` fixes the random split (and Letter-Two's noise); Grey-Landsat's split is the files'.

    Raises
    ------
    DataUnavailable
        For "musk2" and "gcm": not reproduced, data unavailable.
    ValueError
        For an unknown name, or a file whose counts differ from the spec.
    DataFileError
        If a file is missing everywhere or fails its checksum.
    """
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key in UNAVAILABLE_BINARY:
        raise DataUnavailable(f"{key}: not reproduced: data unavailable; {UNAVAILABLE_BINARY[key]}")
    if key not in BINARY_LOADERS:
        raise ValueError(f"unknown data set {name!r}; known: {list(BINARY_DATASETS)}")
    if key == "grey_landsat":
        return load_grey_landsat(mirror=mirror)
    return BINARY_LOADERS[key](mirror=mirror, seed=seed)


def standardize(X_train, *X_others):
    """Z-score every column with 𝒟's mean and standard deviation (ddof 0), spec §2.9 and A2.

    A constant column gets standard deviation 1. Returns the transformed ``X_train`` followed by
    each of ``X_others`` transformed with the same statistics.
    """
    X_train = np.asarray(X_train, dtype=np.float64)
    mean, std = X_train.mean(axis=0), X_train.std(axis=0)
    std = np.where(std > 0, std, 1.0)
    return tuple((np.asarray(X, dtype=np.float64) - mean) / std for X in (X_train, *X_others))
