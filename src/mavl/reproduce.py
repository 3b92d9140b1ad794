"""Glue between the workflow's config and the library: one function per workflow step.

The Snakemake scripts call these, so every step is a tested library call and the scripts stay a
few lines long.
"""

import json
import shutil
from pathlib import Path

import pandas as pd

from .claims import evaluate_claims
from .data import sample_concentric
from .experiments import run_replicate
from .figures import plot_concentric, plot_error_vs_b, save_figure
from .random import stream
from .results import read_results, write_table
from .tables import absolute_table, average_se, compare, relative_table, swap_rows, wide

__all__ = [
    "build_concentric_figure",
    "build_error_figure",
    "build_table",
    "experiment_spec",
    "fit_experiment",
]


def experiment_spec(config, name):
    """One experiment of the config, resolved: tree controls, B grid of the scale, name."""
    scale = config["scales"][config["scale"]]
    spec = dict(config["experiments"][name])
    spec["name"] = name
    spec["tree"] = dict(config["trees"][spec["tree"]])
    spec["grid"] = list(scale["grids"][spec["grid"]])
    return spec


def fit_experiment(config, name, replicate, output):
    """Run one replicate and write its long-format results (TSV)."""
    frame = run_replicate(experiment_spec(config, name), replicate, config["master_seed"],
                          config["options"])
    write_table(frame, output)


def _experiment_tables(config, name, results_paths):
    spec = experiment_spec(config, name)
    return absolute_table(read_results(results_paths), spec["methods"], spec["grid"])


def build_table(config, target, results_paths, published_path, average_se_path, outputs):
    """Write ``<id>.csv``, ``<id>.published.csv``, ``<id>.compare.csv`` and ``<id>.summary.json``."""
    info = config["targets"][target]
    mean, se, undefined, n_reps = _experiment_tables(config, info["experiment"], results_paths)
    relative = info["kind"] == "relative_table"
    if relative:
        mean, se, undefined = relative_table(mean, se, undefined)
    shutil.copyfile(published_path, outputs["published"])
    compared_to = read_published(config, target, published_path)
    published_se = float(pd.read_csv(average_se_path).set_index("table").loc[target, "average_se"])
    # Order rows as the thesis does; keep methods the thesis lacks at the end.
    order = [m for m in compared_to["method"] if m in mean.index]
    order += [m for m in mean.index if m not in order]
    mean, se, undefined = mean.loc[order], se.loc[order], undefined.loc[order]
    write_table(wide(mean), outputs["table"])
    comparison = compare(compared_to, mean, se, undefined, published_se, n_reps)
    write_table(comparison, outputs["compare"])
    summary = {
        "target": target, "experiment": info["experiment"], "relative": relative,
        "replicates": int(n_reps), "average_se": round(average_se(se, undefined), 6),
        "published_average_se": published_se,
        "cells": int((~comparison["undefined"]).sum()),
        "within_3se": int(comparison["within_3se"].sum()),
        "published_in_ci": int(comparison["published_in_ci"].sum()),
        "mean_abs_difference": round(float(comparison.loc[~comparison["undefined"],
                                                          "difference"].abs().mean()), 6),
        "labels_swapped": _swapped(config, target),
    }
    Path(outputs["summary"]).write_text(json.dumps(summary, indent=1, sort_keys=True) + "\n")


def build_error_figure(config, target, results_paths, outputs):
    """Error-against-B figure of one experiment: PNG, PDF and the plotted CSV."""
    info = config["targets"][target]
    mean, _, undefined, _ = _experiment_tables(config, info["experiment"], results_paths)
    methods = info.get("methods", list(mean.index))
    mean, undefined = mean.loc[methods], undefined.loc[methods]
    write_table(wide(mean.where(~undefined)), outputs["csv"])
    title = f"james1998/{target}: experiment {info['experiment']}"
    save_figure(plot_error_vs_b(mean, undefined, title), outputs["png"], outputs["pdf"])


def build_concentric_figure(config, target, outputs):
    """One Concentric Two Class training sample (Figure 2.7): PNG, PDF and the points as CSV."""
    info, radii = config["targets"][target], config["options"]["concentric"]
    rng = stream(config["master_seed"], target, 0, "data")
    X, y = sample_concentric(info["n_per_class"], rng, radii["inner"], radii["outer"])
    write_table(pd.DataFrame({"x1": X[:, 0], "x2": X[:, 1], "class": y}), outputs["csv"])
    save_figure(plot_concentric(X, y, radii["inner"], radii["outer"]), outputs["png"],
                outputs["pdf"])


