"""Chapter 5 of Valentini (2003): bias–variance of bagged (F5) and random-aggregated (F6) SVM ensembles.

Spec valentini2003 §4.0 (families F5, F6), §1.7 (sampling plans, curves against k), §1.5
(estimates over n ensembles, vote ties), §3.5 (shared kernel blocks), A14 (synthetic 𝒟), A15
(ties), A24 (single reference on the bagging plan's D_i), A29 (seeds).

:func:`run_ensembles` is one job: one data set, one kernel, one method, every setting of the grid.
Each ensemble is fitted once with m members; the ensemble of its first k members is read from the
cumulative votes (§1.7), so every k = 1..m costs no extra fit. The frame holds one row per
(method, setting, k): ``method="single"`` (k = 1) is the reference SVM trained on D_i itself.

Samples depend on (seed, data set, ensemble index) only, never on the kernel, its parameters or
the method (A29): bagging and random aggregating share the D_i, hence the single reference.
"""

import numpy as np
import pandas as pd
from threadpoolctl import threadpool_limits

from ....bias_variance.domingos import MAIN_PREDICTION_TIES, domingos_summaries
from ....data.two_class import p2, p2_standardize
from ....ensemble.aggregating import VOTE_TIES
from ....random import seed_int, stream
from ....reproduction.progress import progress
from ....svm.grid import KERNELS, SVC_DEFAULTS, draw_samples
from ....svm.pooled import fit_group, pooled_decisions
from ..chapter4.jobs import (
    SYNTHETIC,
    SYNTHETIC_TEST_SIZE,
    TIDY_COLUMNS,
    classifier_error_sd,
    default_normalisation,
    family_data,
    summary_columns,
)
from .draws import JobDraws, draw_frame

__all__ = ["CH5_COLUMNS", "ENSEMBLE_FAMILIES", "SYNTHETIC_RA", "ensemble_data", "ensemble_votes",
           "run_ensembles"]

_CAPACITY = ("train_error", "sv_frac_half", "vc_est")
#: §4.0's tidy columns (without chapter 4's capacity columns) plus method, k and the options used;
#: ``error_sd`` last: the SD over the n ensembles (or single SVMs) of their test errors.
CH5_COLUMNS = [c for c in TIDY_COLUMNS if c not in (*_CAPACITY, "error_sd")] + [
    "method", "k", "n_members", "vote_ties", "synthetic_ra", "error_sd"]
