"""Chapter 5's data: the pool 𝒟, the test set 𝒯, the D_i and every ensemble member's sample.

Spec valentini2003 §1.7 (sampling plans), A14 (synthetic 𝒟), A29 (seeds): samples depend on (seed,
data set, ensemble index) only, never on the kernel, its parameters or the method.
"""

import numpy as np

from ...data.two_class import p2, p2_standardize
from ...random import seed_int, stream
from ...svm.grid import draw_samples
from .chapter4 import SYNTHETIC, SYNTHETIC_TEST_SIZE, family_data

__all__ = ["ENSEMBLE_FAMILIES", "SYNTHETIC_RA", "ensemble_data"]

#: The ensembles' family ids of §4.0.
ENSEMBLE_FAMILIES = {"bagging": "ch5_bag", "randagg": "ch5_ra"}
#: A14: synthetic 𝒟 as a finite pool of ``synthetic_pool_size`` points, or fresh generator draws.
SYNTHETIC_RA = ("finite_pool", "generator")


def _generator(data_set, e1_amplitude):
    if data_set == "p2":
        return lambda n, rng: p2(n, rng, e1_amplitude)
    return SYNTHETIC[data_set]


def ensemble_data(data_set, method, *, n_ensembles, n_members, sample_size=100, test_cap=None,
                  train_cap=None, seed, normalisation="zscore", split_seed=None, mirror=None,
                  synthetic_test_size=SYNTHETIC_TEST_SIZE, synthetic_ra="finite_pool",
                  synthetic_pool_size=10_000, e1_amplitude=2.0):
    """Pool 𝒟, test set 𝒯, the D_i and every member's sample of one chapter-5 job (spec §1.7, A14).

    𝒯 (and the real sets' 𝒟, caps and z-scoring) are chapter 4's (:func:`.chapter4.family_data`).
    A synthetic 𝒟 is ``synthetic_pool_size`` points from ``stream(seed, "valentini2003/ch5/<set>",
    0, "data")``. D_i: :func:`mavl.svm.grid.draw_samples` seeded by the "bagging" stream of that name.
    Ensemble i's members come from ``stream(seed, "valentini2003/ch5/<set>/<method>", i, "bagging")``:
    bagging draws m bootstrap replicates of D_i, random aggregating m samples of 𝒟 (with
    ``synthetic_ra="generator"`` on P2/Waveform: fresh points appended to X, exact random aggregating).

    Returns
    -------
    dict with ``X``, ``y`` (int8), ``X_test``, ``y_test``, ``base`` (n, s) rows of the D_i,
    ``members`` (n, m, s) rows, ``member_seeds`` (n,) and ``substitute``.
    """
    if method not in ENSEMBLE_FAMILIES:
        raise ValueError(f"method must be one of {tuple(ENSEMBLE_FAMILIES)}; got {method!r}.")
    if synthetic_ra not in SYNTHETIC_RA:
        raise ValueError(f"synthetic_ra must be one of {SYNTHETIC_RA}; got {synthetic_ra!r}.")
    data = family_data(data_set, n_samples=0, sample_size=sample_size, test_cap=test_cap,
                       train_cap=train_cap, seed=seed, normalisation=normalisation, split_seed=split_seed,
                       mirror=mirror, synthetic_test_size=synthetic_test_size, e1_amplitude=e1_amplitude)
    X, y = data["X"], data["y"]
    name = f"valentini2003/ch5/{data_set}"
    if data_set in SYNTHETIC:
        generate = _generator(data_set, e1_amplitude)
        X, y = generate(synthetic_pool_size, stream(seed, name, 0, "data"))
        X = p2_standardize(X) if normalisation == "zscore" else X
    base = draw_samples(seed_int(stream(seed, name, 0, "bagging")), y.size, n_ensembles, sample_size)
    # One seed per ensemble: RandomAggregatingClassifier(random_state=seed_i) draws the same samples.
    member_seeds = np.array([seed_int(stream(seed, f"{name}/{method}", i, "bagging"))
                             for i in range(n_ensembles)], dtype=np.int64)
    if method == "bagging":
        members = np.stack([rows[draw_samples(s, sample_size, n_members, sample_size)]
                            for rows, s in zip(base, member_seeds, strict=True)]) if n_ensembles else \
            np.empty((0, n_members, sample_size), np.int64)
    elif data_set in SYNTHETIC and synthetic_ra == "generator":
        fresh = [generate(n_members * sample_size, stream(seed, f"{name}/{method}", i, "data"))
                 for i in range(n_ensembles)]
        offset = y.size
        X = np.concatenate([X] + [p2_standardize(f[0]) if normalisation == "zscore" else f[0]
                                  for f in fresh])
        y = np.concatenate([y] + [f[1] for f in fresh])
        members = offset + np.arange(n_ensembles * n_members * sample_size).reshape(
            n_ensembles, n_members, sample_size)
    else:
        members = np.stack([draw_samples(s, y.size, n_members, sample_size) for s in member_seeds]) \
            if n_ensembles else np.empty((0, n_members, sample_size), np.int64)
    return {"X": X, "y": np.asarray(y, np.int8), "X_test": data["X_test"], "y_test": data["y_test"],
            "base": base, "members": members, "member_seeds": member_seeds,
            "substitute": data["substitute"]}
