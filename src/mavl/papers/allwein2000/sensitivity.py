"""Sensitivity sweeps: the groups of Table 2/3 misses re-run under the readings the spec's ambiguities
allow (issue 18; spec allwein2000 §8: A4 thyroid classes, A5 rounds, A7 SVM settings, A8 folds, and
segmentation's UCI files as a split; A1 ties broken to the lowest class index).

The ``default`` reading is not fitted again: its rows are the main jobs' results of the group's
codes (``default_results``), read at the headline round, so a sweep costs only its alternatives.

A group in the config's ``sensitivity`` section names a learner, one data set, the codes swept and
its readings; each reading sets named options of the ``allwein2000`` section (dotted keys such as
``svm.C``). The ``default`` reading (nothing changed) is always swept first. Readings that differ
only in ``adaboost.rounds`` share one run, read at each reading's last number of rounds (A5: "from
the same run"), so ``default`` and ``rounds_5000`` come from one fit per fold. A reading may also
``read`` another column the jobs measure (A1: ``lowest_index_error``, the error when a tie in
decoding goes to the lowest class index); one that sets no option reads the main jobs' run, no fit.

Every reproduced number is one test error on one split or one pooled cross-validation: its SE is
binomial on the test size (nothing else varies), as in the main tables.
"""

import json
import logging
import time

import pandas as pd

from ...reproduction.comparison import SWEEP_COLUMNS, apply_reading, binomial_se
from .experiments import run_job
from .settings import PAPER, settings

__all__ = ["TABLES", "group_codes", "readings", "run_sweep"]

#: The table each learner's cells belong to.
TABLES = {"adaboost": "table_2", "svm": "table_3"}
DEFAULT = ("default", "the spec's resolutions, as built", {}, "error")

log = logging.getLogger(__name__)


def readings(config, group):
    """``[(name, description, overrides, column), …]`` of ``group``, the default reading first;
    ``column`` is the result column read as the reading's error (``error`` unless it says)."""
    spec = config[PAPER]["sensitivity"][group]
    return [DEFAULT] + [(r["name"], r["description"], r.get("set", {}), r.get("read", "error"))
                        for r in spec["readings"]]


def _run_key(cfg):
    """What a run depends on, but the rounds read (readings differing in rounds share one run)."""
    rest = {k: v for k, v in cfg.items() if k not in ("adaboost", "sensitivity")}
    rest["adaboost"] = {k: v for k, v in cfg["adaboost"].items() if k != "rounds"}
    return json.dumps(rest, sort_keys=True, default=str)


def group_codes(config, group):
    """The codes of ``group`` that this scale runs."""
    run_codes = settings(config)["run_codes"]
    return [c for c in config[PAPER]["sensitivity"][group]["codes"] if c in run_codes]


def run_sweep(config, group, default_results=None):
    """Every reading of ``group`` on its codes: a frame of :data:`SWEEP_COLUMNS`.

    The codes are :func:`group_codes`; the scale's caps (rows, folds, rounds) apply to every reading
    alike, so at quick scale the rounds readings equal the default. ``default_results`` (the main
    jobs' result frame of these codes) gives the default reading's rows; without it the default is
    fitted here too.
    """
    spec = config[PAPER]["sensitivity"][group]
    learner, data_set = spec["learner"], spec["data_set"]
    plan, runs = [], {}
    cfg = settings(config)
    main_headline = cfg["adaboost"]["rounds"][-1] if learner == "adaboost" else 0
    if default_results is not None:
        plan.append((*DEFAULT[:2], "main jobs", main_headline, DEFAULT[3]))
    for name, description, overrides, column in readings(config, group)[0 if default_results is None else 1:]:
        if default_results is not None and not overrides:     # another column of the main jobs' run
            plan.append((name, description, "main jobs", main_headline, column))
            continue
        cfg = settings({**config, PAPER: apply_reading(config[PAPER], overrides, PAPER)})
        key = _run_key(cfg)
        run = runs.setdefault(key, {"cfg": cfg, "rounds": set(), "readings": []})
        run["rounds"].update(cfg["adaboost"]["rounds"])
        run["readings"].append(name)
        headline = cfg["adaboost"]["rounds"][-1] if learner == "adaboost" else 0
        plan.append((name, description, key, headline, column))
    codes = group_codes(config, group)
    results = {"main jobs": default_results}
    for key, run in runs.items():
        cfg = {**run["cfg"], "adaboost": {**run["cfg"]["adaboost"], "rounds": sorted(run["rounds"])}}
        start = time.perf_counter()
        results[key] = pd.concat([run_job(cfg, learner, data_set, code)[0] for code in codes],
                                 ignore_index=True)
        log.info("%s: the run of %s took %.1f s", group, ", ".join(run["readings"]),
                 time.perf_counter() - start)
    rows = []
    for name, description, key, headline, column in plan:
        frame = results[key]
        frame = frame[(frame["rounds"] == headline) & frame["code"].isin(codes)]
        for r in frame.itertuples():
            error = getattr(r, column)
            rows.append({"group": group, "reading": name, "description": description,
                         "target": f"{TABLES[learner]}/{r.decoding}", "row": data_set, "column": r.code,
                         "reproduced": error, "reproduced_se": float(binomial_se(error, r.n_test)),
                         "n_replicates": 1})
    return pd.DataFrame(rows, columns=SWEEP_COLUMNS)
