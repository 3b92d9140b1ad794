"""One comparison standard for every paper: each published cell beside its reproduction, one verdict
by one rule, one machine-readable file and one renderer.

A *cell frame* has one row per published cell and the columns of :data:`COLUMNS`:

* ``published`` and ``published_se``: the printed number and its own uncertainty, where one can be
  derived (the paper's SE or spread; the binomial SE of a published test error on the same test
  size; otherwise the half-width of its printed rounding, :func:`rounding_half_width`), and
  ``published_se_source`` saying which;
* ``reproduced`` and ``reproduced_se``: the mean over the randomness the cell actually has
  (replicates over training sets, splits, folds or seeds) and its standard error, with
  ``n_replicates`` and ``reproduced_se_source``; a binomial SE of one test error is used only where
  nothing else varies (``n_replicates`` is then 1 and the source says so);
* ``status``: why a cell has no reproduced number (data unavailable, not run at this scale), empty
  otherwise; ``substitute``: the row runs on substitute data and stays out of the headline figures;
* ``reason``: a measured explanation of a miss (from a sensitivity sweep), empty if there is none.

:func:`judge` adds the rule's columns. A cell **agrees** when ``|published − reproduced| ≤ 3 ·
sqrt(published_se² + reproduced_se²)``; a missing SE counts as zero (the other side's is then the
only uncertainty; with neither, only an exact match agrees). A cell that does not agree is
**explained** when it has a ``reason`` and **unexplained** otherwise; a cell with a ``status`` is
**not reproduced**. The 95 % interval of the reproduction (t over replicates, normal for a binomial
SE) is shown beside the verdict, but the verdict is the 3-SE rule's alone.
"""

from decimal import Decimal, InvalidOperation

import numpy as np
import pandas as pd
from scipy import stats

from .io import read_json, write_json, write_table
from .report import write_markdown

__all__ = [
    "COLUMNS",
    "VERDICTS",
    "agrees",
    "binomial_se",
    "cell_frame",
    "interval",
    "judge",
    "read_comparison",
    "rounding_half_width",
    "index_lines",
    "misses_lines",
    "render_cell",
    "render_table",
    "summary",
    "summary_lines",
    "write_comparison",
    "write_index",
]

#: The verdicts, in the order a summary lists them.
VERDICTS = ("agrees", "explained", "unexplained", "not reproduced")
#: ``results/<paper>/comparison.csv``: one row per published cell.
COLUMNS = ["paper", "target", "row", "column", "published", "published_se", "published_se_source",
           "reproduced", "reproduced_se", "reproduced_se_source", "n_replicates", "difference",
           "combined_se", "ci_low", "ci_high", "substitute", "repeat_of", "status", "verdict", "reason"]
#: Agreement threshold, in combined standard errors.
K_SE = 3.0


