"""Sensitivity sweeps of Valentini (2003): each group of misses re-reproduced under the readings the
spec allows (issue 18), at reduced cost, as rows of :data:`mavl.reproduction.comparison.SWEEP_COLUMNS`.

A group (``sensitivity.groups.<group>`` in the config) names one data set, its kernels and its
readings; each reading is a set of config overrides (``rbf_gamma_rule``, ``noise_protocol``,
``split_seed``, ``max_iter``, and ``normalisation`` for every kernel of the group) on top of this
run's settings, and the ``default`` reading (no override) is always swept too. Every reading re-runs
the chapter-4 family of each kernel on this scale's grid with the group's ``n_samples`` (else
``sensitivity.n_samples``) training samples (fewer than the main run: the reduced cost) and yields
Table 4.2's cell of that row: the average error of the best setting, with its SE over the samples.
"""

import numpy as np
import pandas as pd

from ...reproduction.comparison import SWEEP_COLUMNS
from .chapter4.jobs import run_family
from .comparison import row_label
from .settings import DISPLAY, KERNEL_DISPLAY, PAPER, svm_options

__all__ = ["OVERRIDES", "group_cost", "run_sweep", "sweep_files"]

#: The overrides a reading may set.
OVERRIDES = ("rbf_gamma_rule", "noise_protocol", "split_seed", "max_iter", "normalisation")
_OTHER = {"rbf": "sigma", "poly": "degree", "linear": None}


def _reading_args(cfg, data_set, kernel, reading):
    svm = svm_options(cfg)
    if "max_iter" in reading:
        svm["max_iter"] = int(reading["max_iter"])
    return dict(sample_size=cfg["sample_size"], test_cap=cfg["max_test"], train_cap=cfg["max_train"],
                seed=cfg["master_seed"], rbf_gamma_rule=reading.get("rbf_gamma_rule",
                                                                     cfg["options"]["rbf_gamma_rule"]),
                normalisation=reading.get("normalisation", cfg["normalisation"][data_set][kernel]),
                split_seed=reading.get("split_seed", cfg["split_seed"]),
                synthetic_test_size=cfg["synthetic_test_size"], e1_amplitude=cfg["options"]["e1_amplitude"],
                noise_protocol=reading.get("noise_protocol", cfg["options"]["noise_protocol"]), svm=svm)


def group_cost(cfg, group):
    """``(readings, kernels, n_samples)`` of one group: what its target fits (the report says it)."""
    spec = cfg["sensitivity"]["groups"][group]
    return len(spec["readings"]) + 1, len(spec["kernels"]), _n_samples(cfg, group)


def _n_samples(cfg, group):
    """The group's own ``n_samples`` at this scale, else ``sensitivity.n_samples``."""
    counts = cfg["sensitivity"]["groups"][group].get("n_samples") or cfg["sensitivity"]["n_samples"]
    return counts[cfg["scale"]]


def run_sweep(cfg, group):
    """Every reading of ``group`` (``default`` first): one row per (reading, Table 4.2 cell).

    Returns
    -------
    DataFrame with :data:`SWEEP_COLUMNS` plus ``setting`` (the best setting's parameters) and
    ``scale``; ``reproduced`` is the best average error over the grid, ``reproduced_se`` its SD over
    the samples / √n, ``n_replicates`` the samples.
    """
    spec = cfg["sensitivity"]["groups"][group]
    data_set = spec["data_set"]
    n_samples = _n_samples(cfg, group)
    readings = {"default": {"description": "this run's settings (the spec's recommended resolutions)"},
                **spec["readings"]}
    rows = []
    for name, reading in readings.items():
        unknown = set(reading) - {"description", *OVERRIDES}
        if unknown:
            raise ValueError(f"sensitivity.groups.{group}.readings.{name}: unknown overrides "
                             f"{sorted(unknown)}")
        for kernel in spec["kernels"]:
            values = cfg["chapter4"]["grid"][kernel]
            other = _OTHER[kernel]
            frame = run_family(data_set, kernel, C_grid=values["C"], values=values[other] if other else None,
                               n_samples=n_samples, capacity=False, route=cfg["svm"]["route"],
                               **_reading_args(cfg, data_set, kernel, reading))
            best = frame.loc[frame["error"].idxmin()]
            setting = ", ".join(f"{p}={best[p]:g}" for p in ("C", "sigma", "degree") if pd.notna(best[p]))
            rows.append({"group": group, "reading": name, "description": reading["description"],
                         "target": f"{PAPER}/table_4_2",
                         "row": row_label(DISPLAY[data_set], KERNEL_DISPLAY["table_4_2"][kernel]),
                         "column": "avg_error", "reproduced": float(best["error"]),
                         "reproduced_se": float(best["error_sd"] / np.sqrt(n_samples)),
                         "n_replicates": n_samples, "setting": setting,
                         "n_not_converged": int(frame["n_not_converged"].sum())})
    return pd.DataFrame(rows).reindex(columns=[*SWEEP_COLUMNS, "setting", "n_not_converged"]).assign(
        scale=cfg["scale"])


def sweep_files(cfg):
    """Every group's sweep result (rule ``valentini_sensitivity``), for the report to read."""
    return [f"results/{PAPER}/sensitivity/{group}.csv" for group in cfg["sensitivity"]["groups"]]
