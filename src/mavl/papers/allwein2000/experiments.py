"""One job of Tables 2 and 3: one learner, one data set, one code, evaluated on the data set's given
test part or by pooled stratified k-fold cross-validation (spec allwein2000 §5, A8).

The learner is fitted once per fold and read at every number of rounds (AdaBoost.MO, A5); the
column outputs are decoded with the *full* code matrix, so a class missing from a training fold
keeps its row (its columns are fitted on the classes present, as in §4.1). The expected error
under uniform tie-breaking is the headline (A1); the lowest-index error and the tie rate are kept,
and so are the per-example errors at the headline round, which the paired tests read.
"""

import numpy as np
import pandas as pd
from sklearn.model_selection import KFold, StratifiedKFold
from sklearn.svm import SVC

from ...data.uci_multiclass import load_multiclass, load_thyroid
from ...output_codes.adaboost_mo import AdaBoostMOClassifier
from ...output_codes.bounds import hamming_decoding_bound, loss_decoding_bound
from ...output_codes.codes import CODE_FAMILIES
from ...output_codes.decoders import expected_errors, hamming_distances, loss_distances, tied_minimisers
from ...output_codes.ecoc import ECOCClassifier
from ...random import seed_int, stream
from ...reproduction.progress import progress
from .preprocess import fit_transform_split

__all__ = ["RANDOM_CODES", "RESULT_COLUMNS", "SEGMENTATION_DATA_ROWS", "decode", "load", "problem_code",
           "run_job", "splits"]

#: The first rows of the loaded segmentation set are ``segmentation.data``; the rest ``.test``.
SEGMENTATION_DATA_ROWS = 210

#: The code families drawn at random (A2): the only ones ``code_draw`` changes.
RANDOM_CODES = ("dense", "sparse")

RESULT_COLUMNS = ["learner", "problem", "code", "rounds", "decoding", "n_test", "errors", "error",
                  "lowest_index_error", "tie_rate"]


def problem_code(cfg, data_set, family, n_classes):
    """The one code of a data set and family, reused by every fold and both learners (§3.2, A2).

    A random family's search draws from the stream of ``cfg["code_draw"]`` (0 by default): another
    draw is another equally valid search of the paper's.
    """
    make = CODE_FAMILIES[family]
    if family in RANDOM_CODES:
        rng = stream(cfg["master_seed"], f"allwein2000/{data_set}/{family}", cfg.get("code_draw", 0), "code")
        return make(n_classes, rng, cfg["random_code_trials"])
    return make(n_classes)


def _cap(X, y, cap):
    return (X, y) if cap is None or y.size <= cap else (X[:cap], y[:cap])


def load(cfg, data_set):
    """The data set, with thyroid's classes read as ``cfg["thyroid_classes"]`` says (A4)."""
    if data_set == "thyroid":
        return load_thyroid(resolve=cfg.get("thyroid_classes", "last"))
    return load_multiclass(data_set)


def _segmentation_files(data, cfg):
    """Segmentation's UCI files as a train/test split: ``files`` trains on ``segmentation.data`` (210
    rows) and tests on ``.test`` (2100); ``files_swapped`` the reverse (every one of the 210 rows of
    ``.data`` also appears in ``.test``, so that test part is inside its training part)."""
    first, rest = np.arange(SEGMENTATION_DATA_ROWS), np.arange(SEGMENTATION_DATA_ROWS, data.y.size)
    train, test = (first, rest) if cfg["segmentation_split"] == "files" else (rest, first)
    X, y = _cap(data.X[train], data.y[train], cfg["max_rows"])
    X_test, y_test = _cap(data.X[test], data.y[test], cfg["max_rows"])
    return [(X, y, X_test, y_test, np.arange(y_test.size))]


def splits(data, cfg, data_set):
    """``[(X_train, y_train, X_test, y_test, test_index), …]``: the given split, or the folds of a
    k-fold over all rows (A8: stratified, or plain with ``cv: plain``) with the seed of the data set;
    segmentation's UCI files with ``segmentation_split``; rows capped by the scale."""
    if data.X_test is not None:
        X, y = _cap(data.X, data.y, cfg["max_rows"])
        X_test, y_test = _cap(data.X_test, data.y_test, cfg["max_rows"])
        return [(X, y, X_test, y_test, np.arange(y_test.size))]
    if data_set == "segmentation" and cfg.get("segmentation_split", "cv") != "cv":
        return _segmentation_files(data, cfg)
    X, y = _cap(data.X, data.y, cfg["max_rows"])
    seed = seed_int(stream(cfg["master_seed"], f"allwein2000/{data_set}", 0, "split"))
    kind = StratifiedKFold if cfg.get("cv", "stratified") == "stratified" else KFold
    folds = kind(cfg["folds"], shuffle=True, random_state=seed)
    return [(X[tr], y[tr], X[te], y[te], te) for tr, te in folds.split(X, y)]


def decode(F, code, decoding):
    """Distances of every example to every code row, and the tolerance within which two count as
    tied: exact integers for Hamming, a relative 1e-9 for the losses."""
    if decoding == "hamming":
        return hamming_distances(F, code), 0.0
    distances = loss_distances(F, code, decoding.removeprefix("loss_"))
    return distances, 1e-9 * max(1.0, float(np.abs(distances).max(initial=0.0)))