def binomial_se(error, n_test, percent=True):
    """Standard error of a test error estimated on ``n_test`` points (``error`` in % if ``percent``)."""
    scale = 100.0 if percent else 1.0
    p = np.asarray(error, dtype=float) / scale
    n = np.asarray(n_test, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return scale * np.sqrt(p * (1.0 - p) / n)


def rounding_half_width(printed):
    """Half a unit of the last printed digit: ``"0.7"`` → 0.05, ``".14"`` → 0.005, ``"12"`` → 0.5.

    NaN for a blank or non-numeric cell. The printed text is read, not the float, so that trailing
    zeros count ("2.50" → 0.005).
    """
    text = str(printed).strip().replace("−", "-")
    try:
        exponent = Decimal(text).as_tuple().exponent
    except InvalidOperation:
        return float("nan")
    if not isinstance(exponent, int):     # NaN or infinity
        return float("nan")
    return 0.5 * 10.0 ** exponent


def interval(reproduced, se, n_replicates, level=0.95):
    """Two-sided interval of the reproduction: mean ± t_{n−1}·SE over replicates, or ± z·SE where
    there is one replicate and the SE is a binomial one. Returns ``(low, high)`` arrays."""
    r, s = np.asarray(reproduced, dtype=float), np.asarray(se, dtype=float)
    n = np.asarray(n_replicates, dtype=float)
    q = 0.5 + level / 2
    crit = np.where(n > 1, stats.t.ppf(q, np.maximum(n - 1, 1)), stats.norm.ppf(q))
    return r - crit * s, r + crit * s


def agrees(published, reproduced, published_se, reproduced_se):
    """The rule: ``|published − reproduced| ≤ 3 · combined SE``, a missing SE counted as zero.

    Returns ``(agrees, combined_se)``; ``agrees`` is False where either number is missing.
    """
    p, r = np.asarray(published, dtype=float), np.asarray(reproduced, dtype=float)
    ps = np.nan_to_num(np.asarray(published_se, dtype=float), nan=0.0)
    rs = np.nan_to_num(np.asarray(reproduced_se, dtype=float), nan=0.0)
    combined = np.sqrt(ps**2 + rs**2)
    # A tiny slack so that a cell printed to the same rounding as its reproduction agrees exactly.
    ok = np.abs(p - r) <= K_SE * combined + 1e-12
    return ok & np.isfinite(p) & np.isfinite(r), combined


def cell_frame(paper, rows):
    """A cell frame from dicts holding (some of) :data:`COLUMNS`; the others are filled with their
    empty values. ``paper`` fills the ``paper`` column."""
    frame = pd.DataFrame(list(rows))
    defaults = {"published_se": np.nan, "published_se_source": "", "reproduced": np.nan,
                "reproduced_se": np.nan, "reproduced_se_source": "", "n_replicates": 0,
                "substitute": False, "repeat_of": "", "status": "", "reason": ""}
    for column, value in defaults.items():
        if column not in frame.columns:
            frame[column] = value
    frame["paper"] = paper
    for column in ("published_se_source", "reproduced_se_source", "repeat_of", "status", "reason"):
        frame[column] = frame[column].astype(object).fillna("").astype(str)
    frame["substitute"] = frame["substitute"].fillna(False).astype(bool)
    frame["n_replicates"] = frame["n_replicates"].fillna(0).astype(int)
    return frame


def judge(cells):
    """Add ``difference``, ``combined_se``, ``ci_low``, ``ci_high`` and ``verdict`` to a cell frame.

    The verdict of a cell follows from its own numbers by the rule of the module docstring; a
    ``reason`` is kept only on a cell that does not agree (an agreeing cell needs none).
    """
    out = cell_frame(cells["paper"].iloc[0] if len(cells) else "", cells.to_dict("records"))
    ok, combined = agrees(out["published"], out["reproduced"], out["published_se"], out["reproduced_se"])
    low, high = interval(out["reproduced"], out["reproduced_se"], out["n_replicates"])
    out["difference"] = out["reproduced"].astype(float) - out["published"].astype(float)
    out["combined_se"], out["ci_low"], out["ci_high"] = combined, low, high
    missing = (out["status"] != "") | out["reproduced"].isna() | out["published"].isna()
    verdict = np.where(ok, "agrees", np.where(out["reason"] != "", "explained", "unexplained"))
    out["verdict"] = np.where(missing, "not reproduced", verdict)
    out.loc[out["verdict"] == "agrees", "reason"] = ""
    out.loc[missing & (out["reason"] == ""), "reason"] = out.loc[missing & (out["reason"] == ""), "status"]
    return out[COLUMNS].reset_index(drop=True)


def summary(cells, claims=None):
    """The headline of a paper: cell counts by verdict (substitute rows and repeats of another
    cell's run left out and counted apart), the share inside the reproduced 95 % interval, the mean
    |difference|, and the claims holding on the published and on the reproduced numbers
    (``claims``: a frame with ``holds_published`` and ``holds_reproduced``)."""
    repeat = cells["repeat_of"].fillna("").astype(str) != ""
    head = cells[~cells["substitute"].astype(bool) & ~repeat]
    compared = head[head["verdict"] != "not reproduced"]
    inside = (compared["published"] >= compared["ci_low"]) & (compared["published"] <= compared["ci_high"])
    out = {"cells": int(len(head)), "compared": int(len(compared)),
           **{v.replace(" ", "_"): int((head["verdict"] == v).sum()) for v in VERDICTS},
           "inside_95": int(inside.sum()),
           "mean_abs_difference": float(compared["difference"].abs().mean()) if len(compared) else np.nan,
           "substitute_cells": int(cells["substitute"].astype(bool).sum()),
           "repeated_cells": int((repeat & ~cells["substitute"].astype(bool)).sum())}
    if claims is not None and len(claims):
        for side in ("published", "reproduced"):
            column = claims[f"holds_{side}"]
            out[f"claims_{side}_judged"] = int(column.notna().sum())
            out[f"claims_{side}_holding"] = int(column.eq(True).sum())
    return out


def write_comparison(cells, path, sweeps=None, claims=None, summary_path=None):
    """Judge ``cells``, explain their misses by ``sweeps`` (:func:`explain`) and write them to
    ``path`` (``results/<paper>/comparison.csv``); with ``summary_path``, write the headline
    (:func:`summary`, with ``claims``) as JSON there too, for the index of every paper's summary.

    Returns ``(judged cells, readings, summary)``.
    """
    judged, readings = explain(judge(cells), sweeps)
    counts = summary(judged, claims)
    write_table(judged, path)
    if summary_path is not None:
        write_json(counts, summary_path)
    return judged, readings, counts


def read_comparison(path):
    """A written ``comparison.csv`` back as a cell frame (blank texts as empty strings)."""
    texts = ("published_se_source", "reproduced_se_source", "repeat_of", "status", "reason", "row", "column",
             "target")
    frame = pd.read_csv(path, keep_default_na=True, dtype=dict.fromkeys(texts, object))
    for column in texts:
        frame[column] = frame[column].fillna("").astype(str)
    frame["substitute"] = frame["substitute"].astype(str).str.lower().eq("true")
    return frame


# --- rendering ---------------------------------------------------------------------------------

#: The mark of each verdict in a rendered cell.
MARKS = {"agrees": "", "explained": " †", "unexplained": " ✗", "not reproduced": ""}
LEGEND = ("Each cell: *published ±its uncertainty / reproduced ±SE [95 % interval]*. A cell agrees when "
          "the two differ by at most 3 combined SE (√(published SE² + reproduced SE²)); † marks a miss "
          "with a measured explanation (section *Misses, explained*), ✗ a miss without one; "
          "*n.r.* a cell not reproduced, with its reason in the CSV.")


def _number(value, digits):
    return "—" if value is None or not np.isfinite(float(value)) else f"{float(value):.{digits}f}"


def render_cell(cell, digits=1):
    """One cell as *published ±SE / reproduced ±SE [low, high]* with its verdict's mark."""
    published = _number(cell["published"], digits)
    if np.isfinite(float(cell["published_se"])):
        published += f" ±{_number(cell['published_se'], digits + 1)}"
    if cell["verdict"] == "not reproduced":
        return f"{published} / *n.r.*"
    reproduced = _number(cell["reproduced"], digits)
    if np.isfinite(float(cell["reproduced_se"])):
        reproduced += (f" ±{_number(cell['reproduced_se'], digits + 1)} "
                       f"[{_number(cell['ci_low'], digits)}, {_number(cell['ci_high'], digits)}]")
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


def summary_lines(counts):
    """The summary every report opens with, from :func:`summary`."""
    compared = counts["compared"]

    def share(n):
        return f"{n} ({100 * n / compared:.1f} %)" if compared else str(n)

    lines = ["| cells compared | agree (≤ 3 combined SE) | explained | unexplained | not reproduced | "
             "published inside the reproduced 95 % interval | mean abs. difference |",
             "|---|---|---|---|---|---|---|",
             f"| {compared} | {share(counts['agrees'])} | {share(counts['explained'])} | "
             f"{share(counts['unexplained'])} | {counts['not_reproduced']} | {share(counts['inside_95'])} | "
             f"{_number(counts['mean_abs_difference'], 3)} |", ""]
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
    return lines


# --- misses, explained by measured sweeps ------------------------------------------------------

#: ``results/<paper>/sensitivity/<group>.csv``: one row per (reading, cell) of a sweep.
SWEEP_COLUMNS = ["group", "reading", "description", "target", "row", "column", "reproduced",
                 "reproduced_se", "n_replicates"]
_KEY = ["target", "row", "column"]


def judge_sweep(cells, sweep, default_reading="default"):
    """Each reading of a sweep judged against the published cells it re-reproduces.

    Returns the sweep's rows with ``published``, ``published_se``, ``combined_se``, ``agrees``,
    ``missed_by_default`` (the cell does not agree in the full-cost build) and ``explains``: the
    reading agrees where the sweep's own ``default_reading`` row of the same cell, run at the same
    reduced cost, does not (a cheaper run has larger SEs, so only a comparison at equal cost says
    that the reading, not the cost, moved the cell; where the sweep has no default row, the
    full-cost verdict stands in).
    """
    published = cells[[*_KEY, "published", "published_se", "verdict"]]
    merged = sweep.merge(published, on=_KEY, how="inner")
    ok, combined = agrees(merged["published"], merged["reproduced"], merged["published_se"],
                          merged["reproduced_se"])
    merged = merged.assign(combined_se=combined, agrees=ok,
                           missed_by_default=merged["verdict"].isin(["unexplained", "explained"])
                           ).drop(columns="verdict")
    base = merged[merged["reading"] == default_reading].set_index(["group", *_KEY])["agrees"]
    base = base[~base.index.duplicated()]
    keys = pd.MultiIndex.from_frame(merged[["group", *_KEY]])
    sweep_default_agrees = base.reindex(keys).to_numpy()
    stand_in = ~merged["missed_by_default"].to_numpy()
    sweep_default_agrees = np.where(pd.isna(sweep_default_agrees), stand_in,
                                    sweep_default_agrees).astype(bool)
    explains = (merged["agrees"] & merged["missed_by_default"] & ~sweep_default_agrees
                & (merged["reading"] != default_reading))
    return merged.assign(explains=explains)


def readings_table(judged):
    """Per (group, reading): cells swept, cells agreeing, default misses brought within 3 SE."""
    grouped = judged.groupby(["group", "reading"], sort=False)
    return pd.DataFrame({
        "description": grouped["description"].first(),
        "cells": grouped.size(),
        "agree": grouped["agrees"].sum().astype(int),
        "default_misses": grouped["missed_by_default"].sum().astype(int),
        "misses_now_agreeing": grouped.apply(lambda g: int((g["agrees"] & g["missed_by_default"]).sum()),
                                             include_groups=False),
        "misses_explained": grouped["explains"].sum().astype(int),
        "mean_abs_difference": grouped.apply(lambda g: float((g["reproduced"] - g["published"]).abs().mean()),
                                             include_groups=False),
    }).reset_index()


def explain(cells, sweeps, default_reading="default"):
    """Attach a measured reason to each default miss that some reading of its group's sweep brings
    within 3 combined SE where the sweep's own default reading, at the same cost, does not
    (:func:`judge_sweep`): the reading that does so for the most of the group's misses (the first
    listed on a tie) is the group's explanation, and each miss it explains is *explained*. Misses
    it does not explain keep their verdict.

    Parameters
    ----------
    cells : DataFrame
        A judged cell frame (:func:`judge`).
    sweeps : DataFrame
        Rows of :data:`SWEEP_COLUMNS`, every group's readings, the default reading among them.

    Returns
    -------
    cells : DataFrame
        Judged again with the reasons added.
    readings : DataFrame
        :func:`readings_table` with ``chosen`` marking each group's explaining reading.
    """
    if sweeps is None or sweeps.empty:
        return cells, pd.DataFrame(columns=["group", "reading", "description", "cells", "agree",
                                            "default_misses", "misses_now_agreeing", "misses_explained",
                                            "mean_abs_difference", "chosen"])
    judged = judge_sweep(cells, sweeps, default_reading)
    readings = readings_table(judged)
    alternatives = readings[readings["reading"] != default_reading]
    chosen = set()
    reasons = {}
    for group, options in alternatives.groupby("group", sort=False):
        best = options.loc[options["misses_explained"].idxmax()]
        if best["misses_explained"] == 0:
            continue
        chosen.add((group, best["reading"]))
        rows = judged[(judged["group"] == group) & (judged["reading"] == best["reading"])
                      & judged["explains"]]
        for r in rows.itertuples():
            reasons.setdefault((r.target, r.row, r.column),
                               f"agrees under reading `{best['reading']}` ({best['description']}): "
                               f"{r.reproduced:.3g} ±{r.reproduced_se:.2g}")
    pairs = zip(readings["group"], readings["reading"], strict=True)
    readings["chosen"] = [pair in chosen for pair in pairs]
    out = cells.copy()
    keys = list(zip(out["target"], out["row"], out["column"], strict=True))
    missed = out["verdict"].isin(["unexplained", "explained"])
    out["reason"] = [reasons.get(k, reason) if m and not reason else reason
                     for k, m, reason in zip(keys, missed, out["reason"], strict=True)]
    return judge(out), readings


def misses_lines(cells, readings):
    """The report's section "Misses, explained": each swept group, every reading tried with its
    cells, which reading brings the group within 3 combined SE, and the group's verdict."""
    lines = ["## Misses, explained", ""]
    headline = ~cells["substitute"].astype(bool) & (cells["repeat_of"].fillna("").astype(str) == "")
    misses = cells[cells["verdict"].isin(["explained", "unexplained"]) & headline]
    lines += [f"{len(misses)} compared cells do not agree under the default reading; "
              f"{int((misses['verdict'] == 'explained').sum())} of them have a measured explanation. A "
              "sweep re-runs a group's cells under each alternative reading at reduced cost, beside its "
              "default reading at the same cost; a reading explains a miss when it agrees where that "
              "same-cost default run does not.", ""]
    if readings is None or readings.empty:
        return lines + ["No sensitivity sweep has been run for this paper's misses.", ""]
    for group, rows in readings.groupby("group", sort=False):
        lines += [f"### {group}", "", "| reading | what changes | cells | agree | default misses now "
                  "agreeing | of them, missed by the sweep's own default run | mean abs. difference |",
                  "|---|---|---|---|---|---|---|"]
        for r in rows.itertuples():
            name = f"**{r.reading}**" if r.chosen else r.reading
            lines.append(f"| {name} | {r.description} | {r.cells} | {r.agree} | {r.misses_now_agreeing} of "
                         f"{r.default_misses} | {r.misses_explained} | {_number(r.mean_abs_difference, 3)} |")
        best = rows[rows["chosen"]]
        if rows["default_misses"].max() == 0:
            verdict = "the group's cells all agree under the default reading: nothing to explain."
        elif best.empty:
            verdict = "no reading tried brings a miss of this group within 3 combined SE: **unexplained**."
        else:
            b = best.iloc[0]
            whole = "the whole group" if b.misses_explained == b.default_misses else (
                f"{b.misses_explained} of its {b.default_misses} misses")
            verdict = f"reproduced under reading `{b.reading}` for {whole}."
        lines += ["", f"Verdict: {verdict}", ""]
    return lines


# --- the index of every paper's summary --------------------------------------------------------

def index_lines(summaries, scale):
    """``reports/README.md``: one row per paper from its ``comparison_summary.json`` (``summaries``:
    ``{paper: summary dict}`` in the order to list them)."""
    lines = [f"# Reproduction reports ({scale} scale)", "",
             "One row per document, from `results/<paper>/comparison.csv` (one row per published cell). "
             "A cell **agrees** when |published − reproduced| ≤ 3 combined SE; a miss is **explained** "
             "when a measured sweep or measurement accounts for it, **unexplained** otherwise; cells "
             "on substitute data and re-printed runs are left out of the counts. Each paper's report "
             "holds the tables cell by cell and the section *Misses, explained*.", "",
             "| report | cells compared | agree | explained | unexplained | not reproduced | "
             "inside the 95 % interval | mean abs. difference | claims holding (published) | "
             "claims holding (reproduced) |", "|---|---|---|---|---|---|---|---|---|---|"]
    suffix = "" if scale == "paper" else f".{scale}"
    for paper, s in summaries.items():
        compared = s["compared"]

        def share(n, total=compared):
            return f"{n} ({100 * n / total:.1f} %)" if total else str(n)

        claims = [f"{s.get(f'claims_{side}_holding', 0)} of {s.get(f'claims_{side}_judged', 0)}"
                  for side in ("published", "reproduced")]
        mean = s.get("mean_abs_difference")
        lines.append(f"| [{paper}]({paper}{suffix}.md) | {compared} | {share(s['agrees'])} | "
                     f"{share(s['explained'])} | {share(s['unexplained'])} | {s['not_reproduced']} | "
                     f"{share(s['inside_95'])} | {_number(mean if mean is not None else np.nan, 3)} | "
                     f"{claims[0]} | {claims[1]} |")
    return lines + ["", "Differences are in each table's own unit (error tables in percentage points, "
                    "Valentini's in fractions); compare a paper's mean difference with its own cells "
                    "only.", ""]


def write_index(summary_paths, scale, path):
    """Read each paper's summary JSON (``{paper: path}``) and write the index to ``path``."""
    write_markdown(index_lines({paper: read_json(p) for paper, p in summary_paths.items()}, scale), path)
