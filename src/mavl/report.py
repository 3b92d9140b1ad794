"""The Markdown report of a paper: each table beside the published one, figures, claims, fidelity."""

import json
from pathlib import Path

import pandas as pd

__all__ = ["build_report"]


def _fmt(value, digits=2):
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "—"
    if isinstance(value, bool):
        return "holds" if value else "fails"
    return f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def _table_section(target, compare, summary, title):
    rel = summary["relative"]
    digits = 2 if rel else 1
    lines = [f"### james1998/{target}: {title}", ""]
    lines.append(
        f"Experiment {summary['experiment']}, {summary['replicates']} replicates. Average SE: "
        f"reproduced {summary['average_se']:.3f}, published {summary['published_average_se']}. "
        f"Cells within 3 combined SE: {summary['within_3se']}/{summary['cells']}; published value "
        f"inside the reproduced 95 % interval: {summary['published_in_ci']}/{summary['cells']}; "
        f"mean |difference| "
        f"{summary['mean_abs_difference']:.3f}."
        + (" Published Regression/Centroid labels corrected (AMB-11)." if summary["labels_swapped"]
           else "")
    )
    lines.append("")
    grid = sorted(compare["B"].unique())
    lines.append("| method | " + " | ".join(f"B={b}" for b in grid) + " |")
    lines.append("|---|" + "---|" * len(grid))
    for method, rows in compare.groupby("method", sort=False):
        cells = []
        for b in grid:
            row = rows[rows["B"] == b].iloc[0]
            if row["undefined"]:
                cells.append(f"{row['published']:.{digits}f} / undef.")
                continue
            mark = "" if row["within_3se"] else " ✗"
            cells.append(f"{row['published']:.{digits}f} / {row['reproduced']:.{digits}f}"
                         f" ±{_fmt(row['se'], digits + 1)} [{_fmt(row['ci_low'], digits)}, "
                         f"{_fmt(row['ci_high'], digits)}]{mark}")
        lines.append(f"| {method} | " + " | ".join(cells) + " |")
    lines += ["", "Cells read *published / reproduced mean ±SE [95 % interval over replicates]*; ✗ "
              "marks a difference beyond 3 combined standard errors; *undef.* is Regression with "
              "B < k (printed 100.0 in the thesis).", ""]
    return lines


def _theory_fidelity(theory):
    if theory is None:
        return []
    return ["Chapter 3's bias/variance tables, against the tolerances of spec james-ch3-4 §5:", "",
            *theory[2], ""]


def claims_rows(claims):
    """Markdown rows of a claims table and a one-line count of the verdicts."""
    lines = []
    for row in claims.itertuples():
        lines.append(f"| {row.claim_id} | {row.statement} | {_fmt(row.holds_published)} | "
                     f"{_fmt(row.holds_reproduced)} | {row.values_published} | "
                     f"{row.values_reproduced} |")
    judged = claims["holds_reproduced"].notna().sum()
    held = claims["holds_reproduced"].eq(True).sum()
    lines += ["", f"{held} of {judged} claims judged on the reproduced numbers hold; "
              f"{claims['holds_published'].eq(True).sum()} of {claims['holds_published'].notna().sum()} "
              "judged on the published numbers hold (— marks a claim the source gives no numbers "
              "for, or an informational count).", ""]
    return lines


def gap_notes(claims, gaps):
    """A line for each claim with a known reason: why it fails, or that it holds unexpectedly."""
    lines = []
    verdicts = claims.set_index("claim_id")["holds_reproduced"]
    for claim in claims["claim_id"]:
        if claim not in gaps.index or verdicts[claim] is None:
            continue
        if verdicts[claim]:
            lines += [f"- **{claim} holds, where a miss was expected.** {gaps[claim]}"]
        else:
            lines += [f"- **{claim} not reproduced.** Likely reason: {gaps[claim]}"]
    return lines


CLAIMS_HEADER = [
    "| claim | statement | published | reproduced | values (published) | values (reproduced) |",
    "|---|---|---|---|---|---|",
]


def paired_test_lines(paired):
    """Per-claim summary of the paired tests, with every test in a collapsible table."""
    if paired is None or paired.empty:
        return []
    lines = ["### Paired tests behind the claims", "",
             "Every \"A beats B\" comparison a claim makes within one experiment, tested over the "
             "replicates both methods share (the same training sets): paired t-test, two-sided "
             "p-value. *Significant* means p < 0.05 with the difference in the claimed direction.", "",
             "| claim | comparisons | significant | largest p-value |", "|---|---|---|---|"]
    for claim, rows in paired.groupby("claim", sort=False):
        lines.append(f"| {claim} | {len(rows)} | {int(rows['significant_5pc'].sum())} | "
                     f"{rows['p_value'].max():.2g} |")
    lines += ["", "<details><summary>All paired tests</summary>", "",
              "| claim | experiment | better | worse | K | mean difference | t | p-value |",
              "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {r.claim} | {r.experiment} | {r.better} | {r.worse} | {r.K} | {r.mean_difference:+.2f} | "
              f"{r.t:.2f} | {r.p_value:.2g} |" for r in paired.itertuples()]
    return lines + ["", "</details>", ""]


