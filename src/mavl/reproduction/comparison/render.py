"""Rendering of the comparison standard: one cell, one target's table, the answer and the summary
every report opens with, the cells of each target, and the index of every paper's answer and
summary (``reports/README.md``)."""

from pathlib import Path

import numpy as np

from .. import environment
from ..io import read_json
from ..report import heading_link, write_markdown
from .rule import target_summary

__all__ = ["LEGEND", "MARKS", "answer_line", "breakdown_lines", "index_lines", "number", "render_cell",
           "render_table", "share_line", "summary_lines", "write_index"]


#: The mark of each verdict in a rendered cell.
MARKS = {"agrees": "", "explained": " †", "unexplained": " ✗", "not reproduced": ""}
LEGEND = ("Each cell: *published ±its uncertainty / reproduced ±SE [95 % interval]*. A cell agrees when "
          "the two differ by at most 3 combined SE (√(published SE² + reproduced SE²)); † marks a miss "
          "with a measured explanation (section *Misses, explained*), ✗ a miss without one; "
          "*n.r.* a cell not reproduced, with its reason in the CSV.")


def number(value, digits):
    return "—" if value is None or not np.isfinite(float(value)) else f"{float(value):.{digits}f}"


def render_cell(cell, digits=1):
    """One cell as *published ±SE / reproduced ±SE [low, high]* with its verdict's mark."""
    published = number(cell["published"], digits)
    if np.isfinite(float(cell["published_se"])):
        published += f" ±{number(cell['published_se'], digits + 1)}"
    if cell["verdict"] == "not reproduced":
        return f"{published} / *n.r.*"
    reproduced = number(cell["reproduced"], digits)
    if np.isfinite(float(cell["reproduced_se"])):
        reproduced += (f" ±{number(cell['reproduced_se'], digits + 1)} "
                       f"[{number(cell['ci_low'], digits)}, {number(cell['ci_high'], digits)}]")
    return f"{published} / {reproduced}{MARKS[cell['verdict']]}"


def render_table(cells, target, digits=1, row_header="row", column_labels=None):
    """Markdown lines of one target's cells: one line per ``row``, one column per ``column``, in
    the order they first appear; substitute rows are labelled as such."""
    rows = cells[cells["target"] == target]
    columns = list(dict.fromkeys(rows["column"]))
    labels = column_labels or {}
    lines = [f"| {row_header} | " + " | ".join(labels.get(c, c) for c in columns) + " |",
             "|---|" + "---|" * len(columns)]
    for row, group in rows.groupby("row", sort=False):
        by_column = {c: g.iloc[0] for c, g in group.groupby("column", sort=False)}
        label = f"{row} (substitute data)" if group["substitute"].astype(bool).any() else row
        lines.append(f"| {label} | " + " | ".join(
            render_cell(by_column[c], digits) if c in by_column else "" for c in columns) + " |")
    return lines + [""]


def answer_line(counts):
    """The answer a report opens with, and the index repeats for it: the cells that agree, the misses
    left unexplained and explained, and the claims that hold against noise, from :func:`summary`'s
    counts (those of ``comparison_summary.json``)."""
    misses = counts["unexplained"] + counts["explained"]
    text = f"{counts['agrees']} of {counts['compared']} compared cells agree"
    unexplained = f"{counts['unexplained']} {'miss' if counts['unexplained'] == 1 else 'misses'} unexplained"
    text += f"; {unexplained}, {counts['explained']} explained" if misses else ", no cell misses"
    if "claims_noise_holds" in counts:
        judged = sum(counts[f"claims_noise_{v}"] for v in ("holds", "fails", "undecided"))
        text += f"; {counts['claims_noise_holds']} of {judged} claims hold against noise" if judged else ""
    elif counts.get("claims_reproduced_judged"):
        text += (f"; {counts['claims_reproduced_holding']} of {counts['claims_reproduced_judged']} claims "
                 "hold on the reproduced numbers")
    return f"**Reproduces:** {text}."


def share_line(counts):
    """The headline number: the share of the compared cells that agree."""
    if not counts["compared"]:
        return "**No published cell was compared** at this scale."
    return (f"**{_agreeing(counts)}** of the compared cells agree with the published ones (within 3 "
            "combined SE).")


def _agreeing(counts):
    return f"{100 * counts['agrees'] / counts['compared']:.1f} %"


def breakdown_lines(cells, order=()):
    """``### Cells by table``: each target's cells by verdict (:func:`target_summary`, in ``order``,
    the paper's order of its tables, then natural order), each target linked to its table's
    heading (``### <target>``); cells left out of the counts get a column where a paper has any."""
    counts = target_summary(cells, order)
    extra = [(c, label) for c, label in (("substitute", "substitute data (not counted)"),
                                         ("repeats", "re-printed runs (counted once)")) if counts[c].any()]
    header = "| table | compared | agree | explained | unexplained | not reproduced |"
    lines = ["### Cells by table", "", header + "".join(f" {label} |" for _, label in extra),
             "|---|---|---|---|---|---|" + "---|" * len(extra)]
    for r in counts.itertuples():
        lines.append(f"| {heading_link(r.target, f'### {r.target}')} | {r.compared} | {r.agrees} | "
                     f"{r.explained} | {r.unexplained} | {r.not_reproduced} |"
                     + "".join(f" {getattr(r, c)} |" for c, _ in extra))
    return lines + [""]


