"""Chapter 4 of Valentini (2003): the single-SVM bias–variance families F1–F4 and their data.

Spec valentini2003 §4.0 (families), §1.6 (procedure of Figs 4.3–4.4), §1.5 (estimates), §1.10
(training error, halved SV fraction, VC estimate), §2.9 and A2 (normalisation), A29 (seeds).

* :func:`run_family` is one job of F1 (RBF: σ × C), F2 (polynomial: degree × C) or F3
  (dot-product: C) on one data set, returning the tidy frame of §4.0, one row per setting.
* :func:`run_p2_surface` is F4: one P2 training set, the real-valued outputs of Figs 4.8–4.10.

Every argument is explicit (:mod:`..families` passes them from the resolved settings). The samples
depend on (seed, data set, sample index) only, never on the kernel or its parameters (A29), so the
three kernels of one data set see the same D_i, as every α does in the thesis (§1.6, step 3).
"""

import warnings
from functools import partial

import numpy as np
import pandas as pd
from sklearn.exceptions import ConvergenceWarning

from ....bias_variance.domingos import SUMMARY, domingos_summaries, svm_capacity
from ....bias_variance.resampled import domingos_resampled_summaries
from ....data.two_class import P2_SIDE, p2, p2_standardize, waveform_two_class
from ....data.uci_binary import load_binary, standardize
from ....random import seed_int, stream
from ....reproduction.progress import progress
from ....svm.grid import KERNELS, draw_samples, iter_svm_grid, thesis_svc
from ..settings import DISPLAY, KERNEL_DISPLAY

__all__ = ["CH4_NORMALISATIONS", "DATASET_LABELS", "DECOMPOSITION", "DRAW_COLUMNS", "FAMILIES",
           "KERNEL_LABELS", "NOISE_PROTOCOLS", "NORMALISATIONS", "P2_SURFACE_PAIRS", "SUMMARY_AT",
           "SYNTHETIC_TEST_SIZE", "TIDY_COLUMNS", "classifier_error_sd", "default_normalisation",
           "family_data", "run_family", "run_p2_surface"]

#: Family id of spec §4.0 per kernel (scikit-learn's kernel names, as in :mod:`mavl.svm.grid`).
FAMILIES = {"rbf": "ch4_rbf", "poly": "ch4_poly", "linear": "ch4_dot"}
#: The thesis's names in Table 4.2 (the published side), from the paper's settings.
DATASET_LABELS, KERNEL_LABELS = DISPLAY, KERNEL_DISPLAY["table_4_2"]
#: Synthetic sets are drawn fresh (no 𝒟), with a fresh 𝒯 of this size (spec §2.1).
SYNTHETIC = {"p2": p2, "waveform": waveform_two_class}
SYNTHETIC_TEST_SIZE = 10_000
#: "raw" keeps the values; "zscore" uses 𝒟's mean and sd (real sets), P2's (x − 5)/√(100/12) (§2.9),
#: or for Waveform (a sweep's reading of A2) the stacked training samples' mean and sd.
NORMALISATIONS = ("raw", "zscore")
#: Chapter 4's also "unit": features onto [0, 1] (P2: x/10; others: 𝒟's range), a sweep's reading of A2.
CH4_NORMALISATIONS = (*NORMALISATIONS, "unit")
#: A7: Letter-Two's label noise in 𝒟 and 𝒯 (the default), or in 𝒟 only (spec §2.5).
NOISE_PROTOCOLS = ("both_sets", "train_only")
#: Columns of :func:`run_family`'s frame (spec §4.0; capacity columns NaN off RBF). ``error_sd`` (last):
#: the SD (ddof 1) of the n classifiers' test errors, so ``error_sd / sqrt(n_samples)`` is ``error``'s SE.
TIDY_COLUMNS = ["data_set", "kernel", "C", "sigma", "degree", "n_samples", "sample_size", "n_test",
                "error", "bias", "var", "var_unbiased", "var_biased", "net_var", "train_error",
                "sv_frac_half", "vc_est", "n_not_converged", "const_error", "normalisation",
                "rbf_gamma_rule", "substitute", "error_sd"]
# Domingos summary names (mavl.bias_variance.domingos) → the spec's short column names.
_SUMMARY = {"error": "error", "bias": "bias", "variance": "var", "unbiased_variance": "var_unbiased",
            "biased_variance": "var_biased", "net_variance": "net_var"}