def shares_kernel(cfg, data_set, family):
    """Whether the SVM job of ``data_set`` and ``family`` computes one Gram matrix for all columns:
    ``svm.share_kernel``, but for the jobs of ``svm.per_column_jobs`` (code family → data sets),
    where ``benchmarks/allwein_svm_routes.py`` measured one kernel per column faster. Both routes
    give the same predictions."""
    svm = cfg["svm"]
    return svm["share_kernel"] and data_set not in svm.get("per_column_jobs", {}).get(family, [])


def _learner(cfg, learner, code, n_features, rounds, share_kernel=False):
    if learner == "adaboost":
        return AdaBoostMOClassifier(code=code, n_estimators=max(rounds))
    svm = cfg["svm"]
    base = SVC(kernel="poly", degree=svm["degree"], gamma=1.0 / n_features, coef0=svm["coef0"], C=svm["C"])
    return ECOCClassifier(base, code=code, decoder="hamming", share_kernel=share_kernel)


def _outputs(model, learner, rounds, X):
    """Column outputs at every number of rounds read (AdaBoost) or once (SVM): (n_reads, n, ℓ)."""
    if learner == "adaboost":
        return model.staged_column_outputs(X, rounds)
    return model.column_outputs(X)[None]


def _expected_errors(F, code, decoding, y):
    """Per example, 1 − [[y ∈ T]]/|T| (T the tied minimisers, A1); the lowest-index prediction; the
    number of tied examples."""
    distances, atol = decode(F, code, decoding)
    tied = tied_minimisers(distances, atol)
    return expected_errors(distances, y, atol), tied.argmax(axis=1), int((tied.sum(axis=1) > 1).sum())


def _train_bounds(F, code, y, decodings):
    """Training error (a tie with the true class counts as an error) beside Theorem 1/Corollary 2."""
    rows = []
    for decoding in decodings:
        tied = tied_minimisers(*decode(F, code, decoding))
        unique_right = tied[np.arange(y.size), y] & (tied.sum(axis=1) == 1)
        bound = (hamming_decoding_bound(F, code, y) if decoding == "hamming"
                 else loss_decoding_bound(F, code, y, decoding.removeprefix("loss_")))
        rows.append((decoding, float(1.0 - unique_right.mean()), float(bound)))
    return rows


def run_job(cfg, learner, data_set, family, also_rounds=()):
    """Fit and evaluate one (learner, data set, code).

    AdaBoost is fitted to the largest of ``cfg["adaboost"]["rounds"]`` and ``also_rounds`` and read
    at each: the first T rounds of a longer run are the run of T rounds, summed in the same order
    (``staged_column_outputs``), so a sweep reading more rounds can take them from this job.

    Returns
    -------
    results : DataFrame of :data:`RESULT_COLUMNS`, one row per number of rounds read and decoding
    examples : DataFrame, per test example, the expected error of each decoding at the headline round
        (the last of ``cfg["adaboost"]["rounds"]``)
    bounds : DataFrame, per fold and decoding, the training error at the headline round and its bound
    """
    data = load(cfg, data_set)
    code = problem_code(cfg, data_set, family, data.n_classes)
    decodings = cfg[learner]["decodings"]
    rounds = sorted({*cfg["adaboost"]["rounds"], *also_rounds}) if learner == "adaboost" else [0]
    headline = rounds.index(cfg["adaboost"]["rounds"][-1]) if learner == "adaboost" else 0
    parts = splits(data, cfg, data_set)
    n_test = sum(p[3].size for p in parts)
    expected = np.zeros((len(rounds), len(decodings), n_test))
    lowest = np.zeros((len(rounds), len(decodings)))
    tied = np.zeros((len(rounds), len(decodings)))
    bound_rows = []
    folds = progress(parts, f"{learner} on {data_set}, {family} code ({code.shape[1]} columns): folds")
    for fold, (X, y, X_test, y_test, test_index) in enumerate(folds):
        options = {} if learner == "adaboost" else {"scaling": cfg["svm"].get("scaling", "minmax")}
        X, X_test = fit_transform_split("stumps" if learner == "adaboost" else "svm", data.nominal, X, X_test,
                                        **options)
        present = np.unique(y)
        share = learner == "svm" and shares_kernel(cfg, data_set, family)
        model = _learner(cfg, learner, code[present], X.shape[1], rounds, share).fit(X, y)
        for r, F in enumerate(_outputs(model, learner, rounds, X_test)):
            for d, decoding in enumerate(decodings):
                expected[r, d, test_index], first, n_tied = _expected_errors(F, code, decoding, y_test)
                lowest[r, d] += float((first != y_test).sum())
                tied[r, d] += n_tied
        F_train = _outputs(model, learner, [rounds[headline]], X)[0]
        bound_rows += [(fold, *row) for row in _train_bounds(F_train, code, y, decodings)]
    results = pd.DataFrame(
        [(learner, data_set, family, t, decoding, n_test, expected[r, d].sum(),
          100.0 * expected[r, d].mean(), 100.0 * lowest[r, d] / n_test, tied[r, d] / n_test)
         for r, t in enumerate(rounds) for d, decoding in enumerate(decodings)],
        columns=RESULT_COLUMNS)
    examples = pd.DataFrame(expected[headline].T, columns=decodings)
    examples.insert(0, "example", np.arange(n_test))
    bounds = pd.DataFrame(bound_rows, columns=["fold", "decoding", "train_error", "bound"])
    bounds.insert(0, "code", family)
    bounds.insert(0, "problem", data_set)
    bounds.insert(0, "learner", learner)
    bounds["holds"] = bounds["train_error"] <= bounds["bound"] + 1e-12
    return results, examples, bounds
