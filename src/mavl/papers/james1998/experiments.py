"""One replicate of one experiment → a long-format results table (spec james-ch2 §0, §5).

The workflow calls :func:`run_replicate` once per (experiment, replicate). All randomness comes
from :func:`mavl.random.stream`, one stream per purpose, so a replicate's numbers depend only on
the config, never on which job or core ran it.
"""

import json

import numpy as np
import pandas as pd

from ...data import load_letter, load_vowel, sample_concentric, stratified_indices
from ...random import experiment_code, seed_int, stream
from ...reproduction.progress import stage

__all__ = ["CONSTANT_METHODS", "ECOC_METHODS", "RESULT_COLUMNS", "draw_replicate", "run_replicate"]

RESULT_COLUMNS = ["experiment", "replicate", "method", "B", "err", "undefined", "extra_json"]

#: Single classifiers: fitted once per replicate, stored at B = 1, printed in every B column.
CONSTANT_METHODS = ("Tree", "1NN")

#: Table rows that read the shared super-group trees, and the decoder each uses.
ECOC_METHODS = {"ECOC": "l1", "Regression": "regression", "Centroid": "centroid",
                "Substitution": "substitution"}

#: Boosting rows: (weighting, error) of the AdaBoost.M1 family (spec §4.9).
BOOSTING_METHODS = {
    "Boosting (St)": ("resample", "standard"),
    "Boosting (Ad)": ("resample", "adapted"),
    "Boosting (Det)": ("weights", "standard"),
    "Boosting (Rand)": ("resample", "standard"),
}


def draw_replicate(spec, replicate, master_seed, options):
    """Training and test sets of one replicate: ``(X_train, y_train, X_test, y_test)``."""
    name = spec["name"]
    if spec["data"] == "concentric":
        return _concentric_replicate(spec, replicate, master_seed, options["concentric"])
    rng = stream(master_seed, name, replicate, "split")
    if spec["data"] == "letter":
        X, y = load_letter()
        if options["letter_test_set"] == "fixed":
            # One test set for every replicate (AMB-01 alternative); training avoids it.
            fixed = stream(master_seed, name, 0, "split")
            test = stratified_indices(y, spec["test_per_class"], fixed)
            train = stratified_indices(y, spec["train_per_class"], rng, exclude=test)
        else:
            train = stratified_indices(y, spec["train_per_class"], rng)
            test = stratified_indices(y, spec["test_per_class"], rng, exclude=train)
        return X[train], y[train], X[test], y[test]
    vowel = load_vowel()
    train = stratified_indices(vowel.y_train, spec["train_per_class"], rng)
    return vowel.X_train[train], vowel.y_train[train], vowel.X_test, vowel.y_test


def _concentric_replicate(spec, replicate, master_seed, concentric):
    """One Concentric replicate under the generator reading (AMB-02) and test-set reading (AMB-03)."""
    def draw(r):
        rng = stream(master_seed, spec["name"], r, "data")
        args = (rng, concentric["inner"], concentric["outer"], concentric["generator"])
        return sample_concentric(spec["train_per_class"], *args), sample_concentric(
            concentric["test_per_class"], *args)

    train, test = draw(replicate)
    if concentric["test_set"] == "fixed":
        # One test set for every replicate (AMB-03 alternative): replicate 0's, so that replicate 0
        # is the same under both readings.
        test = draw(0)[1]
    return (*train, *test)


