"""Misses explained by measured sweeps: a group's cells re-run under each alternative reading the
spec's ambiguities allow, beside the default reading at the same reduced cost; the sweeps' files
read, and the paper's comparison written with the explanations found."""

import copy

import numpy as np
import pandas as pd

from ..io import write_json, write_table
from .render import number
from .rule import agrees, judge, summary

__all__ = ["NOTHING_TRIED", "SWEEP_COLUMNS", "apply_reading", "comparison_step", "explain", "judge_sweep",
           "misses_lines", "read_sweeps", "readings_table", "write_comparison"]


#: ``results/<paper>/sensitivity/<group>.csv``: one row per (reading, cell) of a sweep. An optional
#: ``baseline`` column names the default reading run at the same cost as the row's reading (empty: the
#: sweep's ``default``), for sweeps whose readings run at more than one cost.
_KEY = ["target", "row", "column"]
SWEEP_COLUMNS = ["group", "reading", "description", "target", "row", "column", "reproduced",
                 "reproduced_se", "n_replicates"]


def apply_reading(section, overrides, paper):
    """A copy of a paper's config ``section`` with each dotted option of ``overrides`` (a sweep
    reading's ``set``, e.g. ``{"options.concentric.generator": "gaussian_ring"}``) set; an option the
    section does not have raises ``KeyError`` naming it, so a typo never runs as the default."""
    out = copy.deepcopy(section)
    for dotted, value in overrides.items():
        *parents, leaf = dotted.split(".")
        node = out
        for key in [*parents, leaf]:
            if not isinstance(node, dict) or key not in node:
                raise KeyError(f"{paper} sensitivity: no option {dotted!r} in the {paper} section")
            parent, node = node, node[key]
        parent[leaf] = copy.deepcopy(value)
    return out


def read_sweeps(paths):
    """A paper's sweeps (``results/<paper>/sensitivity/<group>.csv``) read as one frame of their rows.

    The key and text columns are read as text, so that a row or reading named like a number keeps
    its name. A sweep without rows adds none (a group may have no swept data set at a scale); with
    no sweep at all the frame is empty, with the columns of the first sweep, or else of
    :data:`SWEEP_COLUMNS`.
    """
    texts = dict.fromkeys(["group", "reading", "description", "target", "row", "column", "baseline"], str)
    frames = [pd.read_csv(p, dtype=texts) for p in paths]
    kept = [f for f in frames if len(f)] or frames[:1]
    return pd.concat(kept, ignore_index=True) if kept else pd.DataFrame(columns=SWEEP_COLUMNS)


def _baselines(sweep, default_reading):
    """Each row's same-cost default reading, and the set of readings that serve as one."""
    if "baseline" not in sweep:
        column = pd.Series(default_reading, index=sweep.index)
    else:
        column = sweep["baseline"].fillna("").astype(str).replace("", default_reading)
    return column, {default_reading, *column.unique()}


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
    baseline, defaults = _baselines(sweep, default_reading)
    merged = sweep.assign(baseline=baseline).merge(published, on=_KEY, how="inner")
    ok, combined = agrees(merged["published"], merged["reproduced"], merged["published_se"],
                          merged["reproduced_se"])
    merged = merged.assign(combined_se=combined, agrees=ok,
                           missed_by_default=merged["verdict"].isin(["unexplained", "explained"])
                           ).drop(columns="verdict")
    base = merged[merged["reading"].isin(defaults)].set_index(["group", "reading", *_KEY])["agrees"]
    base = base[~base.index.duplicated()]
    keys = pd.MultiIndex.from_frame(merged[["group", "baseline", *_KEY]])
    sweep_default_agrees = base.reindex(keys).to_numpy()
    stand_in = ~merged["missed_by_default"].to_numpy()
    sweep_default_agrees = np.where(pd.isna(sweep_default_agrees), stand_in,
                                    sweep_default_agrees).astype(bool)
    explains = (merged["agrees"] & merged["missed_by_default"] & ~sweep_default_agrees
                & ~merged["reading"].isin(defaults))
    return merged.assign(explains=explains, is_default=merged["reading"].isin(defaults))


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
        return judge(_with_tried(cells, None)), pd.DataFrame(columns=[
            "group", "reading", "description", "cells", "agree", "default_misses", "misses_now_agreeing",
            "misses_explained", "mean_abs_difference", "chosen"])
    judged = judge_sweep(cells, sweeps, default_reading)
    readings = readings_table(judged)
    defaults = set(judged.loc[judged["is_default"], "reading"])
    alternatives = readings[~readings["reading"].isin(defaults)]
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
    return judge(_with_tried(out, judged[~judged["is_default"]])), readings


#: What an unexplained cell no sweep re-ran says it tried.
NOTHING_TRIED = "no sweep re-ran this cell: nothing tried explains it"


def _with_tried(cells, alternatives):
    """``tried`` of each miss with no reason: how many of the sweeps' alternative readings re-ran it
    (``alternatives``: :func:`judge_sweep`'s rows of the readings other than the defaults), that none
    explains it, and the one that came closest to the published number, in combined SE; or that
    no sweep re-ran it."""
    out = cells.copy()
    if "tried" not in out:
        out["tried"] = ""
    open_miss = (out["verdict"] == "unexplained") & (out["reason"].fillna("") == "")
    rows = {} if alternatives is None or alternatives.empty else {
        key: group for key, group in alternatives.groupby(_KEY, sort=False)}
    tried = []
    for key, miss, before in zip(zip(out["target"], out["row"], out["column"], strict=True), open_miss,
                                 out["tried"].fillna(""), strict=True):
        if not miss or before:
            tried.append(before)
            continue
        group = rows.get(key)
        if group is None or group.empty:
            tried.append(NOTHING_TRIED)
            continue
        with np.errstate(invalid="ignore", divide="ignore"):
            apart = (group["reproduced"] - group["published"]).abs() / group["combined_se"]
        best = group.loc[apart.fillna(np.inf).idxmin()]
        tried.append(f"{len(group)} readings re-ran it ({', '.join(dict.fromkeys(group['reading']))}), none "
                     f"explains it; closest: `{best['reading']}` {best['reproduced']:.3g} "
                     f"({float(apart.min()):.1f} combined SE apart)")
    out["tried"] = tried
    return out


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
                         f"{r.default_misses} | {r.misses_explained} | {number(r.mean_abs_difference, 3)} |")
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


def comparison_step(inputs, outputs, cells, claims=None, sweeps=None):
    """The comparison step of every paper: its ``cells`` (each published cell beside its
    reproduction, not yet judged: what only the paper knows how to read) judged by the one rule,
    their misses explained by the sweeps, and written to the step's named output ``comparison``,
    with the headline (and ``claims``) in ``summary`` (:func:`write_comparison`).

    ``inputs`` and ``outputs`` are the rule's named files (a job's ``input`` and ``output``, or
    dicts). ``sweeps``: the sweeps' rows; by default those of the named input ``sweeps``
    (:func:`read_sweeps`), none without one. Returns ``(judged cells, readings, summary)``.
    """
    if sweeps is None and inputs.get("sweeps") is not None:
        sweeps = read_sweeps(inputs.get("sweeps"))
    return write_comparison(cells, outputs["comparison"], sweeps=sweeps, claims=claims,
                            summary_path=outputs["summary"])
