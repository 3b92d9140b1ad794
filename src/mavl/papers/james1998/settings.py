"""James (1998)'s part of the workflow config, resolved for one run.

The workflow config holds the shared ``master_seed`` and ``scale`` at its top level and this
paper's own keys in its ``james1998`` section; :func:`settings` joins the two, and every step
function of this package takes that dict.
"""

__all__ = ["PAPER", "capped", "experiment_spec", "scale_caps", "settings"]

PAPER = "james1998"


def settings(config):
    """The ``james1998`` section of the workflow config with the shared ``master_seed`` and ``scale``."""
    return {**config[PAPER], "master_seed": config["master_seed"], "scale": config["scale"]}


def scale_caps(config):
    """The caps and B grids of the run's scale (``scales`` entry of the config)."""
    return config["scales"][config["scale"]]


def capped(config, n, cap="max_replicates"):
    """``n`` (replicates, splits or training sets) capped by the scale's ``cap``; None stays None."""
    limit = scale_caps(config).get(cap)
    return n if n is None or limit is None else min(n, limit)


def experiment_spec(config, name):
    """One experiment of the config, resolved: tree controls, B grid of the scale, name."""
    spec = dict(config["experiments"][name])
    spec["name"] = name
    spec["tree"] = dict(config["trees"][spec["tree"]])
    spec["grid"] = list(scale_caps(config)["grids"][spec["grid"]])
    return spec
