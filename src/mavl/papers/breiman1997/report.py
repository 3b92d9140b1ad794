"""``reports/breiman1997.md``: Tables 1-5 and Eq. 7.3 beside the published numbers, the claims of
spec §6 judged on both, paired tests between AdaBoost and arc-u2, and the known departures."""

from pathlib import Path

import pandas as pd

from ...reproduction.io import write_table
from ...reproduction.paired import paired_comparisons
from ...reproduction.report import (
    CLAIMS_HEADER,
    claims_rows,
    fmt,
    gap_notes,
    paired_test_lines,
    write_markdown,
)
from .claims import CLAIMS
from .settings import DISPLAY, tree_rules
from .tables import read_runs

__all__ = ["build_report", "evidence", "paired_tests"]

TITLES = {
    "table_1": "Table 1: synthetic data, AdaBoost against arc-u2 after {steps} steps",
    "table_3": "Table 3: moderate-size data, AdaBoost against arc-u2 after {steps} steps",
    "table_4": "Table 4: larger data, one run on the designated split",
    "table_5": "Table 5: arc-u2 after 50 and 100 steps (the runs of Table 3)",
}
LABELS = {"adaboost_test_error": "AdaBoost error", "adaboost_top_c": "AdaBoost top(c)",
          "arc_u2_test_error": "arc-u2 error", "arc_u2_top_c": "arc-u2 top(c)",
          "steps50_test_error": "50 steps error", "steps50_top_c": "50 steps top(c)",
          "steps100_test_error": "100 steps error", "steps100_top_c": "100 steps top(c)"}


def _wide(long, value):
    return long.pivot_table(index="data_set", columns="column", values=value, sort=False)


def evidence(tables, eq_7_3, rule=None):
    """The claims' evidence from the table CSVs: the printed numbers (``rule=None``) or the
    reproduced means under tree rule ``rule``."""
    frames = {}
    for target, long in tables.items():
        if rule is None:
            rows = long.drop_duplicates(["data_set", "column"])
            frames[target] = _wide(rows, "published")
        else:
            frames[target] = _wide(long[long["tree_rule"] == rule], "reproduced")
    phi = eq_7_3.set_index("phi_star")      # the printed ".37" is read from the published file
    final = pd.concat([frames[t] for t in ("table_1", "table_3", "table_4")])
    return {"final": final.dropna(), "synthetic": frames["table_1"], "steps": frames["table_5"].dropna(),
            "phi_ab": float(phi.loc[0.25, "printed" if rule is None else "phi_ab"])}


def paired_tests(run_paths, steps):
    """AdaBoost against arc-u2 over the runs both share, for each data set and tree rule: the test
    error (K-2 says AdaBoost's is lower) and top(c) (K-1 says arc-u2's is lower)."""
    runs = read_runs(run_paths)
    runs = runs[runs["algorithm"] != "bottom_edge"].assign(
        experiment=lambda f: f["data_set"].map(DISPLAY) + " (" + f["tree_rule"] + ")",
        replicate=lambda f: f["run"], method=lambda f: f["algorithm"], B=lambda f: f["step"])
    experiments = list(dict.fromkeys(runs["experiment"]))
    largest = dict.fromkeys(experiments, steps)
    out = []
    for metric, claim, better, worse in (("test_error", "K-2", "adaboost", "arc_u2"),
                                         ("top_c", "K-1", "arc_u2", "adaboost")):
        comparisons = [(claim, e, (better, "max"), (worse, "max")) for e in experiments]
        out.append(paired_comparisons(runs.assign(err=runs[metric]), comparisons, largest))
    return pd.concat(out, ignore_index=True)


def _cell(row, digits=1):
    if row["note"]:
        return f"{row['printed']} / —"
    shown = f"{row['printed']} / {row['reproduced']:.{digits}f}"
    if row["runs"] > 1:
        shown += f" ±{fmt(row['se'], 2)} [{fmt(row['ci_low'], 1)}, {fmt(row['ci_high'], 1)}]"
    return shown


def _table_lines(target, long, steps):
    columns = list(dict.fromkeys(long["column"]))
    lines = [f"### breiman1997/{target}: {TITLES[target].format(steps=steps)}", "",
             "| data set | tree rule | " + " | ".join(LABELS[c] for c in columns) + " |",
             "|---|---|" + "---|" * len(columns)]
    for (data_set, rule), rows in long.groupby(["data_set", "tree_rule"], sort=False):
        cells = rows.set_index("column")
        rule_shown = rule or cells["note"].iloc[0]
        lines.append(f"| {data_set} | {rule_shown} | " + " | ".join(_cell(cells.loc[c]) for c in columns)
                     + " |")
    inside = long[long["note"] == ""]
    with_ci = inside[inside["runs"] > 1]
    if with_ci.empty:
        return lines + ["", "Cells read *published / reproduced* (one run each: no interval).", ""]
    lines += ["", f"Cells read *published / reproduced mean ±SE [95 % interval over runs]*. The published "
              f"value lies inside the reproduced interval in {int(with_ci['published_in_ci'].sum())} of "
              f"{len(with_ci)} cells.", ""]
    return lines