def summary_lines(counts):
    """The summary every report opens with, from :func:`summary`, and the software it was built with."""
    compared = counts["compared"]

    def share(n):
        return f"{n} ({100 * n / compared:.1f} %)" if compared else str(n)

    lines = ["| cells compared | agree (≤ 3 combined SE) | explained | unexplained | not reproduced | "
             "published inside the reproduced 95 % interval | mean abs. difference |",
             "|---|---|---|---|---|---|---|",
             f"| {compared} | {share(counts['agrees'])} | {share(counts['explained'])} | "
             f"{share(counts['unexplained'])} | {counts['not_reproduced']} | {share(counts['inside_95'])} | "
             f"{number(counts['mean_abs_difference'], 3)} |", ""]
    if counts.get("substitute_cells"):
        lines += [f"{counts['substitute_cells']} further cells run on substitute data; they are shown "
                  "in the tables but left out of these counts.", ""]
    if counts.get("repeated_cells"):
        lines += [f"{counts['repeated_cells']} further cells re-print a run already counted (the same "
                  "runs read again); they are shown in the tables and counted once.", ""]
    if "claims_reproduced_judged" in counts:
        lines += [f"Claims: {counts['claims_published_holding']} of {counts['claims_published_judged']} "
                  f"judged on the published numbers hold; {counts['claims_reproduced_holding']} of "
                  f"{counts['claims_reproduced_judged']} judged on the reproduced numbers hold.", ""]
    if "claims_noise_holds" in counts:
        lines += [f"Against the replicates' noise (bootstrap resamples of the replicates): "
                  f"{counts['claims_noise_holds']} hold, {counts['claims_noise_fails']} fail, "
                  f"{counts['claims_noise_undecided']} undecided.", ""]
    return lines + [environment.markdown_line(), ""]


def index_lines(summaries, scale):
    """``reports/README.md``: each paper's answer (:func:`answer_line`, :func:`share_line`'s share),
    then one row per paper from its ``comparison_summary.json`` (``summaries``: ``{paper: summary
    dict or None}`` in the order to list them; None: not built)."""
    suffix = "" if scale == "paper" else f".{scale}"
    lines = [f"# Reproduction reports ({scale} scale)", "",
             "Each document's answer, as its report opens with it (the share of its compared cells that "
             "agree, the misses its sweeps do not explain, the claims that hold against noise):", ""]
    for paper, s in summaries.items():
        if s is None:
            lines.append(f"- [{paper}]({paper}{suffix}.md): not built at this scale by the run that wrote "
                         "this index.")
        else:
            share = f"{_agreeing(s)} agree" if s["compared"] else "no cell compared"
            lines.append(f"- [{paper}]({paper}{suffix}.md) ({share}): {answer_line(s)}")
    lines += ["",
              "One row per document, from `results/<paper>/comparison.csv` (one row per published cell). "
              "A cell **agrees** when |published − reproduced| ≤ 3 combined SE; a miss is **explained** "
              "when a measured sweep or measurement accounts for it, **unexplained** otherwise; cells "
              "on substitute data and re-printed runs are left out of the counts. Each paper's report "
              "lists its unexplained cells and the claims that fail or are undecided, then holds the "
              "tables cell by cell and the section *Misses, explained*.", "",
              "| report | cells compared | agree | explained | unexplained | not reproduced | "
              "inside the 95 % interval | mean abs. difference | claims holding (published) | "
              "claims holding (reproduced) | claims against noise (holds / fails / undecided) |",
              "|---|---|---|---|---|---|---|---|---|---|---|"]
    for paper, s in summaries.items():
        if s is None:
            lines.append(f"| [{paper}]({paper}{suffix}.md) | not built at this scale by the run that wrote "
                         "this index | | | | | | | | | |")
            continue
        compared = s["compared"]

        def share(n, total=compared):
            return f"{n} ({100 * n / total:.1f} %)" if total else str(n)

        claims = [f"{s.get(f'claims_{side}_holding', 0)} of {s.get(f'claims_{side}_judged', 0)}"
                  for side in ("published", "reproduced")]
        noise = (" / ".join(str(s[f"claims_noise_{v}"]) for v in ("holds", "fails", "undecided"))
                 if "claims_noise_holds" in s else "—")
        mean = s.get("mean_abs_difference")
        lines.append(f"| [{paper}]({paper}{suffix}.md) | {compared} | {share(s['agrees'])} | "
                     f"{share(s['explained'])} | {share(s['unexplained'])} | {s['not_reproduced']} | "
                     f"{share(s['inside_95'])} | {number(mean if mean is not None else np.nan, 3)} | "
                     f"{claims[0]} | {claims[1]} | {noise} |")
    return lines + ["", "Differences are in each table's own unit (error tables in percentage points, "
                    "Valentini's in fractions); compare a paper's mean difference with its own cells "
                    "only. Claims against noise: each claim judged again on bootstrap resamples of the "
                    "replicates (the same draws for every claim); it holds or fails when at least 95 % of "
                    "the resamples agree, and is undecided otherwise.", ""]


def write_index(summary_paths, scale, path):
    """Read each paper's summary JSON (``{paper: path}``) and write the index to ``path``; a paper
    whose summary does not exist gets a row saying it was not built."""
    summaries = {paper: read_json(p) if Path(p).exists() else None for paper, p in summary_paths.items()}
    write_markdown(index_lines(summaries, scale), path)
