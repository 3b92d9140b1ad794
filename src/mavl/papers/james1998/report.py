"""The Markdown report of James (1998): each table beside the published one, figures, claims,
fidelity, paired tests and tree sizes."""

import json
from pathlib import Path

import pandas as pd

from ...reproduction.comparison import (
    LEGEND,
    VERDICTS,
    explain,
    misses_lines,
    read_comparison,
    render_table,
    summary_lines,
)
from ...reproduction.figures import figure_label
from ...reproduction.io import read_json, read_results, write_table
from ...reproduction.paired import paired_comparisons
from ...reproduction.report import (
    claims_rows,
    copy_figures,
    figure_lines,
    fmt,
    gap_notes,
    paired_test_lines,
    write_markdown,
)
from .claims_ch2 import CLAIMS
from .claims_noise import claim_resamples
from .claims_theory import THEORY_CLAIMS
from .error_tables import published_tables, reproduced_tables
from .experiments import CONSTANT_METHODS
from .paired_tests import PAIRED_COMPARISONS
from .report_theory import theory_evidence, theory_sections
from .settings import experiment_spec

__all__ = ["build_report", "claim_resamples_of", "claims_frame", "judged_claims", "leaf_counts",
           "noise_lines", "read_judged", "render_report", "summary_section", "target_counts"]


def _table_section(target, cells, summary, title):
    digits = 2 if summary["relative"] else 1
    counts = target_counts(cells[cells["target"] == target]).iloc[0]
    lines = [f"### james1998/{target}: {title}", ""]
    lines.append(
        f"Experiment {summary['experiment']}, {summary['replicates']} replicates. Average SE: "
        f"reproduced {summary['average_se']:.3f}, published {summary['published_average_se']}. "
        f"{counts['compared']} cells compared (Tree and 1NN once): {counts['agrees']} agree, "
        f"{counts['explained']} explained, {counts['unexplained']} unexplained."
        + (" Published Regression/Centroid labels corrected (AMB-11)." if summary["labels_swapped"]
           else "")
    )
    lines.append("")
    lines += render_table(cells, target, digits, row_header="method")
    return lines


def target_counts(cells):
    """Per target: cells compared (repeats left out), by verdict, and the repeats."""
    rows = []
    for target, group in cells.groupby("target", sort=False):
        repeat = group["repeat_of"] != ""
        head = group[~repeat]
        rows.append({"target": target, "compared": int((head["verdict"] != "not reproduced").sum()),
                     **{v.replace(" ", "_"): int((head["verdict"] == v).sum()) for v in VERDICTS},
                     "repeats": int(repeat.sum())})
    return pd.DataFrame(rows)


def summary_section(cells, counts, chapter2_targets):
    """``## Summary``: the framework's summary, the count as earlier reports made it, and a line per
    target."""
    lines = ["## Summary", "", *summary_lines(counts)]
    ch2 = cells[cells["target"].isin(chapter2_targets) & (cells["verdict"] != "not reproduced")]
    agree = int((ch2["verdict"] == "agrees").sum())
    lines += [f"Chapter 2 error tables counted as earlier reports did (Tree and 1NN in every B column): "
              f"{agree} of {len(ch2)} defined cells ({100 * agree / max(len(ch2), 1):.1f} %) agree.", "",
              "| target | compared | agree | explained | unexplained | not reproduced | repeats |",
              "|---|---|---|---|---|---|---|"]
    lines += [f"| {r.target} | {r.compared} | {r.agrees} | {r.explained} | {r.unexplained} | "
              f"{r.not_reproduced} | {r.repeats} |" for r in target_counts(cells).itertuples()]
    return lines + ["", LEGEND, ""]


def other_reasons_lines(cells):
    """Misses explained by a measurement other than a sweep: each reason and its cells."""
    explained = cells[(cells["verdict"] == "explained") & ~cells["reason"].str.startswith("agrees under")
                      & (cells["repeat_of"] == "")]
    if explained.empty:
        return []
    lines = ["### Misses explained by a measurement outside the sweeps", ""]
    for reason, group in explained.groupby("reason", sort=False):
        where = ", ".join(f"{t} {r} {c}" for t, r, c in zip(group["target"], group["row"], group["column"],
                                                          strict=True))
        lines.append(f"- {len(group)} cell(s) ({where}): {reason}.")
    return lines + [""]


