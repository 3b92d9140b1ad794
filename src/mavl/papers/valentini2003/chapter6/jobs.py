"""Chapter 6 of Valentini (2003): Lobag's families F7 (Table 6.1) and F8 (Table 6.2).

Spec valentini2003 §1.8 (OOB estimate), §1.9 (Lobag exhaustive, ``Select_model``), §4.0, §4.7 and
A15–A19, A28, A29. :func:`run_lobag_pair` is one F7 job, :func:`run_lobag_replicates` one F8 job.

:func:`lobag_grid` is :class:`mavl.svm.lobag.LobagClassifier`'s exhaustive search made fast (§3.5): per
σ or degree, K(𝒟, 𝒟) of the 100 training points is computed once; each bootstrap's Gram matrix is a
block of it and all members' decisions on 𝒟 are one product with it, for every C. Dual coefficients
summed on 𝒟's positions make the test decisions one product with K(𝒟, 𝒯), for α_B and α_L only.
OOB quantities come from :func:`mavl.bias_variance.domingos.oob_bias_variance`; bootstraps are drawn
as ``LobagClassifier`` draws them, so both select the same setting and predict the same labels.
"""

import warnings
from functools import partial

import numpy as np
import pandas as pd
from sklearn.exceptions import ConvergenceWarning

from ....assess.comparisons import MCNEMAR_LEVELS, mcnemar_confidence
from ....bias_variance.domingos import oob_bias_variance
from ....data.two_class import p2, p2_standardize
from ....data.uci_binary import load_binary, standardize
from ....ensemble.aggregating import sample_rows
from ....random import draw_seeds, seed_int, stream
from ....reproduction.progress import progress
from ....svm.grid import SVC_DEFAULTS, thesis_kernel, thesis_svc
from ....svm.lobag import select_setting
from ....svm.precomputed import fit_precomputed
from ..chapter4.jobs import NORMALISATIONS, SYNTHETIC, SYNTHETIC_TEST_SIZE, default_normalisation

__all__ = ["OOB_COLUMNS", "PAIR_COLUMNS", "REP_COLUMNS", "ensemble_predict", "lobag_data",
           "lobag_grid", "oob_vote_error", "run_lobag_pair", "run_lobag_replicates"]

#: OOB summaries kept per setting (names of :attr:`DomingosResult.summary`).
OOB_COLUMNS = ("error", "bias", "net_variance", "unbiased_variance", "biased_variance")
_SETTING = ["C_B", "sigma_B", "degree_B", "C_L", "sigma_L", "degree_L", "same_setting"]
_META = ["oob_vote_error_B", "n_not_converged", "normalisation", "rbf_gamma_rule", "substitute"]
#: F7's frame, one row per (data set, kernel): OOB B_min, B_Lmin, L_min; test errors; McNemar (A19).
PAIR_COLUMNS = ["data_set", "kernel", "B", "n_settings", "sample_size", "n_test", *_SETTING, "B_min",
                "B_Lmin", "L_min", "E_lobag", "E_bag", "E_single", "p_L_B", "p_L_S", "p_B_S", "conf_L_B",
                "conf_L_S", "conf_B_S", *_META]
#: F8's frame, one row per replicate: OOB E_lobag = B_min, E_bag = B_Lmin, E_SVM = L_min (§4.7), and
#: the test errors on 𝒯 as a supplement.
REP_COLUMNS = ["data_set", "kernel", "replicate", "B", "n_settings", "sample_size", "n_test", *_SETTING,
               "E_lobag", "E_bag", "E_SVM", "test_lobag", "test_bag", "test_single", *_META]
_PARAM = {"rbf": "sigma", "poly": "degree", "linear": None}
#: McNemar comparisons of Table 6.1: Lobag/bagging, Lobag/single, bagging/single.
_PAIRS = {"L_B": ("lobag", "bag"), "L_S": ("lobag", "single"), "B_S": ("bag", "single")}