def run_replicate(spec, replicate, master_seed, options):
    """Fit every method of an experiment on one replicate and score each B of its grid.

    Parameters
    ----------
    spec : dict
        One experiment of the config, with ``name``, ``data``, ``train_per_class``,
        ``test_per_class`` (Letter), ``tree`` (STree parameters), ``grid`` (list of B) and
        ``methods``.
    replicate : int
    master_seed : int
    options : dict
        The config's ``options`` (the AMB choices).

    Returns
    -------
    pandas.DataFrame with columns :data:`RESULT_COLUMNS`.
    """
    # The learners are imported where they are fitted: the tables, figures and claims that read
    # this module's constants and replicates load no scikit-learn.
    from ...ensemble.bagging import VoteBaggingClassifier
    from ...ensemble.boosting import AdaBoostM1Classifier
    from ...neighbors import OneNearestNeighborClassifier
    from ...output_codes.ecoc import ECOCClassifier
    from ...trees import STreeClassifier

    X, y, X_test, y_test = draw_replicate(spec, replicate, master_seed, options)
    grid, methods = list(spec["grid"]), list(spec["methods"])
    name = spec["name"]

    def seed(purpose, method=""):
        # One stream per purpose; the method name keeps e.g. the two boosting variants apart.
        rng = stream(master_seed, name, replicate, purpose)
        return seed_int(np.random.default_rng([seed_int(rng), experiment_code(method)]))

    tree = STreeClassifier(**spec["tree"], weight_semantics=options["tree_weight_semantics"])
    rows = []

    def add(method, b, predicted, **extra):
        undefined = predicted is None
        err = options["regression_sentinel"] if undefined else 100.0 * np.mean(predicted != y_test)
        rows.append((name, replicate, method, b, err, undefined, json.dumps(extra, sort_keys=True)))

    ecoc_rows = [m for m in methods if m in ECOC_METHODS]
    if ecoc_rows:
        ecoc = ECOCClassifier(tree, n_estimators=max(grid), centroid=options["centroid"],
                              tie_break=options["tie_break"], random_state=seed("code"))
        with stage(f"{name} replicate {replicate}: ECOC, {max(grid)} trees"):
            ecoc.fit(X, y)
        decoded, deficient = ecoc.decode_prefixes(X_test, grid, [ECOC_METHODS[m] for m in ecoc_rows])
        leaves = _mean_leaves(ecoc.estimators_)
        for method in ecoc_rows:
            for s, b in enumerate(grid):
                index = decoded[ECOC_METHODS[method]][s]
                predicted = None if index[0] < 0 else ecoc.classes_[index]
                extra = {"mean_leaves": leaves}
                if method == "Regression":
                    extra["rank_deficient"] = bool(deficient[s])
                add(method, b, predicted, **extra)
    if "Bagging" in methods:
        with stage(f"{name} replicate {replicate}: bagging, {max(grid)} trees"):
            bagging = VoteBaggingClassifier(tree, n_estimators=max(grid),
                                            combiner=options["bagging_combiner"],
                                            random_state=seed("bagging")).fit(X, y)
        leaves = _mean_leaves(bagging.estimators_)
        for b, predicted in zip(grid, bagging.predict_prefixes(X_test, grid), strict=True):
            add("Bagging", b, predicted, mean_leaves=leaves)
    for method in (m for m in methods if m in BOOSTING_METHODS):
        weighting, error = BOOSTING_METHODS[method]
        with stage(f"{name} replicate {replicate}: {method}, {max(grid)} rounds"):
            boosting = AdaBoostM1Classifier(tree, n_estimators=max(grid), weighting=weighting,
                                            error=error, bad_round=options["bad_round"],
                                            eps_floor=options["eps_floor"],
                                            random_state=seed("boosting", method)).fit(X, y)
        extra = {"mean_leaves": _mean_leaves(boosting.estimators_),
                 "bad_rounds": int(boosting.n_bad_rounds_),
                 "eps_floored": int(boosting.n_eps_floored_)}
        for b, predicted in zip(grid, boosting.predict_prefixes(X_test, grid), strict=True):
            add(method, b, predicted, **extra)
    if "Tree" in methods:
        single = STreeClassifier(**{**tree.get_params(), "random_state": seed("tree")}).fit(X, y)
        add("Tree", 1, single.predict(X_test), leaves=int(single.n_leaves_))
    if "1NN" in methods:
        nearest = OneNearestNeighborClassifier(random_state=seed("ties")).fit(X, y)
        add("1NN", 1, nearest.predict(X_test))
    return pd.DataFrame(rows, columns=RESULT_COLUMNS)


def _mean_leaves(estimators):
    counts = [e.n_leaves_ for e in estimators if hasattr(e, "n_leaves_")]
    return round(float(np.mean(counts)), 3) if counts else None