def render_report(config, table_dir, published_dir, claims, leaves, out_path, figures, comparison,
                  theory=None, paired=None, captions=None):
    """Write the Markdown report from judged claims and cells.

    Parameters
    ----------
    config : dict
    table_dir, published_dir : path
        Where the table targets and the published CSVs are.
    claims : DataFrame
        From :func:`mavl.papers.james1998.error_tables.claims_frame`.
    leaves : DataFrame
        Columns experiment, tree, mean_leaves (achieved leaf counts).
    out_path : path
    figures : dict
        ``{target: png path relative to the report}`` of the Chapter 2 figures.
    comparison : tuple of (DataFrame, DataFrame, dict)
        The judged cells of ``comparison.csv``, the sweep readings and the summary counts.
    paired : DataFrame or None
        From :func:`mavl.reproduction.paired.paired_comparisons`.
    theory : tuple of (DataFrame, list of str) or None
        Claims of Chapters 3–4 (:mod:`.claims_theory`) and the Markdown lines of the other
        targets (:func:`.report_theory.theory_sections`).
    """
    table_dir, published_dir = Path(table_dir), Path(published_dir)
    cells, readings, counts = comparison
    titles = pd.read_csv(published_dir / "average_se.csv").set_index("table")["title"]
    gaps = pd.read_csv(published_dir / "known_gaps.csv").set_index("claim_or_target")["reason"]
    chapter2 = [t for t, info in config["targets"].items() if info["kind"] in ("table", "relative_table")]
    sections = []
    for target in chapter2:
        summary = json.loads((table_dir / f"{target}.summary.json").read_text())
        sections += _table_section(target, cells, summary, titles[target])
        if target in gaps.index:
            sections += [f"**Known gap.** {gaps[target]}", ""]
    scale = config["scale"]
    lines = [
        "# James (1998): reproduction report",
        "",
        f"Generated by the mavl workflow (scale `{scale}`, master seed {config['master_seed']}). "
        f"Every number below comes from the result files under `{table_dir.as_posix()}/`; the published "
        "values come from `resources/published/james1998/`. Every published cell is judged by the "
        f"framework's one rule (`{table_dir.as_posix()}/comparison.csv`). Exact agreement is not expected: "
        "the tree engine (S-PLUS vs scikit-learn), the reconstructed Concentric generator and the "
        "random draws all differ.",
        "",
        *summary_section(cells, counts, chapter2),
        *misses_lines(cells, readings),
        *other_reasons_lines(cells),
        "## Claims (spec james-ch2 §7)",
        "",
        *noise_lines(claims, theory[0] if theory is not None else None),
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
            fmt(by.get(k), 1) for k in ("Tree", "ECOC", "Bagging", "Boosting")) + " |")
    if theory is not None:
        theory_claims, theory_lines = theory
        lines += ["## Claims of Chapters 3–4 and of the Chapter 2 figures (spec james-ch3-4 §5, "
                  "james-ch2 §7)", "", *claims_rows(theory_claims),
                  *gap_notes(theory_claims, gaps)]
    lines += ["", "## Chapter 2 error tables", ""] + sections + ["## Chapter 2 error figures", ""]
    for target, png in figures.items():
        label = figure_label(target)
        caption = (captions or {}).get(target, "")
        lines += [f"### {label}", "", *figure_lines(label, png, caption, config["scale"])]
    if theory is not None:
        lines += theory_lines
    write_markdown(lines, out_path)


#: What a replicate is for each claim's evidence (:mod:`.claims_noise`), for the report.
NOISE_UNITS = ("Against noise, each claim is re-judged on bootstrap draws of its evidence's replicates: "
               "the Chapter 2 tables over each experiment's replicates (training sets; every method "
               "of a replicate drawn together), Figures 2.3/2.4 (CL-03) over the settling splits, "
               "Figure 3.1 (C3.4e) over the case study's training sets, Tables 3.1 and 3.2 over the "
               "test points (their counts pool the training sets, so the test sample's noise is the "
               "one left, as in the tables' SE), the Section 3.4 estimators and B* (C3.4a–d) and "
               "Figure 2.6 (CL-04) recomputed on each draw of the case study's training sets. "
               "Chapter 4 (C4a–d) reads the one split the figures show and CL-08 is a formula: these "
               "keep their point verdict.")


def noise_lines(*frames):
    """The paragraph saying what was resampled, where any claim was judged on resamples."""
    shares = [f["resample_share"] for f in frames if f is not None and "resample_share" in f]
    if not any(share.notna().any() for share in shares):
        return []
    return [NOISE_UNITS, ""]