def lobag_data(data_set, family, *, n_sets, replace, sample_size=100, seed, normalisation="zscore",
               test_cap=None, train_cap=None, split_seed=None, mirror=None,
               synthetic_test_size=SYNTHETIC_TEST_SIZE, e1_amplitude=2.0):
    """Training sets 𝒟 (or D_i) and the test set 𝒯 of one Lobag job (spec §4.7, A17, A18, A29).

    Streams are named ``valentini2003/<family>/<data set>``, never by kernel, so all kernels of a
    set see the same data. Set i is drawn fresh from the "data" stream i for P2 and Waveform; for
    real sets it is ``sample_size`` rows of the (capped, z-scored with its own statistics) base
    training set, without replacement for Table 6.1 (A17) and with it for Table 6.2 (``replace``).
    Returns a dict: ``sets`` (list of ``(X_i, y_i)``, labels int8 in {0, 1}), ``X_test``, ``y_test``,
    ``substitute``.
    """
    if normalisation not in NORMALISATIONS:
        raise ValueError(f"normalisation must be one of {NORMALISATIONS}; got {normalisation!r}.")
    name = f"valentini2003/{family}/{data_set}"
    if data_set in SYNTHETIC:
        generate = partial(p2, e1_amplitude=e1_amplitude) if data_set == "p2" else SYNTHETIC[data_set]
        n_test = synthetic_test_size if test_cap is None else min(synthetic_test_size, test_cap)
        sets = [generate(sample_size, stream(seed, name, i, "data")) for i in range(n_sets)]
        X_test, y_test = generate(n_test, stream(seed, name, 0, "split"))
        if normalisation == "zscore":
            if data_set != "p2":
                raise ValueError(f"{data_set} has no z-score in spec §2.9; use normalisation='raw'.")
            sets, X_test = [(p2_standardize(X), y) for X, y in sets], p2_standardize(X_test)
        substitute = False
    else:
        ds = load_binary(data_set, mirror=mirror, seed=seed if split_seed is None else split_seed)
        rng = stream(seed, name, 0, "split")
        cap = [np.arange(n) if c is None or c >= n else np.sort(rng.permutation(n)[:c])
               for n, c in ((ds.y.size, train_cap), (ds.y_test.size, test_cap))]
        X, y, X_test, y_test = ds.X[cap[0]], ds.y[cap[0]], ds.X_test[cap[1]], ds.y_test[cap[1]]
        if normalisation == "zscore":
            X, X_test = standardize(X, X_test)
        rows = [stream(seed, name, i, "data").choice(y.size, sample_size, replace=replace)
                for i in range(n_sets)]
        sets, substitute = [(X[r], y[r]) for r in rows], bool(ds.substitute)
    return {"sets": [(np.asarray(X, np.float64), np.asarray(y, np.int8)) for X, y in sets],
            "X_test": np.asarray(X_test, np.float64), "y_test": np.asarray(y_test, np.int8),
            "substitute": substitute}


def _bootstraps(random_state, n, B, n_settings, shared):
    """In-bag rows per setting, drawn exactly as ``LobagClassifier.fit`` draws them (A28)."""
    def rows(seeds):
        return np.stack([sample_rows(s, n, n) for s in seeds])
    if shared:
        return np.broadcast_to(rows(draw_seeds(random_state, B)), (n_settings, B, n))
    master = int(draw_seeds(random_state, 1)[0])
    return np.stack([rows(draw_seeds(int(np.random.SeedSequence([master, a]).generate_state(1)[0]), B))
                     for a in range(n_settings)])


