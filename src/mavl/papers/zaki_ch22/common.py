"""What every Zaki & Meira Ch. 22 demonstration shares: Iris on two principal components, split S,
the binary labelling, one seeded generator per target, and the form of a check (spec §3).
"""

import zlib

import numpy as np
from sklearn.datasets import load_iris
from sklearn.decomposition import PCA

__all__ = ["SEED", "binary_labels", "check", "iris_pc2", "rng_for", "split_s"]

SEED = 22


def rng_for(target, seed=SEED):
    """The generator of one target: SeedSequence of (seed, CRC-32 of the target id)."""
    return np.random.default_rng([seed, zlib.crc32(target.encode())])


def iris_pc2():
    """Iris on its first two principal components (centred, unscaled; each sign fixed so that the
    largest-magnitude loading is positive), and the labels 0, 1, 2."""
    X, y = load_iris(return_X_y=True)
    pca = PCA(n_components=2).fit(X)
    signs = np.sign(pca.components_[np.arange(2), np.abs(pca.components_).argmax(axis=1)])
    return pca.transform(X) * signs, y


def split_s(n=150, seed=SEED):
    """Split S: a seeded permutation, first 100 for training, last 50 for testing."""
    order = np.random.default_rng(seed).permutation(n)
    return order[:100], order[100:]


def binary_labels(y):
    """Versicolor (class 1) positive as +1, setosa and virginica −1."""
    return np.where(y == 1, 1, -1)


def check(check_id, statement, holds, values, cases=None, previous=None):
    """One check of spec §5: its id, what it asks, the verdict and the numbers.

    ``cases`` (optional): the cases the chapter's sentence covers, each ``(holds, text[, margin])``,
    which the claim's quantifier judges (:mod:`.claims`); ``holds`` is then every case's (the
    check's own summary). ``previous`` (optional): the earlier reading of the same check,
    ``(statement, holds, values, why)``, judged beside the new one.
    """
    found = {"check": check_id, "statement": statement, "holds": bool(holds), "values": values}
    if cases is not None:
        found["cases"] = [[None if c[0] is None else bool(c[0]), str(c[1]),
                           *([float(c[2])] if len(c) > 2 and c[2] is not None else [])] for c in cases]
    if previous is not None:
        before, held, text, why = previous
        found["previous"] = {"statement": before, "holds": bool(held), "values": text, "why": why}
    return found