def claims_frame(config, table_dir, published_dir, resamples=None):
    """The claims table of spec james-ch2 §7 on published and reproduced numbers, and on the
    replicates' resamples where ``resamples`` (:class:`.claims_noise.ClaimResamples`) holds them."""
    noise = _noise(resamples, "chapter2", resamples is not None and bool(resamples.tables))
    return pd.DataFrame(CLAIMS.judge(published_tables(config, published_dir),
                                     reproduced_tables(config, table_dir), **noise))


def _noise(resamples, part, present):
    """``judge``'s ``resampled`` and ``draws`` for one claim set (none without its replicates)."""
    if resamples is None or not present:
        return {}
    return {"resampled": getattr(resamples, part), "draws": resamples.draws}


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


def judged_claims(config, table_dir, published_dir, margin_files, resamples=None):
    """Both claim sets judged on the published and the reproduced numbers, and against the
    replicates' noise where ``resamples`` holds them: ``(chapter 2, theory)``."""
    claims = claims_frame(config, table_dir, published_dir, resamples)
    published, reproduced = theory_evidence(table_dir, published_dir, margin_files)
    present = resamples is not None and resamples.has_theory()
    return claims, pd.DataFrame(THEORY_CLAIMS.judge(published, reproduced,
                                                    **_noise(resamples, "theory", present)))


def claim_resamples_of(config, claims, inputs):
    """:func:`.claims_noise.claim_resamples` from a rule's named inputs (``results``, ``settling_raw``,
    ``case_study_errors``, ``case_study_draws``, ``counts``)."""
    return claim_resamples(config, claims, results=inputs["results"], settling=inputs["settling_raw"],
                           case_study_errors=inputs["case_study_errors"], counts=inputs["counts"],
                           case_study_draws=inputs.get("case_study_draws"))


def read_judged(comparison_path, summary_path, sweep_paths):
    """The written comparison back: judged cells, the sweep readings (every sweep file of
    ``sweep_paths``, one path or a list) and the summary counts."""
    cells = read_comparison(comparison_path)
    paths = [sweep_paths] if isinstance(sweep_paths, str | Path) else list(sweep_paths)
    sweeps = pd.concat([pd.read_csv(p, dtype={"row": str, "column": str}) for p in paths], ignore_index=True)
    _, readings = explain(cells, sweeps)
    return cells, readings, read_json(summary_path)


def build_report(inputs, outputs, config, captions, claims=None):
    """Judge both claim sets, run the paired tests, and write them and the Markdown report.

    ``inputs``: the rule's named inputs (``tables``, ``figures``, ``theory_figures``, ``results``,
    ``published``, ``margin_figure``, ``margin_splits``, ``comparison``, ``comparison_summary``,
    ``sweep``, and for the claims' noise ``settling_raw``, ``case_study_errors``, ``counts``);
    ``outputs``: ``report`` and its ``figures`` folder; ``captions`` maps every figure target to its
    caption; ``claims`` is the workflow config's ``claims`` section (None: point verdicts only).
    Writes ``claims.csv``, ``claims_theory.csv`` and ``paired_tests.csv`` beside the tables.
    """
    out_path = Path(outputs["report"])
    figures = copy_figures(inputs["figures"], outputs["figures"], out_path.parent)
    theory_figures = copy_figures(inputs["theory_figures"], outputs["figures"], out_path.parent)
    table_dir, published_dir = Path(inputs["tables"][0]).parent, Path(inputs["published"]).parent
    results_paths = inputs["results"]
    margin_files = {"figure": inputs["margin_figure"], "splits": inputs["margin_splits"]}
    comparison = {"comparison": inputs["comparison"], "summary": inputs["comparison_summary"],
                  "sweep": inputs["sweep"]}
    resamples = None if claims is None else claim_resamples_of(config, claims, inputs)
    claims, theory_claims = judged_claims(config, table_dir, published_dir, margin_files, resamples)
    write_table(claims, Path(table_dir) / "claims.csv")
    write_table(theory_claims, Path(table_dir) / "claims_theory.csv")
    judged = read_judged(comparison["comparison"], comparison["summary"], comparison["sweep"])
    theory = (theory_claims, theory_sections(table_dir, published_dir, theory_figures, judged[0],
                                             captions, config["scale"]))
    largest = {name: max(experiment_spec(config, name)["grid"]) for name in config["experiments"]}
    paired = paired_comparisons(read_results(results_paths), PAIRED_COMPARISONS, largest, CONSTANT_METHODS)
    write_table(paired, Path(table_dir) / "paired_tests.csv")
    render_report(config, table_dir, published_dir, claims, leaf_counts(results_paths), out_path,
                  figures, judged, theory, paired, captions)
