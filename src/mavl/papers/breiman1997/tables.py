"""Tables 1-5 and the Eq. 7.3 remark of Breiman (1997), each beside the published numbers.

Tables 1, 3 and 4 compare AdaBoost with arc-u2 after the last step; Table 5 reads arc-u2 after 50
and 100 steps of the same runs as Table 3; Table 2 summarises the data as loaded. Every table is a
long CSV: one row per published cell and tree rule, with the mean over runs, SD, SE and 95 %
interval, or "not reproduced: data unavailable" where the data are missing.
"""

import numpy as np
import pandas as pd

from ...data import DataFileError, load_uci
from ...ensemble.edges import adaboost_edge_bound
from ...reproduction.compare import summarise
from ...reproduction.io import write_table
from .settings import SLUG, tree_rules

__all__ = ["COLUMNS", "UNAVAILABLE", "build_bottom_edge_table", "build_data_summary", "build_eq_7_3",
           "build_table", "columns_of", "read_runs", "step_of"]

UNAVAILABLE = "not reproduced: data unavailable"

#: Published column -> (algorithm, step key, metric); step key "last" is the config's `steps`.
COLUMNS = {
    "table": {"adaboost_test_error": ("adaboost", "last", "test_error"),
              "adaboost_top_c": ("adaboost", "last", "top_c"),
              "arc_u2_test_error": ("arc_u2", "last", "test_error"),
              "arc_u2_top_c": ("arc_u2", "last", "top_c")},
    "table_5": {"steps50_test_error": ("arc_u2", 0, "test_error"),
                "steps50_top_c": ("arc_u2", 0, "top_c"),
                "steps100_test_error": ("arc_u2", 1, "test_error"),
                "steps100_top_c": ("arc_u2", 1, "top_c")},
}


def read_runs(paths):
    """The runs' long TSVs as one frame (a data set whose data were unavailable has no rows)."""
    frames = [pd.read_csv(p, sep="\t") for p in paths]
    return pd.concat([f for f in frames if len(f)] or frames[:1], ignore_index=True)


def columns_of(target):
    """The published columns of ``target`` and what each reads from the runs."""
    return COLUMNS["table_5" if target == "table_5" else "table"]


def step_of(config, key):
    """The step a column's key reads: the config's ``steps`` for "last", else ``table_5_steps[key]``."""
    return config["steps"] if key == "last" else config["table_5_steps"][key]


def build_table(config, target, run_paths, published_path, output):
    """Table 1, 3, 4 or 5: every published cell beside the reproduced mean for each tree rule."""
    runs = read_runs(run_paths)
    published = pd.read_csv(published_path, dtype=str)        # ".14" stays as printed
    columns = columns_of(target)
    rows = []
    for _, pub in published.iterrows():
        data_set = SLUG[pub["data_set"]]
        for column, (algorithm, key, metric) in columns.items():
            printed = pub[column]
            base = {"data_set": pub["data_set"], "column": column, "algorithm": algorithm,
                    "step": step_of(config, key), "metric": metric, "printed": printed}
            if data_set not in runs["data_set"].values:
                rows.append({**base, "tree_rule": "", **summarise([], float(printed)),
                             "note": UNAVAILABLE})
                continue
            for rule in tree_rules(config):
                cell = runs[(runs["data_set"] == data_set) & (runs["tree_rule"] == rule)
                            & (runs["algorithm"] == algorithm) & (runs["step"] == base["step"])]
                rows.append({**base, "tree_rule": rule,
                             **summarise(cell.sort_values("run")[metric], float(printed)), "note": ""})
    write_table(pd.DataFrame(rows), output)


def build_data_summary(config, published_path, output):
    """Table 2: each data set's size, test size, variables and classes as loaded, beside the
    published ones (moderate sets: the whole set and the round(N/10) hold-out)."""
    published = pd.read_csv(published_path)
    fraction = config["moderate"]["test_fraction"]
    rows = []
    for _, pub in published.iterrows():
        key = SLUG[pub["data_set"]]
        row = {f"published_{c}": pub[c] for c in ("n_training", "n_test", "n_variables", "n_classes")}
        row = {"data_set": pub["data_set"], "group": pub["group"], **row}
        if key in config["moderate"]["unavailable"]:
            rows.append({**row, "note": UNAVAILABLE})
            continue
        try:
            data = load_uci(key)
        except DataFileError:
            rows.append({**row, "note": UNAVAILABLE})
            continue
        n_test = data.y_test.size if data.y_test is not None else round(data.y.size * fraction)
        rows.append({**row, "n_training": data.y.size, "n_test": n_test, "n_variables": data.X.shape[1],
                     "n_classes": data.n_classes, "note": data.note})
    frame = pd.DataFrame(rows)
    for c in ("n_training", "n_test", "n_variables", "n_classes"):
        frame[c] = frame[c].astype("Int64")
    write_table(frame, output)


def build_eq_7_3(published_path, output):
    """φ_AB(φ*) of Eq. 7.3 for φ* = 0.05, 0.10, ..., 0.45, with the printed ".37" at φ* = 0.25."""
    printed = pd.read_csv(published_path, dtype=str).set_index("phi_star")["phi_ab"]
    phi = np.round(np.arange(1, 10) * 0.05, 2)
    frame = pd.DataFrame({"phi_star": phi, "phi_ab": adaboost_edge_bound(phi)})
    frame["printed"] = [printed.get(f"{p:.2f}", "") for p in phi]
    frame["rounded_to_printed"] = [f"{v:.2f}".lstrip("0") if p else "" for v, p in
                                   zip(frame["phi_ab"], frame["printed"], strict=True)]
    write_table(frame, output)


def build_bottom_edge_table(config, run_paths, output):
    """Each run's bottom edge φ* over the pool of both algorithms' trees beside their top(c):
    φ* ≤ top(c) must hold, since the LP minimises over that pool."""
    runs = read_runs(run_paths)
    last = runs[runs["step"] == config["steps"]]
    wide = last.pivot_table(index=["data_set", "tree_rule", "run"], columns="algorithm",
                            values="top_c").reset_index()
    wide["holds"] = (wide["bottom_edge"] <= wide[["adaboost", "arc_u2"]].min(axis=1) + 1e-9)
    write_table(wide.rename(columns={"bottom_edge": "phi_star_pool", "adaboost": "adaboost_top_c",
                                     "arc_u2": "arc_u2_top_c"}), output)