#: The decomposition columns of the tidy frames, and where each sits in a ``SUMMARY`` vector.
DECOMPOSITION = list(_SUMMARY.values())
SUMMARY_AT = [SUMMARY.index(name) for name in _SUMMARY]
# The summaries a draw row holds, in DECOMPOSITION's order.
_DRAW_SUMMARY = list(_SUMMARY)
#: Columns of the per-draw frame (``run_family(draws=...)``): a setting's keys, the draw, its values.
DRAW_COLUMNS = ["data_set", "kernel", "C", "sigma", "degree", "draw", *DECOMPOSITION,
                "train_error", "sv_frac_half", "vc_est"]


def summary_columns(summary):
    """The tidy frames' decomposition columns (``error``, ``bias``, ``var``, …) from one vector of
    :func:`mavl.bias_variance.domingos.domingos_summaries` (in ``SUMMARY`` order)."""
    return {short: float(summary[i]) for i, short in zip(SUMMARY_AT, DECOMPOSITION, strict=True)}
#: The capacity columns and :func:`svm_capacity`'s names for them.
_CAPACITY = {"train_error": "training_error", "sv_frac_half": "sv_fraction", "vc_est": "vc_estimate"}
# Samples of all three kernels share one stream name (§1.6: every α on the same D_i).
_SAMPLE_FAMILY = "ch4"


def default_normalisation(data_set, kernel):
    """A2: z-score the real sets; raw Waveform; raw P2 for RBF, standardised P2 otherwise."""
    if data_set == "waveform":
        return "raw"
    if data_set == "p2":
        # Raw P2 coordinates push the polynomial kernel to ~1e20 and libsvm goes erratic (§3.3).
        return "raw" if kernel == "rbf" else "zscore"
    return "zscore"


def classifier_error_sd(predictions, y_test):
    """SD (ddof 1) of the test errors of the classifiers (rows of ``predictions``, (..., n, n_test));
    NaN for fewer than two."""
    errors = np.mean(np.asarray(predictions) != np.asarray(y_test), axis=-1)
    if errors.shape[-1] < 2:
        return np.full(errors.shape[:-1], np.nan) if errors.ndim > 1 else float("nan")
    sd = np.std(errors, axis=-1, ddof=1)
    return sd if errors.ndim > 1 else float(sd)


def _cap(rng, n, cap):
    """Rows kept by a seeded cap (the smoke scale's stand-ins, spec §6.3), in their original order."""
    return np.arange(n) if cap is None or cap >= n else np.sort(rng.permutation(n)[:cap])


def _unit(X, X_test):
    """Min–max onto [0, 1] with ``X``'s statistics (a constant feature: range 1), applied to both."""
    low, span = X.min(axis=0), np.ptp(X, axis=0)
    span = np.where(span > 0, span, 1.0)
    return (X - low) / span, (X_test - low) / span