def build_report(config, table_dir, published_dir, claims, leaves, out_path, figures,
                 theory=None, paired=None):
    """Write the report.

    Parameters
    ----------
    config : dict
    table_dir, published_dir : path
        Where the table targets and the published CSVs are.
    claims : DataFrame
        From :func:`mavl.reproduce.claims_frame`.
    leaves : DataFrame
        Columns experiment, tree, mean_leaves (achieved leaf counts).
    out_path : path
    figures : dict
        ``{target: png path relative to the report}`` of the Chapter 2 figures.
    paired : DataFrame or None
        From :func:`mavl.comparisons.paired_comparisons`.
    theory : tuple of (DataFrame, list of str, list of str) or None
        Claims of Chapters 3–4 (:mod:`mavl.claims_theory`), the Markdown lines of the other
        targets (:func:`mavl.report_theory.theory_sections`) and their fidelity lines.
    """
    table_dir, published_dir = Path(table_dir), Path(published_dir)
    titles = pd.read_csv(published_dir / "average_se.csv").set_index("table")["title"]
    gaps = pd.read_csv(published_dir / "known_gaps.csv").set_index("claim_or_target")["reason"]
    sections, within, inside, cells = [], 0, 0, 0
    for target, info in config["targets"].items():
        if info["kind"] not in ("table", "relative_table"):
            continue
        summary = json.loads((table_dir / f"{target}.summary.json").read_text())
        compare = pd.read_csv(table_dir / f"{target}.compare.csv")
        within += summary["within_3se"]
        inside += summary["published_in_ci"]
        cells += summary["cells"]
        sections += _table_section(target, compare, summary, titles[target])
        if target in gaps.index:
            sections += [f"**Known gap.** {gaps[target]}", ""]
    scale = config["scale"]
    lines = [
        "# James (1998): reproduction report",
        "",
        f"Generated by the mavl workflow (scale `{scale}`, master seed {config['master_seed']}). "
        "Every number below comes from the result files under `results/james1998/`; the published "
        "values come from `resources/published/james1998/`.",
        "",
        "## Fidelity summary",
        "",
        f"Chapter 2 error tables: **{within} of {cells} defined cells ({100 * within / max(cells, 1):.1f} %) "
        "lie within 3 "
        "combined standard errors of the published value** (combined SE = sqrt(reproduced SE² + "
        f"the published table's average SE²)); the published value lies inside the reproduced "
        f"95 % interval (mean ± t·SE over replicates) in {inside} of {cells} cells "
        f"({100 * inside / max(cells, 1):.1f} %). Exact agreement is not expected: the tree engine "
        "(S-PLUS vs scikit-learn), the reconstructed Concentric generator and the random draws all "
        "differ; the claims below are the pass/fail criteria.",
        "",
        *(_theory_fidelity(theory)),
        "## Claims (spec james-ch2 §7)",
        "",
        *CLAIMS_HEADER,
    ]
    lines += claims_rows(claims)
    lines += gap_notes(claims, gaps)
    lines += ["", *paired_test_lines(paired)]
    lines += ["", "## Tree sizes", "",
              "| experiment | thesis (k-class tree) | Tree (k-class) | super-group trees | "
              "bagging trees | boosting trees |", "|---|---|---|---|---|---|"]
    thesis = pd.read_csv(published_dir / "leaves.csv").set_index("experiment")["thesis_leaves"]
    for exp, rows in leaves.groupby("experiment", sort=False):
        by = rows.set_index("tree")["mean_leaves"]
        lines.append(f"| {exp} | ≈{thesis.get(exp, '—')} | " + " | ".join(
            _fmt(by.get(k), 1) for k in ("Tree", "ECOC", "Bagging", "Boosting")) + " |")
    if theory is not None:
        theory_claims, theory_lines, _ = theory
        lines += ["## Claims of Chapters 3–4 and of the Chapter 2 figures (spec james-ch3-4 §5, "
                  "james-ch2 §7)", "", *CLAIMS_HEADER, *claims_rows(theory_claims),
                  *gap_notes(theory_claims, gaps)]
    lines += ["", "## Chapter 2 error tables", ""] + sections + ["## Chapter 2 error figures", ""]
    for target, png in figures.items():
        lines += [f"### james1998/{target}", "", f"![{target}]({png})", ""]
    if theory is not None:
        lines += theory_lines
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    Path(out_path).write_text("\n".join(lines) + "\n", encoding="utf-8")
