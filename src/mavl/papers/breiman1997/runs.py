"""One job of Breiman (1997)'s experiments: AdaBoost and arc-u2 on every run of one data set under
one tree rule, recorded after every step (spec breiman1997 §4, §8).

Both algorithms see the same training and test sets and the same tree seed. After each step the
job records the test error (%) and 100·top(c) on the training set, so Tables 1, 3, 4 and 5 (and
any step in between) are read from one fit of each algorithm.
"""

import sys

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.tree import DecisionTreeClassifier

from ...data import GENERATORS, DataFileError, load_uci
from ...ensemble.arcing import ArcFsClassifier, ArcU2Classifier
from ...ensemble.edges import bottom_edge, top_c
from ...random import seed_int, stream
from ...reproduction.io import write_table
from ...reproduction.progress import progress
from .settings import group_of, max_rows, n_runs

__all__ = ["RUN_COLUMNS", "base_tree", "draw_run", "fit_run", "run_data_set", "with_reading"]

RUN_COLUMNS = ["data_set", "tree_rule", "run", "algorithm", "step", "test_error", "top_c"]


class _ResampledFit(ClassifierMixin, BaseEstimator):
    """``estimator`` fitted on N rows drawn with probabilities ∝ ``sample_weight`` instead of on the
    weighted rows: arcing by resampling, the alternative to the reweighting of the report's §8.
    (Private to this paper: the library's arcing classifiers now take ``weighting="resample"``,
    whose draws differ from these, so the committed sweep results keep this wrapper for now.)

    The arcing loop gives each member its round's seed through ``random_state``; the draw and the
    inner tree both use it, so a run stays reproducible.
    """

    def __init__(self, estimator, *, random_state=None):
        self.estimator = estimator
        self.random_state = random_state

    def fit(self, X, y, sample_weight=None):
        n = len(y)
        p = np.full(n, 1.0 / n) if sample_weight is None else sample_weight / np.sum(sample_weight)
        rows = np.random.default_rng(self.random_state).choice(n, size=n, p=p)
        self.estimator_ = clone(self.estimator).set_params(random_state=self.random_state)
        self.estimator_.fit(X[rows], y[rows])
        self.classes_ = self.estimator_.classes_
        return self

    def predict_proba(self, X):
        return self.estimator_.predict_proba(X)

    def predict(self, X):
        return self.estimator_.predict(X)


def base_tree(rule, node_size, n_train, tree=None):
    """CART with Breiman's minimum node size L under rule ``rule`` (R1), grown on the weighted
    points; ``tree`` (the config's ``tree`` section) may cap its leaves (``max_leaf_nodes``), prune it
    by cost complexity (``ccp_alpha``) or fit it on a resample (``weighting: resample``)."""
    tree = tree or {}
    limit = {"leaf": {"min_samples_leaf": node_size},
             "split": {"min_samples_split": node_size},
             "weighted_leaf": {"min_weight_fraction_leaf": node_size / n_train}}[rule]
    model = DecisionTreeClassifier(criterion="gini", max_leaf_nodes=tree.get("max_leaf_nodes"),
                                   ccp_alpha=tree.get("ccp_alpha", 0.0), **limit)
    return _ResampledFit(model) if tree.get("weighting", "weights") == "resample" else model


def with_reading(config, reading):
    """The config under a sensitivity reading (a ``sensitivity.readings`` entry): its ``tree`` and
    ``arc_u2`` keys replace the config's, and its ``tree_rule`` (if any) is returned beside it.

    Returns ``(config, tree_rule or None)``.
    """
    out = {**config, "tree": {**config["tree"], **reading.get("tree", {})},
           "arc_u2": {**config["arc_u2"], **reading.get("arc_u2", {})}}
    return out, reading.get("tree_rule")


def draw_run(config, data_set, run):
    """Training and test sets of one run: ``(X, y, X_test, y_test)``.

    Synthetic sets draw new training and test sets from their own streams; a moderate set holds
    out a simple random round(N/10) of its points (R5); a larger set uses its designated split.
    """
    seed, group = config["master_seed"], group_of(config, data_set)
    if group == "synthetic":
        study = config["synthetic"]
        params = {"a": study["ringnorm_a"]} if data_set == "ringnorm" else {}
        make = GENERATORS[data_set]
        X, y = make(study["n_train"], stream(seed, f"breiman1997/{data_set}/train", run, "data"), **params)
        X_test, y_test = make(study["n_test"], stream(seed, f"breiman1997/{data_set}/test", run, "data"),
                              **params)
        return X, y, X_test, y_test
    data = load_uci(data_set)
    if group == "moderate":
        n = data.y.size
        order = stream(seed, f"breiman1997/{data_set}", run, "split").permutation(n)
        test = order[: round(n * config["moderate"]["test_fraction"])]
        train = np.sort(order[test.size:])
        return data.X[train], data.y[train], data.X[np.sort(test)], data.y[np.sort(test)]
    cap = max_rows(config)
    rows = slice(None) if cap is None else slice(0, cap)
    return data.X[rows], data.y[rows], data.X_test[rows], data.y_test[rows]


def fit_run(config, data_set, rule, run):
    """Both algorithms on one run: a long frame of :data:`RUN_COLUMNS`, one row per step, plus a
    ``bottom_edge`` row holding 100·φ* of the pool of both runs' trees (when configured)."""
    X, y, X_test, y_test = draw_run(config, data_set, run)
    tree = base_tree(rule, config["min_node_size"], y.size, config["tree"])
    seed = seed_int(stream(config["master_seed"], f"breiman1997/{data_set}/{rule}", run, "boosting"))
    steps = config["steps"]
    algorithms = {
        "adaboost": ArcFsClassifier(tree, n_estimators=steps, random_state=seed),
        "arc_u2": ArcU2Classifier(tree, n_estimators=steps, random_state=seed, **config["arc_u2"]),
    }
    rows, pool = [], []
    for name, model in algorithms.items():
        model.fit(X, y)
        errors = 100.0 * (model.predict_prefixes(X_test, range(1, steps + 1)) != y_test).mean(axis=1)
        tops = 100.0 * top_c(model.train_misses_, model.estimator_weights_)
        rows += [(data_set, rule, run, name, k + 1, errors[k], tops[k]) for k in range(steps)]
        pool.append(model.train_misses_[model.estimator_weights_ > 0])
    if config["bottom_edge"]:
        phi = bottom_edge(np.unique(np.vstack(pool), axis=0)).phi
        rows.append((data_set, rule, run, "bottom_edge", steps, np.nan, 100.0 * phi))
    return pd.DataFrame(rows, columns=RUN_COLUMNS)


def run_data_set(config, data_set, rule, output, runs=None):
    """Every run of ``data_set`` under tree rule ``rule`` (or the first ``runs`` of them), written
    as one TSV.

    A real data set that no mirror holds and no address serves (the Statlog DNA split, without
    ``MAVL_DATA_MIRROR``) gives a TSV with no rows, so its table rows read "not reproduced: data
    unavailable"; the reason goes to the job's log.
    """
    n = n_runs(config, group_of(config, data_set))
    runs = range(n if runs is None else min(n, runs))
    try:
        frame = pd.concat([fit_run(config, data_set, rule, r)
                           for r in progress(runs, f"{data_set}, tree rule {rule}: runs")],
                          ignore_index=True)
    except DataFileError as missing:
        print(f"{data_set}: data unavailable, its rows will say so.\n{missing}", file=sys.stderr)
        frame = pd.DataFrame(columns=RUN_COLUMNS)
    write_table(frame, output)