def family_data(data_set, *, n_samples, sample_size=100, test_cap=None, train_cap=None, seed,
                normalisation="zscore", split_seed=None, mirror=None,
                synthetic_test_size=SYNTHETIC_TEST_SIZE, e1_amplitude=2.0, noise_protocol="both_sets"):
    """Pool, samples and test set of one chapter-4 data set (spec §1.6, §2.1, §2.9).

    Synthetic sets draw sample i fresh from ``stream(seed, "valentini2003/ch4/<set>", i, "data")``
    and 𝒯 (``synthetic_test_size`` points, at most ``test_cap``) from the "split" stream; the pool is
    the samples stacked (P2 with ``e1_amplitude``, A3).
    Real sets load 𝒟 and 𝒯 (``load_binary(seed=split_seed)``, default ``seed``), cap them if asked,
    z-score with 𝒟's statistics and draw the samples with :func:`mavl.svm.grid.draw_samples`.
    Waveform's ``zscore`` (A2's alternative reading; §2.9 recommends raw) uses the statistics of the
    stacked samples, the synthetic sets' 𝒟, and applies them to 𝒯.
    ``noise_protocol`` (A7, :data:`NOISE_PROTOCOLS`) is read by Letter-Two with noise only:
    ``both_sets`` keeps the labels flipped before the split in 𝒟 and 𝒯; ``train_only`` tests on the
    clean labels of the same 𝒯 rows (Letter-Two's, whose split is the same for the same seed).

    Returns
    -------
    dict with ``X``, ``y`` (int8 labels in {0, 1}), ``samples`` (n_samples, sample_size),
    ``X_test``, ``y_test`` and ``substitute`` (True for the Musk1 stand-in).
    """
    if normalisation not in CH4_NORMALISATIONS:
        raise ValueError(f"normalisation must be one of {CH4_NORMALISATIONS}; got {normalisation!r}.")
    if noise_protocol not in NOISE_PROTOCOLS:
        raise ValueError(f"noise_protocol must be one of {NOISE_PROTOCOLS}; got {noise_protocol!r}.")
    name = f"valentini2003/{_SAMPLE_FAMILY}/{data_set}"
    if data_set in SYNTHETIC:
        generate = SYNTHETIC[data_set]
        if data_set == "p2":
            generate = partial(p2, e1_amplitude=e1_amplitude)
        parts = [generate(sample_size, stream(seed, name, i, "data")) for i in range(n_samples)]
        X = np.concatenate([p[0] for p in parts]) if parts else np.empty((0, 2))
        y = np.concatenate([p[1] for p in parts]) if parts else np.empty(0, np.int64)
        n_test = synthetic_test_size if test_cap is None else min(synthetic_test_size, test_cap)
        X_test, y_test = generate(n_test, stream(seed, name, 0, "split"))
        if normalisation == "zscore":
            # P2 by its square's own moments; Waveform by its stacked samples' (A2, sweeps only).
            X, X_test = (p2_standardize(X), p2_standardize(X_test)) if data_set == "p2" else \
                standardize(X, X_test)
        elif normalisation == "unit":
            X, X_test = (X / P2_SIDE, X_test / P2_SIDE) if data_set == "p2" else _unit(X, X_test)
        samples = np.arange(n_samples * sample_size).reshape(n_samples, sample_size)
        substitute = False
    else:
        ds = load_binary(data_set, mirror=mirror, seed=seed if split_seed is None else split_seed)
        rng = stream(seed, name, 0, "split")
        train, test = _cap(rng, ds.y.size, train_cap), _cap(rng, ds.y_test.size, test_cap)
        X, y, X_test, y_test = ds.X[train], ds.y[train], ds.X_test[test], ds.y_test[test]
        if data_set == "letter_two_noise" and noise_protocol == "train_only":
            clean = load_binary("letter_two", mirror=mirror, seed=seed if split_seed is None else split_seed)
            y_test = clean.y_test[test]
        if normalisation == "zscore":
            X, X_test = standardize(X, X_test)
        elif normalisation == "unit":
            X, X_test = _unit(X, X_test)
        samples = draw_samples(seed_int(stream(seed, name, 0, "bagging")), y.size, n_samples,
                               sample_size)
        substitute = bool(ds.substitute)
    # int8 labels keep the (C × samples × test) prediction blocks small (they take y's dtype).
    return {"X": X, "y": np.asarray(y, np.int8), "samples": samples, "X_test": X_test,
            "y_test": np.asarray(y_test, np.int8), "substitute": substitute}


def _capacity(X, y, samples, C, sigma, rbf_gamma_rule, svm):
    """§1.10's training error, halved SV fraction and VC estimate of each sample's SVM: one row per
    sample in the frame's column names, NaN for a one-class sample (tiny scales only: no SVM).

    The shared route keeps no fitted SVC, so each SVM is refitted plainly (the same problem:
    the shared route's Gram matrix is libsvm's kernel) for :func:`svm_capacity`.
    """
    out = np.full((len(samples), len(_CAPACITY)), np.nan)
    for i, rows in enumerate(samples):
        if np.unique(y[rows]).size < 2:
            continue
        svc = thesis_svc("rbf", C, sigma, n_features=X.shape[1], rbf_gamma_rule=rbf_gamma_rule, **svm)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)    # counted by the grid (A25)
            svc.fit(X[rows], y[rows])
        values = svm_capacity(svc, X[rows], y[rows])
        out[i] = [values[name] for name in _CAPACITY.values()]
    return out


def _capacity_means(per_sample):
    """The frame's capacity columns: means over the samples that had an SVM (NaN with none)."""
    fitted = per_sample[~np.isnan(per_sample).any(axis=1)]
    if not len(fitted):
        return dict.fromkeys(_CAPACITY, np.nan)
    mean = pd.DataFrame(fitted, columns=list(_CAPACITY)).mean()
    return {name: mean[name] for name in _CAPACITY}


