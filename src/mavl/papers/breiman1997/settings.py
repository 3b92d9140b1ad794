"""Breiman (1997)'s part of the workflow config, resolved for one run, and the names of its data.

The workflow config holds the shared ``master_seed`` and ``scale`` at its top level and this
paper's keys in its ``breiman1997`` section; :func:`settings` joins the two, and every step
function of this package takes that dict.
"""

from ...reproduction.layout import scale_name

__all__ = ["DISPLAY", "GROUPS", "PAPER", "SLUG", "TREE_RULES", "group_of", "max_rows", "n_runs",
           "reading_data_sets", "reading_of", "settings", "sweep_data_sets", "sweep_runs", "tree_rules"]

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
    """The ``breiman1997`` section of the workflow config with the shared ``master_seed``, and as
    ``scale`` the scale it runs at: the shared ``scale``, or at the paper scale the section's own
    (``readings``: decision 7's readings beside the tree rules) where it is not ``default``."""
    section = config[PAPER]
    out = {**section, "master_seed": config["master_seed"],
           "scale": scale_name(config["scale"], section.get("scale"))}
    unknown = sorted(set(tree_rules(out)) - set(TREE_RULES) - set(section.get("readings", {})))
    if unknown:
        raise ValueError(f"{PAPER}.scales.{out['scale']}.tree_rules: {unknown} are neither tree rules "
                         f"({', '.join(TREE_RULES)}) nor entries of {PAPER}.readings")
    return out


def _caps(config):
    return config["scales"][config["scale"]]


def tree_rules(config):
    """The tree rules of this scale's main runs (R1, decision 5); the first is the default: its cells
    are the headline and its claims the summary's. A scale may list decision 7's readings (the
    config's ``readings``) among them: each runs, and is judged, as a tree rule of its own."""
    return _caps(config)["tree_rules"] or config["tree_rules"]


def reading_of(config, rule):
    """The ``readings`` entry (decision 7) a main-runs rule name stands for, or None for a tree rule."""
    return None if rule in TREE_RULES else config["readings"][rule]


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


def reading_data_sets(config, rule):
    """The data sets a decision-7 reading changes (its ``data_sets``; all when it names none); on the
    others its runs are the default tree rule's. A tree rule changes every data set."""
    every = [d for group in GROUPS for d in config[group]["data_sets"]]
    reading = reading_of(config, rule)
    return every if reading is None else reading.get("data_sets") or every
