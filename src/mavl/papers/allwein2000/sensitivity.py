"""Sensitivity sweeps: the groups of Table 2/3 misses re-run under the readings the spec's ambiguities
allow (issue 18; spec allwein2000 §8: A1 ties to the lowest class index, A4 thyroid classes, A5
rounds, A7 SVM settings, A8 folds, segmentation's UCI files as a split).

A group in the config's ``sensitivity`` section names a learner, one data set, the codes swept and
its readings; a reading sets options of the ``allwein2000`` section (dotted keys such as ``svm.C``)
or reads another column the jobs measure (``read: lowest_index_error``). Only what differs is fitted:
the ``default`` reading is the main jobs' results; readings that differ only in ``adaboost.rounds``
share one run ("from the same run", A5), and with ``adaboost.main_jobs_fit_sweep_rounds`` that run is
the main job's, fitted to the most rounds any of them reads (:func:`main_job_rounds`); a code a
reading does not change (``code_draw`` on a code that draws nothing) is read from the main jobs too.
Every reproduced number's SE is binomial on its test size, as in the main tables.
"""

import json
import logging
import time

import pandas as pd

from ...reproduction.comparison import SWEEP_COLUMNS, apply_reading, binomial_se
from .experiments import RANDOM_CODES, run_job
from .settings import PAPER, TABLE_LEARNERS, settings

__all__ = ["TABLES", "default_files", "group_codes", "main_job_rounds", "readings", "run_sweep",
           "sweep_config", "sweeps_reading"]

#: The table each learner's cells belong to.
TABLES = {learner: table for table, learner in TABLE_LEARNERS.items()}
DEFAULT = ("default", "the spec's resolutions, as built", {}, "error")

log = logging.getLogger(__name__)


def readings(config, group):
    """``[(name, description, overrides, column), …]`` of ``group``, the default reading first;
    ``column`` is the result column read as the reading's error (``error`` unless it says)."""
    spec = config[PAPER]["sensitivity"][group]
    return [DEFAULT] + [(r["name"], r["description"], r.get("set", {}), r.get("read", "error"))
                        for r in spec["readings"]]


def _run_key(cfg, code):
    """What a run of ``code`` depends on, but the rounds read (readings differing in rounds share one
    run) and, for a code that draws nothing, the code draw (A2: ``code_draw`` changes only the random
    codes, so its readings read the other codes' runs)."""
    rest = {k: v for k, v in cfg.items() if k not in ("adaboost", "sensitivity")}
    rest["adaboost"] = {k: v for k, v in cfg["adaboost"].items() if k != "rounds"}
    if code not in RANDOM_CODES:
        rest.pop("code_draw", None)
    return json.dumps([code, rest], sort_keys=True, default=str)


def group_codes(config, group):
    """The codes of ``group`` that this scale runs."""
    run_codes = settings(config)["run_codes"]
    return [c for c in config[PAPER]["sensitivity"][group]["codes"] if c in run_codes]


def default_files(config, group):
    """The main jobs' results that are ``group``'s default reading (read, not fitted again)."""
    spec = config[PAPER]["sensitivity"][group]
    return [f"results/allwein2000/raw/{spec['learner']}/{spec['data_set']}/{code}.tsv"
            for code in group_codes(config, group)]


def sweep_config(config, group):
    """What ``group``'s readings override: the workflow config's shared keys and the paper's section
    with this group's sweep alone (its rule's params: editing another sweep does not re-run it)."""
    section = {key: value for key, value in config[PAPER].items() if key != "sensitivity"}
    section["sensitivity"] = {group: config[PAPER]["sensitivity"][group]}
    return {"master_seed": config["master_seed"], "scale": config["scale"], PAPER: section}


def sweeps_reading(config, learner, data_set, code):
    """The sweep groups whose default reading is the main job of (``learner``, ``data_set``, ``code``)."""
    return [group for group, spec in config[PAPER]["sensitivity"].items()
            if (spec["learner"], spec["data_set"]) == (learner, data_set)
            and code in group_codes(config, group)]