def _swapped(config, target):
    return target == "table_2_14" and config["options"]["swap_table_2_14"]


def read_published(config, target, path):
    """A published table as printed, or with Table 2.14's swapped labels corrected (AMB-11)."""
    frame = pd.read_csv(path)
    return swap_rows(frame) if _swapped(config, target) else frame


def published_tables(config, published_dir):
    """Published absolute tables by experiment (Table 2.14 with corrected labels)."""
    tables = {}
    for target, info in config["targets"].items():
        if info["kind"] != "table":
            continue
        frame = read_published(config, target, Path(published_dir) / f"{target}.csv")
        tables[info["experiment"]] = frame.set_index("method").astype(float)
    return tables


def reproduced_tables(config, table_dir):
    """Reproduced absolute tables by experiment, read from the table targets' CSVs."""
    tables = {}
    for target, info in config["targets"].items():
        if info["kind"] == "table":
            frame = pd.read_csv(Path(table_dir) / f"{target}.csv")
            tables[info["experiment"]] = frame.set_index("method").astype(float)
    return tables


def claims_frame(config, table_dir, published_dir):
    """The claims table of spec §7 on published and reproduced numbers."""
    return pd.DataFrame(evaluate_claims(published_tables(config, published_dir),
                                        reproduced_tables(config, table_dir)))




def leaf_counts(results_paths):
    """Mean achieved leaves per experiment and tree type, from the raw results' ``extra_json``."""
    frame = read_results(results_paths)
    kinds = {"Tree": "Tree", "ECOC": "ECOC", "Bagging": "Bagging", "Boosting (St)": "Boosting",
             "Boosting (Ad)": "Boosting", "Boosting (Det)": "Boosting",
             "Boosting (Rand)": "Boosting"}
    rows = []
    for (experiment, method), group in frame.groupby(["experiment", "method"], sort=False):
        if method not in kinds:
            continue
        extra = group["extra_json"].map(json.loads)
        key = "leaves" if method == "Tree" else "mean_leaves"
        # One value per replicate (the extra fields repeat across B).
        per_rep = extra.map(lambda e, key=key: e.get(key)).groupby(group["replicate"]).first()
        rows.append({"experiment": experiment, "tree": kinds[method],
                     "mean_leaves": float(per_rep.astype(float).mean())})
    out = pd.DataFrame(rows)
    return out.groupby(["experiment", "tree"], sort=False, as_index=False)["mean_leaves"].mean()


def build_report_step(config, table_dir, published_dir, results_paths, out_path, figures,
                      theory_figures, margin_files):
    """Claims, leaf counts and the Markdown report in one call."""
    from .claims_theory import evaluate_theory_claims
    from .comparisons import paired_comparisons
    from .report import build_report
    from .report_theory import theory_evidence, theory_fidelity, theory_sections

    claims = claims_frame(config, table_dir, published_dir)
    write_table(claims, Path(table_dir) / "claims.csv")
    published, reproduced = theory_evidence(table_dir, published_dir, margin_files)
    theory_claims = pd.DataFrame(evaluate_theory_claims(published, reproduced))
    write_table(theory_claims, Path(table_dir) / "claims_theory.csv")
    theory = (theory_claims, theory_sections(table_dir, published_dir, theory_figures),
              theory_fidelity(table_dir))
    largest = {name: max(experiment_spec(config, name)["grid"]) for name in config["experiments"]}
    paired = paired_comparisons(read_results(results_paths), largest)
    write_table(paired, Path(table_dir) / "paired_tests.csv")
    build_report(config, table_dir, published_dir, claims, leaf_counts(results_paths), out_path,
                 figures, theory, paired)


def copy_figures(pngs, folder, relative_to):
    """Copy figure PNGs beside the report, which is committed while ``results/`` is not.

    Returns ``{target: path relative to relative_to}`` for the report's links.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    links = {}
    for png in pngs:
        dest = folder / Path(png).name
        shutil.copyfile(png, dest)
        links[Path(png).stem] = dest.relative_to(relative_to).as_posix()
    return links
