"""One job of Breiman (1997)'s experiments: AdaBoost and arc-u2 on every run of one data set under
one tree rule, recorded after every step (spec breiman1997 §4, §8).

Both algorithms see the same training and test sets and the same tree seed. After each step the
job records the test error (%), 100·top(c) on the training set and the step's tree's weighted
training error ε (the measurement behind the top(c) cells' reach, :mod:`.reach`), so Tables 1, 3, 4
and 5 (and any step in between) are read from one fit of each algorithm.
"""

import sys

import numpy as np
import pandas as pd
from sklearn.tree import DecisionTreeClassifier

from ...data import GENERATORS, DataFileError, load_uci
from ...ensemble.arcing import ArcFsClassifier, ArcU2Classifier
from ...ensemble.edges import bottom_edge, top_c
from ...random import seed_int, stream
from ...reproduction.io import write_table
from ...reproduction.progress import progress
from ...trees import CategoricalTreeClassifier, PrunedTreeClassifier, WeightedSplitTreeClassifier
from .settings import group_of, max_rows, n_runs, reading_data_sets, reading_of

__all__ = ["RUN_COLUMNS", "base_tree", "draw_run", "fit_run", "nucleotides", "run_data_set", "with_reading"]

RUN_COLUMNS = ["data_set", "tree_rule", "run", "algorithm", "step", "test_error", "top_c", "tree_error"]


def base_tree(rule, node_size, n_train, tree=None, categorical=False):
    """CART (Gini) with Breiman's minimum node size L under rule ``rule`` (:data:`.settings.TREE_RULES`);
    ``tree`` (the config's ``tree`` section) may cap its leaves (``max_leaf_nodes``), prune it by
    cost complexity at a fixed α (``ccp_alpha``) or at the α CART's cross-validation chooses
    (``pruning: cv``, with ``cv_folds`` and ``cv_selection``; decision 7), which the weighted split
    rule does not take. ``categorical``: the inputs are categories, split multiway (decision 7; rule
    ``split`` only)."""
    tree = tree or {}
    pruning, capped = tree.get("pruning", "none"), tree.get("max_leaf_nodes") is not None
    if categorical:
        if rule != "split" or pruning != "none" or capped:
            raise ValueError("multiway categorical splits take tree rule split and no pruning or leaf cap")
        return CategoricalTreeClassifier(criterion="gini", min_samples_split=node_size)
    if rule == "weighted_split":
        if capped or tree.get("ccp_alpha", 0.0) or pruning != "none":
            raise ValueError("tree rule weighted_split takes no tree.max_leaf_nodes, tree.ccp_alpha or "
                             "tree.pruning")
        return WeightedSplitTreeClassifier(criterion="gini", min_weight_fraction_split=node_size / n_train)
    limit = {"leaf": {"min_samples_leaf": node_size},
             "split": {"min_samples_split": node_size},
             "weighted_leaf": {"min_weight_fraction_leaf": node_size / n_train},
             "weighted_leaf_2": {"min_weight_fraction_leaf": 2 / n_train}}[rule]
    if pruning == "cv":
        if capped or tree.get("ccp_alpha", 0.0):
            raise ValueError("tree.pruning cv takes no tree.max_leaf_nodes or tree.ccp_alpha")
        return PrunedTreeClassifier(criterion="gini", cv=tree.get("cv_folds", 10),
                                    selection=tree.get("cv_selection", "one_se"), **limit)
    return DecisionTreeClassifier(criterion="gini", max_leaf_nodes=tree.get("max_leaf_nodes"),
                                  ccp_alpha=tree.get("ccp_alpha", 0.0), **limit)


def with_reading(config, reading):
    """The config under a sensitivity reading (a ``sensitivity.readings`` entry): its ``tree``,
    ``arc_u2`` and ``zero_error`` keys replace the config's, and its ``tree_rule`` (if any) is
    returned beside it.

    Returns ``(config, tree_rule or None)``.
    """
    out = {**config, "tree": {**config["tree"], **reading.get("tree", {})},
           "arc_u2": {**config["arc_u2"], **reading.get("arc_u2", {})},
           "zero_error": reading.get("zero_error", config["zero_error"]),
           "dna_inputs": reading.get("dna_inputs", config.get("dna_inputs", "indicators"))}
    return out, reading.get("tree_rule")