def _reading_settings(config, overrides):
    return settings({**config, PAPER: apply_reading(config[PAPER], overrides, PAPER)})


def main_job_rounds(config, learner, data_set, code):
    """The rounds the main job of (``learner``, ``data_set``, ``code``) reads: the scale's, and with
    ``adaboost.main_jobs_fit_sweep_rounds`` those of every sweep reading of that data set and code that
    changes nothing but ``adaboost.rounds`` (the scale's caps applied). ``[]`` for the SVM."""
    if learner != "adaboost":
        return []
    main = settings(config)
    rounds = set(main["adaboost"]["rounds"])
    if not main["adaboost"].get("main_jobs_fit_sweep_rounds", True):
        return sorted(rounds)
    for group in sweeps_reading(config, learner, data_set, code):
        for _, _, overrides, _ in readings(config, group)[1:]:
            cfg = _reading_settings(config, overrides)
            if _run_key(cfg, code) == _run_key(main, code):
                rounds.update(cfg["adaboost"]["rounds"])
    return sorted(rounds)


def _read_in_main_jobs(default_results, code, headline):
    """Whether the main jobs' results hold ``headline`` rounds of ``code``."""
    if default_results is None:
        return False
    return bool(((default_results["rounds"] == headline) & (default_results["code"] == code)).any())


def run_sweep(config, group, default_results=None):
    """Every reading of ``group`` on its codes: a frame of :data:`SWEEP_COLUMNS`.

    The codes are :func:`group_codes`; the scale's caps (rows, folds, rounds) apply to every reading
    alike, so at quick scale the rounds readings equal the default. ``default_results`` (the main
    jobs' result frame of these codes) gives the default reading's rows; without it the default is
    fitted here too, and so is a rounds reading whose rounds the main jobs did not read.
    """
    spec = config[PAPER]["sensitivity"][group]
    learner, data_set = spec["learner"], spec["data_set"]
    codes = group_codes(config, group)
    plan, runs = [], {}
    main = settings(config)
    main_headline = main["adaboost"]["rounds"][-1] if learner == "adaboost" else 0
    if default_results is not None:
        plan += [(*DEFAULT[:2], "main jobs", main_headline, DEFAULT[3], code) for code in codes]
    for name, description, overrides, column in readings(config, group)[0 if default_results is None else 1:]:
        cfg = _reading_settings(config, overrides)
        headline = cfg["adaboost"]["rounds"][-1] if learner == "adaboost" else 0
        for code in codes:
            key = _run_key(cfg, code)
            if key == _run_key(main, code) and _read_in_main_jobs(default_results, code, headline):
                plan.append((name, description, "main jobs", headline, column, code))   # read, not fitted
                continue
            run = runs.setdefault(key, {"cfg": cfg, "code": code, "rounds": set(), "readings": []})
            run["rounds"].update(cfg["adaboost"]["rounds"])
            run["readings"].append(name)
            plan.append((name, description, key, headline, column, code))
    results = {"main jobs": default_results}
    for key, run in runs.items():
        cfg = {**run["cfg"], "adaboost": {**run["cfg"]["adaboost"], "rounds": sorted(run["rounds"])}}
        start = time.perf_counter()
        results[key] = run_job(cfg, learner, data_set, run["code"])[0]
        log.info("%s: the run of %s on the %s code took %.1f s", group, ", ".join(run["readings"]),
                 run["code"], time.perf_counter() - start)
    rows = []
    for name, description, key, headline, column, code in plan:
        frame = results[key]
        frame = frame[(frame["rounds"] == headline) & (frame["code"] == code)]
        for r in frame.itertuples():
            error = getattr(r, column)
            rows.append({"group": group, "reading": name, "description": description,
                         "target": f"{TABLES[learner]}/{r.decoding}", "row": data_set, "column": r.code,
                         "reproduced": error, "reproduced_se": float(binomial_se(error, r.n_test)),
                         "n_replicates": 1})
    return pd.DataFrame(rows, columns=SWEEP_COLUMNS)