_VALUE = {"rbf": "sigma", "poly": "degree", "linear": None}
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

    𝒯 (and the real sets' 𝒟, caps and z-scoring) are chapter 4's (:func:`..chapter4.jobs.family_data`).
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


def _ensemble_fits(X, y, base, members, method, reference, fit):
    """One ensemble's SVMs on every C: the groups that hold its m members, in order, and the single
    SVM on D_i (``None`` without ``reference``), as :func:`mavl.svm.pooled.fit_group` fits them."""
    if method == "bagging":                   # D_i and its replicates share ≤ s points: one group
        both = fit_group(X, y, np.concatenate([base[None, :], members]), **fit)
        return [both.select(slice(1, None))], both.select(slice(0, 1)) if reference else None
    # Random aggregating: samples of 𝒟 share few points, one group per sample.
    return ([fit_group(X, y, rows[None, :], **fit) for rows in members],
            fit_group(X, y, base[None, :], **fit) if reference else None)


def _predict(dec, one_class):
    """Labels in {0, 1} of each member: d ≥ 0 gives 1, as ``SVC.predict`` does; constants keep theirs."""
    pred = (dec >= 0).astype(np.int8)
    pred[:, one_class >= 0] = one_class[one_class >= 0][None, :, None]
    return pred


def ensemble_votes(pred, dec, vote_ties="decision_sum"):
    """Labels of every prefix ensemble: ``pred``, ``dec`` (..., m, n_test) → (..., m, n_test), k = 1..m.

    Majority vote of the first k members; a tie goes to the sign of the summed decision values,
    then to the positive class (§1.5, A15, :data:`mavl.ensemble.aggregating.VOTE_TIES`).
    """
    if vote_ties not in VOTE_TIES:
        raise ValueError(f"vote_ties must be one of {VOTE_TIES}; got {vote_ties!r}.")
    pred, dec = np.asarray(pred), np.asarray(dec)
    k = np.arange(1, pred.shape[-2] + 1)[:, None]
    twice = _prefix_sums(pred, np.int32)
    twice *= 2
    votes = twice > k
    tied = twice == k
    if vote_ties == "decision_sum":
        tied &= _prefix_sums(dec, np.float64) >= 0
    votes |= tied
    return votes.view(np.int8)


def _prefix_sums(values, dtype):
    """``np.cumsum(values, axis=-2, dtype=dtype)``, bit for bit: the same sums in the same order (an
    accumulation is sequential), member row by member row. numpy accumulates along a middle axis one
    strided column at a time, 4x slower on chapter 5's (C, m, test block) stacks."""
    sums = np.empty(values.shape, dtype)
    if values.shape[-2]:
        sums[..., 0, :] = values[..., 0, :]
    for j in range(1, values.shape[-2]):
        np.add(sums[..., j - 1, :], values[..., j, :], out=sums[..., j, :])
    return sums


def _rows(preds, hits, y_test, settings, method, ks, main_prediction_ties):
    """Decompose ``preds`` (n_c, len(ks), n, n_test) over the n classifiers, one row per (C, k)."""
    rows = []
    for c, setting in enumerate(settings):
        # Every prefix k at once: the numbers of one domingos_decomposition per k, bit for bit.
        summaries = domingos_summaries(preds[c], y_test, classes=(0, 1), ties=main_prediction_ties)
        error_sd = classifier_error_sd(preds[c], y_test)
        for j, k in enumerate(ks):
            rows.append({**setting, "method": method, "k": k,
                         **summary_columns(summaries[j]),
                         "n_not_converged": int(hits[c, j]), "error_sd": float(error_sd[j])})
    return rows


def run_ensembles(data_set, kernel, method, *, grid, n_ensembles, n_members, seed, sample_size=100,
                  test_cap=None, train_cap=None, rbf_gamma_rule="inv_sigma", normalisation=None,
                  split_seed=None, mirror=None, synthetic_test_size=SYNTHETIC_TEST_SIZE,
                  synthetic_ra="finite_pool", synthetic_pool_size=10_000, e1_amplitude=2.0,
                  vote_ties="decision_sum", main_prediction_ties="biased", reference=True, svm=None,
                  draws=None):
    """One F5 (``method="bagging"``) or F6 (``"randagg"``) job on one data set and kernel (spec §4.0).

    Parameters
    ----------
    data_set : str
        Spec id (§2), as in :func:`..chapter4.jobs.run_family`.
    kernel : {"rbf", "poly", "linear"}
    method : {"bagging", "randagg"}
    grid : dict
        ``{"C": [...], "sigma": [...]}`` (rbf), ``{"C", "degree"}`` (poly) or ``{"C"}`` (linear),
        as :func:`..settings.grid` returns it.
    n_ensembles, n_members : int
        n ensembles (the decomposition's classifiers) of m members (§6.3: 20 × 60 default).
    seed : int
        Master seed of every stream (A29).
    synthetic_ra, synthetic_pool_size : str, int
        A14 (:func:`ensemble_data`).
    vote_ties : {"decision_sum", "last_class"}
        Tie rule of the ensemble vote (A15).
    main_prediction_ties : {"biased", "lowest_index"}
        Tie rule of the main prediction over the n ensembles (A15).
    reference : bool
        Also return the single-SVM rows on the D_i (A24); identical in the F5 and F6 jobs.
    svm : dict or None
        libsvm overrides (``tol``, ``max_iter``, ``cache_size``; §3.2, A25).
    draws : Resamples or None
        The claims' bootstrap draws of the n ensembles: also decompose on each draw what the claims
        read (:mod:`.draws`).
    Other parameters are :func:`..chapter4.jobs.run_family`'s.

    Returns
    -------
    DataFrame with :data:`CH5_COLUMNS`: per setting, ``method="single"`` at k = 1 (if ``reference``)
    and ``method`` at k = 1..m; ``n_not_converged`` counts the fits of those k members (all n ensembles).
    With ``draws``, also the frame of :data:`.draws.DRAW_COLUMNS`.
    """
    if kernel not in KERNELS:
        raise ValueError(f"kernel must be one of {KERNELS}; got {kernel!r}.")
    if main_prediction_ties not in MAIN_PREDICTION_TIES:
        raise ValueError(f"main_prediction_ties must be one of {MAIN_PREDICTION_TIES}; got "
                         f"{main_prediction_ties!r}.")
    if vote_ties not in VOTE_TIES:
        raise ValueError(f"vote_ties must be one of {VOTE_TIES}; got {vote_ties!r}.")
    # The matrices are small (s = 100 points): threaded BLAS only spins against the other jobs that
    # Snakemake runs side by side (measured 4-5x slower on 2 shared cores), so one thread per job.
    with threadpool_limits(limits=1, user_api="blas"):
        return _run(data_set, kernel, method, grid, n_ensembles, n_members, seed, sample_size, test_cap,
                    train_cap, rbf_gamma_rule, normalisation, split_seed, mirror, synthetic_test_size,
                    synthetic_ra, synthetic_pool_size, e1_amplitude, vote_ties, main_prediction_ties,
                    reference, svm, draws)


def _run(data_set, kernel, method, grid, n_ensembles, n_members, seed, sample_size, test_cap, train_cap,
         rbf_gamma_rule, normalisation, split_seed, mirror, synthetic_test_size, synthetic_ra,
         synthetic_pool_size, e1_amplitude, vote_ties, main_prediction_ties, reference, svm, draws):
    normalisation = normalisation or default_normalisation(data_set, kernel)
    data = ensemble_data(data_set, method, n_ensembles=n_ensembles, n_members=n_members,
                         sample_size=sample_size, test_cap=test_cap, train_cap=train_cap, seed=seed,
                         normalisation=normalisation, split_seed=split_seed, mirror=mirror,
                         synthetic_test_size=synthetic_test_size, synthetic_ra=synthetic_ra,
                         synthetic_pool_size=synthetic_pool_size, e1_amplitude=e1_amplitude)
    X, y, X_test, y_test = data["X"], data["y"], np.asarray(data["X_test"], float), data["y_test"]
    svm = {**SVC_DEFAULTS, **dict(svm or {})}
    C_grid = [float(c) for c in grid["C"]]
    name = _VALUE[kernel]
    values = [None] if name is None else list(grid[name])
    n_test, m = y_test.size, n_members
    rows, all_settings = [], []
    weights = None if draws is None else draws.weights(n_ensembles)
    on_draws = {kind: JobDraws(y_test, weights, main_prediction_ties) for kind in ("single", method)
                if kind != "single" or reference}
    for value in values:
        fit = dict(kernel=kernel, value=value, C_grid=C_grid, rbf_gamma_rule=rbf_gamma_rule, svm=svm)
        ens = np.empty((len(C_grid), m, n_ensembles, n_test), dtype=np.int8)
        single = np.empty((len(C_grid), 1, n_ensembles, n_test), dtype=np.int8)
        ens_hit, single_hit = np.zeros((len(C_grid), m), int), np.zeros((len(C_grid), 1), int)
        what = f"{data_set}, {kernel} kernel, {name or 'no'} = {value}, {method}: ensembles"
        fits = [_ensemble_fits(X, y, data["base"][i], data["members"][i], method, reference, fit)
                for i in progress(range(n_ensembles), what)]
        consts = []
        for parts, ref in fits:
            consts.append(np.concatenate([p.one_class for p in parts]))
            ens_hit += np.cumsum(np.concatenate([p.hit_max_iter for p in parts], axis=1), axis=1)
            if ref is not None:
                single_hit += ref.hit_max_iter
        # Every fit's support vectors are rows of X: one kernel block against 𝒯 serves them all.
        flat = [f for parts, ref in fits for f in (*parts, ref) if f is not None]
        for block, decisions in pooled_decisions(X, X_test, flat, kernel, value,
                                                 rbf_gamma_rule=rbf_gamma_rule):
            for i, (parts, ref) in enumerate(fits):
                dec = np.concatenate([next(decisions) for _ in parts], axis=1)
                ens[:, :, i, block] = ensemble_votes(_predict(dec, consts[i]), dec, vote_ties)
                if ref is not None:
                    single[:, 0, i, block] = _predict(next(decisions), ref.one_class)[:, 0]
        settings = [{"C": C, "sigma": value if name == "sigma" else np.nan,
                     "degree": value if name == "degree" else np.nan} for C in C_grid]
        if reference:
            rows += _rows(single, single_hit, y_test, settings, "single", [1], main_prediction_ties)
        rows += _rows(ens, ens_hit, y_test, settings, method, range(1, m + 1), main_prediction_ties)
        if weights is not None:
            all_settings += settings
            for kind, preds in (("single", single), (method, ens)):
                if kind in on_draws:
                    on_draws[kind].add(preds)
    share = float(np.mean(y_test))
    frame = pd.DataFrame(rows).assign(
        data_set=data_set, kernel=kernel, n_samples=n_ensembles, sample_size=sample_size, n_test=n_test,
        const_error=min(share, 1.0 - share), normalisation=normalisation, rbf_gamma_rule=rbf_gamma_rule,
        substitute=data["substitute"], n_members=m, vote_ties=vote_ties,
        synthetic_ra=synthetic_ra if data_set in SYNTHETIC else "finite_pool")
    frame = frame.reindex(columns=CH5_COLUMNS)
    if weights is None:
        return frame
    return frame, pd.concat([draw_frame(data_set, kernel, kind, all_settings, parts.values())
                             for kind, parts in on_draws.items()], ignore_index=True)