def nucleotides(X):
    """DNA's 60 nucleotide positions (codes 0-3) from the Statlog file's 180 indicators: each
    position is three columns, A = 100, C = 010, G = 001 and T = 000 (Statlog ``dna.names``)."""
    triples = np.asarray(X).reshape(len(X), -1, 3)
    if not np.isin(triples, (0, 1)).all() or (triples.sum(axis=2) > 1).any():
        raise ValueError("DNA indicators: each position must be one of 100, 010, 001, 000")
    return (triples @ np.array([1.0, 2.0, 3.0])).astype(np.float64)



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
    X, X_test = data.X[rows], data.X_test[rows]
    if data_set == "dna" and config.get("dna_inputs", "indicators") == "nucleotides":
        X, X_test = nucleotides(X), nucleotides(X_test)     # decision 7: Table 2's 60 variables
    return X, data.y[rows], X_test, data.y_test[rows]


def fit_run(config, data_set, rule, run):
    """Both algorithms on one run: a long frame of :data:`RUN_COLUMNS`, one row per step, plus a
    ``bottom_edge`` row holding 100·φ* of the pool of both runs' trees (when configured)."""
    X, y, X_test, y_test = draw_run(config, data_set, run)
    categorical = data_set == "dna" and config.get("dna_inputs", "indicators") == "nucleotides"
    tree = base_tree(rule, config["min_node_size"], y.size, config["tree"], categorical)
    seed = seed_int(stream(config["master_seed"], f"breiman1997/{data_set}/{rule}", run, "boosting"))
    steps = config["steps"]
    # R2 and decision 5: what a tree without a training miss does (stop, or drop it and restart);
    # the weighted points (the report's §8) or N points drawn from them.
    common = {"n_estimators": steps, "random_state": seed, "zero_error": config["zero_error"],
              "weighting": config["tree"]["weighting"]}
    algorithms = {
        "adaboost": ArcFsClassifier(tree, **common),
        "arc_u2": ArcU2Classifier(tree, **common, **config["arc_u2"]),
    }
    rows, pool = [], []
    for name, model in algorithms.items():
        model.fit(X, y)
        errors = 100.0 * (model.predict_prefixes(X_test, range(1, steps + 1)) != y_test).mean(axis=1)
        tops = 100.0 * top_c(model.train_misses_, model.estimator_weights_)
        epsilon = model.estimator_errors_
        rows += [(data_set, rule, run, name, k + 1, errors[k], tops[k], epsilon[k]) for k in range(steps)]
        pool.append(model.train_misses_[model.estimator_weights_ > 0])
    if config["bottom_edge"]:
        phi = bottom_edge(np.unique(np.vstack(pool), axis=0)).phi
        rows.append((data_set, rule, run, "bottom_edge", steps, np.nan, 100.0 * phi, np.nan))
    return pd.DataFrame(rows, columns=RUN_COLUMNS)


def run_data_set(config, data_set, rule, output, runs=None, default_runs=None):
    """Every run of ``data_set`` under tree rule ``rule`` (or the first ``runs`` of them), written
    as one TSV.

    ``rule`` may name a decision-7 reading (:func:`.settings.reading_of`): its runs are those of its
    tree rule under the config it changes, with the same seeds (so the two differ only by the
    reading), labelled by the reading's name. On a data set the reading does not change
    (:func:`reading_data_sets`) they are the default rule's runs (``default_runs``, a TSV), relabelled.

    A real data set whose file no place holds (none today: every file ships with the package) gives a
    TSV with no rows, so its table rows read "not reproduced: data unavailable"; the reason goes to
    the job's log.
    """
    reading, label = reading_of(config, rule), rule
    if reading is not None:
        if data_set not in reading_data_sets(config, rule):
            frame = pd.read_csv(default_runs, sep="\t")
            write_table(frame.assign(tree_rule=label)[RUN_COLUMNS], output)
            return
        config, rule = with_reading(config, reading)
    n = n_runs(config, group_of(config, data_set))
    runs = range(n if runs is None else min(n, runs))
    try:
        frame = pd.concat([fit_run(config, data_set, rule, r)
                           for r in progress(runs, f"{data_set}, tree rule {label}: runs")],
                          ignore_index=True)
    except DataFileError as missing:
        print(f"{data_set}: data unavailable, its rows will say so.\n{missing}", file=sys.stderr)
        frame = pd.DataFrame(columns=RUN_COLUMNS)
    write_table(frame.assign(tree_rule=label), output)