def lobag_grid(X, y, kernel, *, C_grid, values=None, n_estimators, random_state, shared_bootstrap=True,
               rbf_gamma_rule="inv_sigma", main_prediction_ties="biased", svm=None):
    """Exhaustive Lobag's ``BV_decomposition`` on one training set, kernel blocks shared (§1.9, §3.5).

    ``X, y``: the training set (labels in {0, 1}); ``values``: σ (rbf), degrees (poly) or None
    (linear). ``random_state`` (an int) draws the B bootstraps as ``LobagClassifier`` does, shared by
    every setting unless ``shared_bootstrap=False`` (A28).

    Returns
    -------
    dict of every bagged ensemble F_α: ``settings`` (DataFrame, one row per α, kernel parameter × C
    with C fastest as in :mod:`mavl.svm.grid`: ``C``, ``value``, the OOB :data:`OOB_COLUMNS`,
    ``n_not_converged``); arrays (n_settings, B, n) ``in_bag``, ``predictions`` (member b's label at
    every training point) and ``dual`` (its coefficients y_i·α_i summed on training positions);
    (n_settings, B) ``intercept`` and ``constant`` (a one-class bootstrap's class, §3.2, else −1);
    ``X``, ``kernel``, ``rbf_gamma_rule``.
    """
    X, y = np.asarray(X, np.float64), np.asarray(y)
    if not np.isin(y, (0, 1)).all():
        raise ValueError("lobag_grid takes labels encoded in {0, 1}.")
    values = [None] if kernel == "linear" else list(values)
    C_grid, n, B = [float(c) for c in C_grid], y.size, int(n_estimators)
    n_set = len(values) * len(C_grid)
    svc_params = {**SVC_DEFAULTS, **(svm or {})}
    boots = _bootstraps(random_state, n, B, n_set, shared_bootstrap)
    in_bag, predictions = np.zeros((n_set, B, n), dtype=bool), np.zeros((n_set, B, n), dtype=np.int8)
    dual, intercept = np.zeros((n_set, B, n)), np.zeros((n_set, B))
    constant, hit, rows_out = np.full((n_set, B), -1, dtype=np.int8), np.zeros(n_set, dtype=np.int64), []
    for v, value in enumerate(values):
        K = thesis_kernel(X, None, kernel, value, rbf_gamma_rule=rbf_gamma_rule)   # one per σ/degree
        for c, C in enumerate(C_grid):
            a = v * len(C_grid) + c
            for b, rows in enumerate(boots[a]):
                in_bag[a, b, rows] = True
                labels = np.unique(y[rows])
                if labels.size < 2:
                    constant[a, b] = labels[0]
                    continue
                fit = fit_precomputed(K[np.ix_(rows, rows)], y[rows], C, **svc_params)
                hit[a] += fit.n_iter >= svc_params["max_iter"]     # counted (A25), never dropped
                # Copies of one point share a kernel row, so their coefficients add up on it.
                np.add.at(dual[a, b], rows[fit.support], fit.dual_coef)
                intercept[a, b] = fit.intercept
            d = dual[a] @ K + intercept[a][:, None]
            # SVC.predict gives classes_[1] when its decision value is ≥ 0 (as mavl.svm.grid).
            predictions[a] = np.where(constant[a][:, None] >= 0, constant[a][:, None], d >= 0)
            summary = oob_bias_variance(in_bag[a], predictions[a], y, classes=(0, 1),
                                        ties=main_prediction_ties).summary
            rows_out.append({"C": C, "value": value, **{k: float(summary[k]) for k in OOB_COLUMNS},
                             "n_not_converged": int(hit[a])})
    return {"settings": pd.DataFrame(rows_out), "in_bag": in_bag, "predictions": predictions, "dual": dual,
            "intercept": intercept, "constant": constant, "X": X, "kernel": kernel,
            "rbf_gamma_rule": rbf_gamma_rule}


def ensemble_predict(grid, index, X_test, vote_ties="decision_sum"):
    """Majority vote of F_α on ``X_test``, α = row ``index`` of ``grid["settings"]`` (spec §1.9, A15).

    A tied vote goes to the sign of the summed decision values, then to class 1 (``decision_sum``),
    or straight to class 1 (``last_class``), as :class:`mavl.ensemble.aggregating.VoteEnsembleMixin` decides.
    """
    value = grid["settings"]["value"].iloc[index]
    K = thesis_kernel(grid["X"], X_test, grid["kernel"], value, rbf_gamma_rule=grid["rbf_gamma_rule"])
    d = grid["dual"][index] @ K + grid["intercept"][index][:, None]
    const = grid["constant"][index][:, None]
    votes = np.where(const >= 0, const == 1, d >= 0).sum(axis=0)
    total = np.where(const >= 0, 0.0, d).sum(axis=0)      # constant members never break a tie
    tie_to_one = total >= 0 if vote_ties == "decision_sum" else np.ones_like(votes, dtype=bool)
    return np.where(2 * votes == d.shape[0], tie_to_one, 2 * votes > d.shape[0]).astype(np.int8)


def oob_vote_error(in_bag, predictions, y):
    """OOB error of the bagged ensemble, counted directly from its OOB votes (spec §1.8 key property).

    A point's vote is wrong when at most half its OOB members are right (the tie counts as an error,
    A15); points no member left out are skipped. Q6.4: this equals the OOB bias of
    :func:`oob_bias_variance`, computed independently here.
    """
    oob, right = ~np.asarray(in_bag, bool), np.asarray(predictions) == np.asarray(y)[None, :]
    k, correct = oob.sum(axis=0), (oob & right).sum(axis=0)
    used = k > 0
    return float(np.mean(2 * correct[used] <= k[used]))