def run_family(data_set, kernel, *, C_grid, values=None, n_samples, sample_size=100, test_cap=None,
               train_cap=None, seed, rbf_gamma_rule="inv_sigma", normalisation=None, split_seed=None,
               mirror=None, capacity=True, synthetic_test_size=SYNTHETIC_TEST_SIZE, e1_amplitude=2.0,
               route="shared", svm=None, noise_protocol="both_sets", draws=None):
    """One chapter-4 family job: F1 (rbf), F2 (poly) or F3 (linear) on one data set (spec §4.0).

    Parameters
    ----------
    data_set : str
        Spec id (§2): "p2", "waveform", "grey_landsat", "letter_two", "letter_two_noise", "spam", "musk".
    kernel : {"rbf", "poly", "linear"}
    C_grid : sequence of float
    values : sequence or None
        σ grid (rbf), degree grid (poly), None (linear).
    n_samples, sample_size : int
        n training samples D_i of ``sample_size`` points (s = 100 in the thesis; §6.4 keeps it).
    test_cap, train_cap : int or None
        Seeded caps on 𝒯 and 𝒟 (smoke scale, §6.3); None keeps the full sets.
    seed : int
        Master seed of every stream (A29).
    rbf_gamma_rule : {"inv_sigma", "inv_sigma_sq"}
        A1; recorded in the frame.
    normalisation : {"raw", "zscore"} or None
        None applies A2 (:func:`default_normalisation`).
    split_seed : int or None
        Seed of the random 𝒟/𝒯 split of Letter-Two, Spam and Musk; None uses ``seed``.
    mirror : str or None
        Folder of UCI files read before the packaged copies (default ``$MAVL_DATA_MIRROR``).
    capacity : bool
        Compute §1.10's columns for RBF (one plain refit per SVM, about as long as the grid itself;
        only Figs 4.13–4.14 and Q4.9–Q4.10 read them, on Letter-Two and Grey-Landsat).
    synthetic_test_size, e1_amplitude : int, float
        Fresh 𝒯 size of P2 and Waveform (§2.1) and P2's E1 amplitude (A3).
    route : {"shared", "naive"}
        :func:`mavl.svm.grid.iter_svm_grid`'s route (identical predictions).
    svm : dict or None
        libsvm overrides (``tol``, ``max_iter``, ``cache_size``; spec §3.2, A25).
    noise_protocol : {"both_sets", "train_only"}
        A7 on Letter-Two with noise (:func:`family_data`).
    draws : Resamples or None
        The claims' bootstrap draws of the training samples: also decompose every setting on each
        draw (:func:`mavl.bias_variance.resampled.domingos_resampled_summaries`).

    Returns
    -------
    DataFrame with :data:`TIDY_COLUMNS`, one row per (C, σ or degree), errors as fractions; with
    ``draws``, also the frame of :data:`DRAW_COLUMNS`, a row per setting and draw in that order.
    """
    if kernel not in KERNELS:
        raise ValueError(f"kernel must be one of {KERNELS}; got {kernel!r}.")
    normalisation = normalisation or default_normalisation(data_set, kernel)
    data = family_data(data_set, n_samples=n_samples, sample_size=sample_size, test_cap=test_cap,
                       train_cap=train_cap, seed=seed, normalisation=normalisation,
                       split_seed=split_seed, mirror=mirror, synthetic_test_size=synthetic_test_size,
                       e1_amplitude=e1_amplitude, noise_protocol=noise_protocol)
    svm = dict(svm or {})
    X, y, y_test = data["X"], data["y"], data["y_test"]
    share = float(np.mean(y_test))
    rows, draw_rows = [], []
    weights = None if draws is None else draws.weights(len(data["samples"]))
    blocks = iter_svm_grid(X, y, data["X_test"], data["samples"], kernel=kernel, C=C_grid,
                           values=values, rbf_gamma_rule=rbf_gamma_rule, route=route, **svm)
    what = (f"{data_set}, {kernel} kernel, {len(data['samples'])} training sets x {len(C_grid)} C: "
            "kernel values")
    for block in progress(blocks, what, total=len(values) if values is not None else None):
        # Every C of the block at once: the numbers of one domingos_decomposition per C, bit for bit.
        summaries = domingos_summaries(block.predictions, y_test, classes=(0, 1))
        error_sds = classifier_error_sd(block.predictions, y_test)
        # The draws' rows hold six of the eight summaries: the other two are not computed.
        resampled = None if weights is None else \
            domingos_resampled_summaries(block.predictions, y_test, weights, classes=(0, 1),
                                         summary=_DRAW_SUMMARY)
        for k, setting in enumerate(block.settings.to_dict("records")):
            keys = {"data_set": data_set, "kernel": kernel, "C": setting["C"],
                    "sigma": setting.get("sigma", np.nan), "degree": setting.get("degree", np.nan)}
            row = {**keys, "n_samples": n_samples, "sample_size": sample_size, "n_test": y_test.size,
                   **summary_columns(summaries[k]),
                   "n_not_converged": int(block.hit_max_iter[k].sum()),
                   "const_error": min(share, 1.0 - share), "normalisation": normalisation,
                   "rbf_gamma_rule": rbf_gamma_rule, "substitute": data["substitute"],
                   "error_sd": float(error_sds[k])}
            per_sample = None
            if kernel == "rbf" and capacity:
                per_sample = _capacity(X, y, data["samples"], setting["C"], setting["sigma"],
                                       rbf_gamma_rule, svm)
                row.update(_capacity_means(per_sample))
            rows.append(row)
            if resampled is not None:
                draw_rows += _draw_rows(keys, resampled[k], per_sample, weights)
    frame = pd.DataFrame(rows).reindex(columns=TIDY_COLUMNS)
    return frame if draws is None else (frame, pd.DataFrame(draw_rows).reindex(columns=DRAW_COLUMNS))