def build_report(config, table_paths, summary_path, eq_path, edge_path, run_paths, published_dir,
                 out_path, claims_path, paired_path):
    """Judge the claims on the published and on each tree rule's numbers, run the paired tests and
    write the Markdown report."""
    tables = {Path(p).stem: pd.read_csv(p, keep_default_na=False, na_values=[""], dtype={"printed": str})
              for p in table_paths}
    for long in tables.values():
        long["note"] = long["note"].fillna("")
        long["tree_rule"] = long["tree_rule"].fillna("")
    eq_7_3 = pd.read_csv(eq_path, dtype={"printed": str}, keep_default_na=False)
    rules = tree_rules(config)
    published = evidence(tables, eq_7_3)
    judged = {rule: pd.DataFrame(CLAIMS.judge(published, evidence(tables, eq_7_3, rule))) for rule in rules}
    write_table(pd.concat([j.assign(tree_rule=r) for r, j in judged.items()], ignore_index=True), claims_path)
    paired = paired_tests(run_paths, config["steps"])
    write_table(paired, paired_path)
    gaps = pd.read_csv(Path(published_dir) / "known_gaps.csv").set_index("claim_or_target")["reason"]
    lines = ["# Breiman (1997), Arcing the Edge: reproduction report", "",
             f"Generated by the mavl workflow (scale `{config['scale']}`, master seed "
             f"{config['master_seed']}). Every number comes from `results/breiman1997/`; the published "
             "values from `resources/published/breiman1997/`. AdaBoost is `ArcFsClassifier` and arc-u2 "
             f"`ArcU2Classifier` (b = {config['arc_u2']['b_cap']}, δ = {config['arc_u2']['delta']}), "
             f"{config['steps']} steps each on CART trees grown on the weighted points with minimum node "
             f"size {config['min_node_size']} under each tree rule: {', '.join(rules)} (spec R1; the claims "
             f"are judged first under `{rules[0]}`).", "",
             "## Where the reproduction departs from the report", ""]
    lines += [f"- **{key}.** {reason}" for key, reason in gaps.items() if not key.startswith("K-")]
    for rule, claims in judged.items():
        lines += ["", f"## Claims (spec breiman1997 §6), tree rule `{rule}`", "", *CLAIMS_HEADER,
                  *claims_rows(claims), *gap_notes(claims, gaps)]
    lines += ["", *paired_test_lines(paired), "## Tables", ""]
    for target in ("table_1", "table_3", "table_4", "table_5"):
        lines += _table_lines(target, tables[target], config["steps"])
    lines += _summary_lines(pd.read_csv(summary_path, keep_default_na=False))
    lines += _eq_lines(eq_7_3) + _edge_lines(pd.read_csv(edge_path))
    write_markdown(lines, out_path)


def _summary_lines(summary):
    lines = ["### breiman1997/table_2: the data sets", "",
             "| data set | group | training (pub / ours) | test | variables | classes | note |",
             "|---|---|---|---|---|---|---|"]
    for r in summary.itertuples():
        pair = [f"{getattr(r, 'published_' + c)} / {getattr(r, c) or '—'}"
                for c in ("n_training", "n_test", "n_variables", "n_classes")]
        lines.append(f"| {r.data_set} | {r.group} | " + " | ".join(pair) + f" | {r.note} |")
    return lines + ["", "For the moderate sets the training count is the whole data set and the test "
                    "count the round(N/10) held out in each run, as in the report.", ""]


def _eq_lines(eq_7_3):
    lines = ["### breiman1997/eq_7_3: the limit AdaBoost's edges reach (Eq. 7.3)", "",
             "| φ* | φ_AB(φ*) | printed |", "|---|---|---|"]
    lines += [f"| {r.phi_star:.2f} | {r.phi_ab:.4f} | {r.printed} |" for r in eq_7_3.itertuples()]
    return lines + [""]


def _edge_lines(edges):
    held = int(edges["holds"].sum())
    return ["### Bottom edge of each run's trees (check)", "",
            f"φ* of the pool of both algorithms' trees, solved as a linear programme, is at most the "
            f"top(c) each algorithm reached in {held} of {len(edges)} runs (it must be in all: the LP "
            f"minimises over that pool). Mean 100·φ*: "
            + ", ".join(f"{DISPLAY.get(d, d)} {v:.1f}" for d, v in
                        edges.groupby("data_set", sort=False)["phi_star_pool"].mean().items()) + ".", ""]