def _setting(grid, index, kernel, suffix):
    row = grid["settings"].iloc[index]
    out = {f"C_{suffix}": row["C"], f"sigma_{suffix}": np.nan, f"degree_{suffix}": np.nan}
    if _PARAM[kernel]:
        out[f"{_PARAM[kernel]}_{suffix}"] = row["value"]
    return out


def _lobag_case(X, y, X_test, y_test, kernel, grid_spec, B, random_state, shared_bootstrap, rbf_gamma_rule,
                main_prediction_ties, vote_ties, svm):
    """Lobag (α_B), bagging (α_L) and the single SVM (α_L on all of X, A17) on one training set."""
    values = None if kernel == "linear" else grid_spec[_PARAM[kernel]]
    grid = lobag_grid(X, y, kernel, C_grid=grid_spec["C"], values=values, n_estimators=B,
                      random_state=random_state, shared_bootstrap=shared_bootstrap,
                      rbf_gamma_rule=rbf_gamma_rule, main_prediction_ties=main_prediction_ties, svm=svm)
    s = grid["settings"]
    i_B, i_L = select_setting(s["bias"], s["error"], "bias"), select_setting(s["bias"], s["error"], "loss")
    single = thesis_svc(kernel, s["C"].iloc[i_L], s["value"].iloc[i_L], n_features=X.shape[1],
                        rbf_gamma_rule=rbf_gamma_rule, **(svm or {}))
    pred_single, single_hit = np.full(y_test.size, y[0], dtype=np.int8), False   # one-class 𝒟 (§3.2)
    if np.unique(y).size == 2:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            pred_single = single.fit(X, y).predict(X_test)
        single_hit = bool(np.any(single.n_iter_ >= single.max_iter))
    pred = {"lobag": ensemble_predict(grid, i_B, X_test, vote_ties),
            "bag": ensemble_predict(grid, i_L, X_test, vote_ties), "single": pred_single}
    row = {"B": B, "n_settings": len(s), "sample_size": y.size, "n_test": y_test.size,
           **_setting(grid, i_B, kernel, "B"), **_setting(grid, i_L, kernel, "L"), "same_setting": i_B == i_L,
           "B_min": s["bias"].iloc[i_B], "B_Lmin": s["bias"].iloc[i_L], "L_min": s["error"].iloc[i_L],
           "oob_vote_error_B": oob_vote_error(grid["in_bag"][i_B], grid["predictions"][i_B], y),
           "n_not_converged": int(s["n_not_converged"].sum()) + single_hit}
    return row, pred


def _run(family, data_set, kernel, n_sets, replace, grid, B, seed, sample_size, test_cap, train_cap,
         rbf_gamma_rule, normalisation, split_seed, mirror, synthetic_test_size, e1_amplitude,
         shared_bootstrap, main_prediction_ties, vote_ties, svm):
    """Yield (row, test predictions, y_test) per training set; set i's data and bootstraps depend on
    (seed, family, data set, i) only (A29), so a smaller run is a prefix of a larger one."""
    if kernel not in _PARAM:
        raise ValueError(f"kernel must be one of {tuple(_PARAM)}; got {kernel!r}.")
    normalisation = normalisation or default_normalisation(data_set, kernel)
    data = lobag_data(data_set, family, n_sets=n_sets, replace=replace, sample_size=sample_size, seed=seed,
                      normalisation=normalisation, test_cap=test_cap, train_cap=train_cap,
                      split_seed=split_seed, mirror=mirror, synthetic_test_size=synthetic_test_size,
                      e1_amplitude=e1_amplitude)
    for i, (X, y) in enumerate(progress(data["sets"], f"{data_set}, {kernel}, Lobag B = {B}: training sets")):
        random_state = seed_int(stream(seed, f"valentini2003/{family}/{data_set}", i, "bagging"))
        row, pred = _lobag_case(X, y, data["X_test"], data["y_test"], kernel, grid, B, random_state,
                                shared_bootstrap, rbf_gamma_rule, main_prediction_ties, vote_ties, svm)
        row.update(data_set=data_set, kernel=kernel, replicate=i, normalisation=normalisation,
                   rbf_gamma_rule=rbf_gamma_rule, substitute=data["substitute"])
        yield row, pred, data["y_test"]