def _draw_rows(keys, resampled, per_sample, weights):
    """One row per draw of a setting: its decomposition (and capacity means) on that draw's samples."""
    rows = [{**keys, "draw": b, **dict(zip(DECOMPOSITION, map(float, values), strict=True))}
            for b, values in enumerate(resampled)]
    if per_sample is not None:
        fitted = ~np.isnan(per_sample).any(axis=1)
        for row, w in zip(rows, weights * fitted, strict=True):
            means = (w @ np.nan_to_num(per_sample)) / w.sum() if w.sum() else np.full(len(_CAPACITY), np.nan)
            row.update(zip(_CAPACITY, means, strict=True))
    return rows


#: F4's (σ, C) pairs: Figs 4.8–4.10, then the checks of Q4.12 (spec §4.0).
P2_SURFACE_PAIRS = ((0.01, 1.0), (1.0, 1.0), (20.0, 1.0), (20.0, 1000.0),
                    (0.02, 1.0), (0.1, 1.0), (500.0, 1.0), (500.0, 1000.0))


def run_p2_surface(*, pairs=P2_SURFACE_PAIRS, seed, sample_size=100, n_test=SYNTHETIC_TEST_SIZE,
                   grid_step=0.1, rbf_gamma_rule="inv_sigma", e1_amplitude=2.0, svm=None):
    """F4: RBF SVMs on one raw P2 training set; test errors and outputs on a grid (Figs 4.8–4.10).

    The training set comes from ``stream(seed, "valentini2003/ch4_p2_surface/p2", 0, "data")``,
    𝒯 from its "split" stream. The grid is {0, step, …, 10}² (spec §2.2, the thesis's 0.1-spaced
    "10×10 input space"); f is the real-valued output Σ y_i α_i K(x_i, x) + b (positive: class I).

    Returns
    -------
    errors : DataFrame
        ``sigma, C, error`` (on 𝒯), ``n_support``, ``not_converged``, ``n_test``, ``rbf_gamma_rule``.
    surface : DataFrame
        ``sigma, C, x1, x2, f``, one row per grid point and pair.
    """
    name = "valentini2003/ch4_p2_surface/p2"
    X, y = p2(sample_size, stream(seed, name, 0, "data"), e1_amplitude)
    X_test, y_test = p2(n_test, stream(seed, name, 0, "split"), e1_amplitude)
    axis = np.round(np.arange(0.0, 10.0 + grid_step / 2, grid_step), 10)
    x1, x2 = (g.ravel() for g in np.meshgrid(axis, axis, indexing="ij"))
    points = np.concatenate([X_test, np.column_stack([x1, x2])])
    sample = np.arange(sample_size)[None, :]
    errors, surface = [], []
    for sigma in dict.fromkeys(s for s, _ in pairs):        # one kernel block per σ, in order
        Cs = [c for s, c in pairs if s == sigma]
        block = next(iter_svm_grid(X, y.astype(np.int8), points, sample, kernel="rbf", C=Cs,
                                   values=[sigma], rbf_gamma_rule=rbf_gamma_rule, route="shared",
                                   return_decision=True, **dict(svm or {})))
        for k, C in enumerate(Cs):
            pred = block.predictions[k, 0]
            errors.append({"sigma": sigma, "C": C, "error": float(np.mean(pred[:n_test] != y_test)),
                           "n_support": int(block.n_support[k, 0]),
                           "not_converged": bool(block.hit_max_iter[k, 0]), "n_test": n_test,
                           "rbf_gamma_rule": rbf_gamma_rule})
            surface.append(pd.DataFrame({"sigma": sigma, "C": C, "x1": x1, "x2": x2,
                                         "f": block.decisions[k, 0, n_test:]}))
    return pd.DataFrame(errors), pd.concat(surface, ignore_index=True)
