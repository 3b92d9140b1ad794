"""Seeded random streams (spec james-ch2 §0) and deterministic random tie-breaking.

Every random draw in mavl comes from :class:`numpy.random.SeedSequence`. A workflow job derives one
generator per purpose from ``(master_seed, experiment_code, replicate, stream)``, so a job's draws
depend only on its own identity, never on job order or on the number of cores.
"""

import zlib

import numpy as np

#: One code per purpose, so that two purposes never share a stream (spec §0).
STREAMS = {
    "split": 0,
    "code": 1,
    "bagging": 2,
    "boosting": 3,
    "ties": 4,
    "tree": 5,
    "data": 6,
}

_MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)


def experiment_code(name):
    """A stable integer for an experiment name (CRC-32 of its UTF-8 bytes)."""
    return zlib.crc32(name.encode("utf-8"))


def stream(master_seed, experiment, replicate, purpose):
    """The generator for one purpose of one replicate of one experiment.

    Parameters
    ----------
    master_seed : int
    experiment : str
        Experiment name, e.g. ``"L50"``.
    replicate : int
    purpose : str
        A key of :data:`STREAMS`: ``"split"``, ``"code"``, ``"bagging"``, ``"boosting"``,
        ``"ties"``, ``"tree"`` or ``"data"``.

    Returns
    -------
    numpy.random.Generator

    Raises
    ------
    ValueError
        If ``purpose`` is not one of them; the message lists them.
    """
    if purpose not in STREAMS:
        raise ValueError(f"no random stream for the purpose {purpose!r}: the purposes are "
                         f"{', '.join(map(repr, STREAMS))} (mavl.random.STREAMS; a new purpose gets a "
                         f"new code there, never an existing one's)")
    seq = np.random.SeedSequence(
        [int(master_seed), experiment_code(experiment), int(replicate), STREAMS[purpose]]
    )
    return np.random.default_rng(seq)


def draw_seeds(random_state, n):
    """``n`` int seeds drawn up front from ``random_state``.

    Drawn in sequence, so the first ``b`` seeds are the same whatever ``n`` is: member ``b`` of an
    ensemble depends only on the ensemble's seed and ``b``, and a prefix of a fit is exactly the
    smaller fit.
    """
    # Imported here: the estimators that call this load scikit-learn anyway, while the jobs that
    # only read results use this module's streams and need not load it.
    from sklearn.utils import check_random_state

    return check_random_state(random_state).randint(np.iinfo(np.int32).max, size=n)


def seed_int(rng):
    """A 32-bit seed drawn from ``rng``, for estimators that take an int ``random_state``."""
    return int(rng.integers(0, 2**31 - 1))


def _splitmix64(x):
    """The splitmix64 finaliser, a bijective mixer of uint64 arrays."""
    x = (x + np.uint64(0x9E3779B97F4A7C15)) & _MASK64
    x = ((x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)) & _MASK64
    x = ((x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)) & _MASK64
    return x ^ (x >> np.uint64(31))


def row_keys(X, n_columns, seed):
    """Uniform pseudo-random keys in [0, 1) for each row of ``X`` and each of ``n_columns``.

    A key depends only on the row's values, the column and ``seed``, so a point gets the same key
    whatever batch it is predicted in. Taking the largest key among tied candidates therefore
    breaks ties uniformly at random while keeping predictions reproducible and independent of how
    a test set is split into batches.
    """
    X = np.ascontiguousarray(X, dtype=np.float64)
    words = X.reshape(X.shape[0], -1).view(np.uint64)
    with np.errstate(over="ignore"):
        h = np.full(X.shape[0], np.uint64(seed) & _MASK64, dtype=np.uint64)
        for j in range(words.shape[1]):
            h = _splitmix64(h ^ words[:, j])
        cols = np.arange(n_columns, dtype=np.uint64)
        keys = _splitmix64(h[:, None] ^ _splitmix64(cols + np.uint64(0x632BE59BD9B4E019))[None, :])
    return (keys >> np.uint64(11)).astype(np.float64) / float(2**53)


def argmax_random_ties(scores, keys, rtol=1e-10):
    """Row-wise argmax of ``scores`` with ties broken by the largest key.

    Parameters
    ----------
    scores : ndarray of shape (..., n_samples, n_classes)
    keys : ndarray of shape (n_samples, n_classes)
        From :func:`row_keys`; broadcast over leading axes.
    rtol : float
        Scores within ``rtol * (1 + |max|)`` of the row maximum count as tied, so that sums
        computed in a different order still tie.
    """
    scores = np.asarray(scores, dtype=np.float64)
    top = scores.max(axis=-1, keepdims=True)
    tied = scores >= top - rtol * (1.0 + np.abs(top))
    return np.where(tied, keys, -1.0).argmax(axis=-1)
