"""Letter and Vowel in the canonical forms of spec james-ch2 §2.1–2.2."""

from dataclasses import dataclass

import numpy as np

from .fetch import fetch

__all__ = ["VowelData", "load_letter", "load_vowel"]


def load_letter(mirror=None):
    """UCI Letter: X (20000×16 float), y (0–25 for A–Z), rows sorted by (label, f1, …, f16).

    The stable lexicographic order makes seeded draws independent of the copy's row order.
    """
    path = fetch("letter/letter-recognition.data", mirror=mirror)
    raw = np.loadtxt(path, delimiter=",", dtype=str)
    y = np.array([ord(c) - ord("A") for c in raw[:, 0]])
    X = raw[:, 1:].astype(np.int64)
    order = np.lexsort(tuple(X[:, j] for j in range(X.shape[1] - 1, -1, -1)) + (y,))
    return X[order].astype(np.float64), y[order]


@dataclass(frozen=True)
class VowelData:
    """The Deterding vowel data with its standard split (528 training, 462 test rows)."""

    X_train: np.ndarray
    y_train: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray


def load_vowel(mirror=None):
    """UCI Vowel (vowel-context.data): 10 features, 11 classes, the file's own row order."""
    table = np.loadtxt(fetch("vowel/vowel-context.data", mirror=mirror))
    test = table[:, 0] == 1
    X, y = table[:, 3:13], table[:, 13].astype(np.int64)
    return VowelData(X[~test], y[~test], X[test], y[test])
