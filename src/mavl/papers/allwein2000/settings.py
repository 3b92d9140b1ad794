"""Allwein, Schapire & Singer (2000)'s part of the workflow config, resolved for one run.

The workflow config holds the shared ``master_seed`` and ``scale`` at its top level and this paper's
keys in its ``allwein2000`` section; :func:`settings` joins the two and applies the scale's caps, so
every step function of this package reads one plain dict.
"""

__all__ = ["PAPER", "TABLE_CODES", "TABLE_LEARNERS", "jobs", "settings"]

PAPER = "allwein2000"

#: The learner behind each error table.
TABLE_LEARNERS = {"table_2": "adaboost", "table_3": "svm"}
#: The codes in the column order of Tables 2 and 3.
TABLE_CODES = ("one_vs_all", "complete", "all_pairs", "dense", "sparse")


def settings(config):
    """The ``allwein2000`` section with ``master_seed``, ``scale`` and the scale's caps applied.

    Keys added: ``run_data_sets`` (Table 1's sets this scale runs), ``run_codes``, ``max_rows``;
    ``folds``, ``adaboost.rounds`` and ``synthetic.repetitions`` are replaced by the scale's value
    where it sets one.
    """
    section = config[PAPER]
    caps = section["scales"][config["scale"]]
    out = {**section, "master_seed": config["master_seed"], "scale": config["scale"]}
    out["run_data_sets"] = [d for d in (caps["data_sets"] or section["data_sets"])
                            if d in section["data_sets"]]
    out["run_codes"] = [c for c in section["codes"] if c in (caps["codes"] or section["codes"])]
    out["max_rows"] = caps["max_rows"]
    out["folds"] = caps["folds"] or section["folds"]
    out["adaboost"] = {**section["adaboost"], "rounds": caps["rounds"] or section["adaboost"]["rounds"]}
    out["synthetic"] = {**section["synthetic"],
                        "repetitions": caps["repetitions"] or section["synthetic"]["repetitions"]}
    return out


def jobs(cfg, learner):
    """``[(data_set, code), …]`` fitted for ``learner`` at this scale: the sets whose files exist,
    without the paper's gaps (``not_run``)."""
    sets = cfg["run_data_sets"] if learner == "adaboost" else [
        d for d in cfg["run_data_sets"] if d in cfg["svm"]["data_sets"]]
    gaps = cfg[learner]["not_run"]
    return [(d, c) for d in sets if d not in cfg["unavailable"]
            for c in cfg["run_codes"] if d not in gaps.get(c, [])]