def run_lobag_pair(data_set, kernel, *, grid, B, seed, sample_size=100, test_cap=None, train_cap=None,
                   rbf_gamma_rule="inv_sigma", normalisation=None, split_seed=None, mirror=None,
                   synthetic_test_size=SYNTHETIC_TEST_SIZE, e1_amplitude=2.0, shared_bootstrap=True,
                   main_prediction_ties="biased", vote_ties="decision_sum", mcnemar_levels=MCNEMAR_LEVELS,
                   svm=None):
    """One F7 job (Table 6.1, spec §4.7): Lobag, bagging and single SVM on one 𝒟 of 100, tested on 𝒯.

    ``grid`` is Lobag's 𝒜 (A16), ``{"C": [...], "sigma" or "degree": [...]}`` as ``settings.grid``
    gives it; ``B`` bootstraps, shared by every setting unless ``shared_bootstrap=False`` (A28);
    ``seed`` the master seed (A29: 𝒟 and the bootstraps depend on (seed, data set), not the kernel);
    ``main_prediction_ties`` and ``vote_ties`` the tie rules (A15); ``mcnemar_levels`` the buckets of
    the confidence levels (A19); the other arguments as :func:`..chapter4.jobs.run_family`
    (``normalisation=None`` applies A2).

    Returns
    -------
    DataFrame with :data:`PAIR_COLUMNS`, one row: OOB B_min, B_Lmin, L_min; test errors E_lobag
    (α_B), E_bag (α_L), E_single (α_L on all of 𝒟, A17); McNemar p-values and levels L/B, L/S, B/S.
    """
    (row, pred, y_test), = _run("ch6_lobag_pair", data_set, kernel, 1, False, grid, B, seed, sample_size,
                                test_cap, train_cap, rbf_gamma_rule, normalisation, split_seed, mirror,
                                synthetic_test_size, e1_amplitude, shared_bootstrap, main_prediction_ties,
                                vote_ties, svm)
    row.update({f"E_{m}": float(np.mean(p != y_test)) for m, p in pred.items()})
    for pair, (a, b) in _PAIRS.items():
        test = mcnemar_confidence(y_test, pred[a], pred[b], mcnemar_levels)
        row[f"p_{pair}"], row[f"conf_{pair}"] = test["p_value"], test["confidence"]
    return pd.DataFrame([row]).reindex(columns=PAIR_COLUMNS)


def run_lobag_replicates(data_set, kernel, *, grid, B, replicates, seed, sample_size=100, test_cap=None,
                         train_cap=None, rbf_gamma_rule="inv_sigma", normalisation=None, split_seed=None,
                         mirror=None, synthetic_test_size=SYNTHETIC_TEST_SIZE, e1_amplitude=2.0,
                         shared_bootstrap=True, main_prediction_ties="biased", vote_ties="decision_sum",
                         svm=None):
    """One F8 job (Table 6.2, spec §4.7): Lobag with its own selection on each of ``replicates`` D_i.

    D_i is 100 points drawn with replacement from the base training set (fresh for P2 and Waveform),
    and Lobag selects per replicate (A18). Arguments as :func:`run_lobag_pair`.

    Returns
    -------
    DataFrame with :data:`REP_COLUMNS`, one row per replicate: OOB E_lobag = B_min, E_bag = B_Lmin,
    E_SVM = L_min, and the test errors on 𝒯 of the three as a supplement.
    """
    rows = []
    for row, pred, y_test in _run("ch6_lobag_rep", data_set, kernel, replicates, True, grid, B, seed,
                                  sample_size, test_cap, train_cap, rbf_gamma_rule, normalisation, split_seed,
                                  mirror, synthetic_test_size, e1_amplitude, shared_bootstrap,
                                  main_prediction_ties, vote_ties, svm):
        row.update(E_lobag=row.pop("B_min"), E_bag=row.pop("B_Lmin"), E_SVM=row.pop("L_min"))
        rows.append({**row, **{f"test_{m}": float(np.mean(p != y_test)) for m, p in pred.items()}})
    return pd.DataFrame(rows).reindex(columns=REP_COLUMNS)
