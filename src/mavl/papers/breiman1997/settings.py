"""Breiman (1997)'s part of the workflow config, resolved for one run, and the names of its data.

The workflow config holds the shared ``master_seed`` and ``scale`` at its top level and this
paper's keys in its ``breiman1997`` section; :func:`settings` joins the two, and every step
function of this package takes that dict.
"""

__all__ = ["DISPLAY", "GROUPS", "PAPER", "SLUG", "TREE_RULES", "group_of", "max_rows", "n_runs", "settings",
           "sweep_data_sets", "sweep_runs", "tree_rules"]

PAPER = "breiman1997"

#: R1 and spec decision 5: how "minimum node size L" limits a CART tree grown on N weighted points.
TREE_RULES = {
    "leaf": "every leaf holds at least L cases (min_samples_leaf = L)",
    "split": "a node of fewer than L cases is not split (min_samples_split = L)",
    "weighted_leaf": "every leaf holds at least L/N of the weight (min_weight_fraction_leaf = L/N)",
    "weighted_split": "a node holding less weight than L points, N·Q(node) < L, is not split",
    "weighted_leaf_2": "every leaf holds at least 2/N of the weight (min_weight_fraction_leaf = 2/N)",
}

#: The groups of data sets, in the order of the report's tables.
GROUPS = ("synthetic", "moderate", "larger")

#: How the report names each data set (the ``data_set`` column of the published CSVs).
DISPLAY = {
    "waveform": "waveform", "twonorm": "twonorm", "threenorm": "threenorm", "ringnorm": "ringnorm",
    "heart": "heart", "breast_cancer": "breast cancer", "ionosphere": "ionosphere",
    "diabetes": "diabetes", "glass": "glass", "soybean": "soybean", "letters": "letters",
    "satellite": "satellite", "dna": "DNA",
}
#: The data set behind each of the report's names.
SLUG = {name: key for key, name in DISPLAY.items()}


def settings(config):
    """The ``breiman1997`` section of the workflow config with the shared ``master_seed`` and ``scale``."""
    return {**config[PAPER], "master_seed": config["master_seed"], "scale": config["scale"]}


def _caps(config):
    return config["scales"][config["scale"]]


def tree_rules(config):
    """The tree rules of this scale's main runs (R1, decision 5); the first is the default: its cells
    are the headline and its claims the summary's."""
    return _caps(config)["tree_rules"] or config["tree_rules"]


def group_of(config, data_set):
    """``"synthetic"``, ``"moderate"`` or ``"larger"``."""
    return next(g for g in GROUPS if data_set in config[g]["data_sets"])


def n_runs(config, group):
    """Runs per data set of a group: 10 repetitions or hold-outs, one run on a designated split;
    capped by the scale."""
    n = {"synthetic": config["synthetic"]["repetitions"], "moderate": config["moderate"]["runs"],
         "larger": 1}[group]
    cap = _caps(config)["max_runs"]
    return n if cap is None else min(n, cap)


def max_rows(config):
    """Cap on the rows of the larger sets at this scale (None: all)."""
    return _caps(config)["max_rows"]


def sweep_runs(config):
    """Runs per data set of a sweep: ``sensitivity.runs``, capped by the scale (Table 4: its one run)."""
    cap = _caps(config)["sweep_runs"]
    return config["sensitivity"]["runs"] if cap is None else min(cap, config["sensitivity"]["runs"])


def sweep_data_sets(config):
    """The data sets every reading runs on at this scale, in the config's order."""
    wanted = _caps(config)["sweep_data_sets"]
    return [d for d in config["sensitivity"]["data_sets"] if wanted is None or d in wanted]
