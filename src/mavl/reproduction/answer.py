"""The answer every report opens with, before anything else: whether the paper reproduces.

One line (:func:`~mavl.reproduction.comparison.answer_line`: the cells that agree, the misses left
unexplained, the claims that hold against noise), one number (the share of the compared cells that
agree), then two linked lists: the cells that miss without a measured explanation (one by one where
they are few, by table where they are many) and the claims that fail or are undecided against
noise, each with its reason. The lists are cut to fit the report's first 40 lines; the two sections
:func:`unexplained_lines` and :func:`open_claims_lines` give them in full, with their numbers.

A failing claim says on which side it fails: on the published numbers too (then the check, as the
claim quantifies it, does not hold in the source, and the source's own numbers are given) or on the
reproduced numbers alone.
"""

import re

import numpy as np
import pandas as pd

from .comparison.render import answer_line, number, share_line
from .comparison.rule import headline, natural_key
from .report import heading_link

__all__ = ["MAX_ENTRIES", "SAMPLING", "answer_lines", "open_claims", "open_claims_lines", "sampling_lines",
           "unexplained", "unexplained_lines"]

#: Entries of the two lists together: with their headers, the answer fits the first 40 lines.
MAX_ENTRIES = 24
#: Up to this many unexplained cells are listed one by one; more are listed by table.
FEW_CELLS = 8
UNEXPLAINED = "Unexplained cells"
OPEN_CLAIMS = "Claims that fail or are undecided"


def unexplained(cells, order=()):
    """The cells the summary counts whose verdict is *unexplained*, their targets in ``order`` (the
    paper's order of its tables), those it does not name after them in natural order."""
    misses = headline(cells)
    misses = misses[misses["verdict"] == "unexplained"]
    named = list(dict.fromkeys(order))
    rank = {t: (0, named.index(t), []) if t in named else (1, 0, natural_key(t)) for t in misses["target"]}
    return misses.sort_values("target", key=lambda s: s.map(rank), kind="stable")


def open_claims(claims):
    """The claims whose verdict against noise (``verdict_reproduced``) is *fails*, then those whose
    verdict is *undecided*, each in the paper's order."""
    if claims is None or "verdict_reproduced" not in claims:
        return pd.DataFrame(columns=["claim_id"])
    return pd.concat([claims[claims["verdict_reproduced"] == v] for v in ("fails", "undecided")])


def _table(target):
    """A link to a target's table (its ``### <target>`` heading)."""
    return heading_link(target, f"### {target}")


def _section(name):
    return heading_link(name, f"## {name}")


def _cell_name(cell, column_labels):
    return _text(f"{cell['row']}, {column_labels.get(cell['column'], cell['column'])}")


def _apart(cell):
    """How many combined SE a cell's reproduction lies from the published value."""
    se = float(cell["combined_se"])
    return "—" if not se > 0 else f"{abs(float(cell['difference'])) / se:.1f}"


def _with_se(cell, side, digits):
    """A side's number of a cell with its SE, where it has one."""
    se = cell[f"{side}_se"]
    return number(cell[side], digits) + ("" if pd.isna(se) else f" ±{number(se, digits + 1)}")


def _cell_entries(misses, digits, column_labels):
    """One entry per unexplained cell where they are few, else one per table naming its cells."""
    if len(misses) <= FEW_CELLS:
        return [f"- {_table(c['target'])}, {_cell_name(c, column_labels)}: "
                f"published {number(c['published'], digits.get(c['target'], 1))}, reproduced "
                f"{number(c['reproduced'], digits.get(c['target'], 1))}, {_apart(c)} combined SE apart"
                for _, c in misses.iterrows()]
    entries = []
    for target, group in misses.groupby("target", sort=False):
        rows = _text("; ".join(f"{row}: " + ", ".join(column_labels.get(c, c) for c in g["column"])
                               for row, g in group.groupby("row", sort=False)))
        entries.append(f"- {_table(target)}, {len(group)} "
                       f"{'cell' if len(group) == 1 else 'cells'} ({rows})")
    return entries


def _truth(value):
    """A side's verdict: True, False or None (no verdict), also from a CSV's text."""
    if isinstance(value, str):
        return {"true": True, "false": False}.get(value.strip().lower())
    return None if pd.isna(value) else bool(value)


def _text(value):
    """Free text for Markdown: a ``*`` (as in B*) would start emphasis, a ``|`` end a table cell."""
    return re.sub(r"(?<!\\)([*|])", r"\\\1", str(value))


def _verdict(claim):
    """``**undecided** (9 % of the resamples hold)``; a claim with nothing to resample keeps its
    point verdict."""
    share = claim.get("resample_share", np.nan)
    how = ("its point verdict: nothing to resample" if pd.isna(share)
           else f"{100 * share:.0f} % of the resamples hold")
    return f"**{claim['verdict_reproduced']}** ({how})"


def _sides(claim):
    """On which side a claim fails: on the published numbers too, or on the reproduced alone."""
    published, reproduced = _truth(claim["holds_published"]), _truth(claim["holds_reproduced"])
    if published is False:
        return (f"fails on the published numbers{' too' if reproduced is False else ''}: the check as "
                f"quantified does not hold in the source, whose own numbers give "
                f"{_text(claim['values_published'])}")
    if reproduced is False:
        return ("fails on the reproduced numbers alone (the published hold)" if published else
                "fails on the reproduced numbers (the source prints none)")
    return ("holds on the published and the reproduced numbers" if published else
            "holds on the reproduced numbers (the source prints none)")


def _margin(value):
    return "—" if pd.isna(value) else f"{float(value):.3g}"


def _margins(claim):
    margins = {side: claim.get(f"margin_{side}", np.nan) for side in ("published", "reproduced")}
    shown = [f"{_margin(m)} {side}" for side, m in margins.items() if pd.notna(m)]
    return f"; margin {', '.join(shown)}" if shown else ""


def _claim_entry(claim):
    """One open claim, linked to its heading in the full list, with its verdict and reason."""
    link = heading_link(claim["claim_id"], f"### {claim['claim_id']}")
    return f"- {link} *{_text(claim['statement'])}*: {_verdict(claim)}; {_sides(claim)}{_margins(claim)}."


def _listed(entries, shown, section, what):
    """The first ``shown`` entries, and a link to ``section`` for the rest."""
    more = len(entries) - shown
    return entries[:shown] + ([f"- … and {more} more {what} under {_section(section)}."] if more > 0 else [])


def answer_lines(counts, cells, claims=None, order=(), digits=None, column_labels=None):
    """The answer a report opens with (the lines after its title): :func:`answer_line`, the share of
    the cells that agree, and the linked lists of the unexplained cells and of the open claims.

    Parameters
    ----------
    counts : dict
        The comparison's summary (``comparison_summary.json``).
    cells : DataFrame
        The judged cells.
    claims : DataFrame or None
        The claims the summary counts (for a paper with several sets, those of its headline).
    order : sequence of str
        The paper's order of its tables.
    digits, column_labels : dict or None
        Each target's printed decimals, and how the report heads each column id.
    """
    digits, column_labels = digits or {}, column_labels or {}
    misses = unexplained(cells, order)
    cell_entries = _cell_entries(misses, digits, column_labels)
    claim_entries = [_claim_entry(c) for _, c in open_claims(claims).iterrows()]
    cells_shown = min(len(cell_entries), max(MAX_ENTRIES - len(claim_entries), MAX_ENTRIES // 2))
    claims_shown = min(len(claim_entries), MAX_ENTRIES - cells_shown)
    lines = [answer_line(counts), "", share_line(counts), ""]
    if len(misses):
        lines += [f"**{len(misses)} {'cell misses' if len(misses) == 1 else 'cells miss'} without a measured "
                  f"explanation**{' (by table)' if len(misses) > FEW_CELLS else ''}, each with its numbers "
                  f"under {_section(UNEXPLAINED)}:",
                  *_listed(cell_entries, cells_shown, UNEXPLAINED, "tables"), ""]
    elif counts["compared"]:
        lines += ["**No cell misses without a measured explanation.**", ""]
    if claim_entries:
        which = "claim fails or is" if len(claim_entries) == 1 else "claims fail or are"
        lines += [f"**{len(claim_entries)} {which} undecided against noise**, each with its numbers under "
                  f"{_section(OPEN_CLAIMS)}:",
                  *_listed(claim_entries, claims_shown, OPEN_CLAIMS, "claims"), ""]
    elif claims is not None and len(claims):
        lines += ["**Every claim judged against noise holds.**", ""]
    return lines


def unexplained_lines(cells, order=(), digits=None, column_labels=None):
    """The section listing every unexplained cell with its numbers, each linked to its table; none
    where no cell is unexplained."""
    digits, column_labels = digits or {}, column_labels or {}
    misses = unexplained(cells, order)
    if misses.empty:
        return []
    measured = (misses["measurement"] != "").any()
    lines = [f"## {UNEXPLAINED}", "",
             "Every counted cell that lies more than 3 combined SE from the published value with no "
             "measured explanation, in the order of the tables (each marked ✗ in its table): published "
             "±its uncertainty, reproduced ±SE, how many combined SE apart, and what was tried: the "
             "sweeps' readings that re-ran it and the closest of them, or that nothing was.", "",
             "| table | row | column | published | reproduced | difference | combined SE apart | tried |"
             + (" measured beside it |" if measured else ""),
             "|---|---|---|---|---|---|---|---|" + ("---|" if measured else "")]
    for _, c in misses.iterrows():
        d = digits.get(c["target"], 1)
        value = {side: _with_se(c, side, d) for side in ("published", "reproduced")}
        column = _text(column_labels.get(c["column"], c["column"]))
        lines.append(f"| {_table(c['target'])} | {_text(c['row'])} | {column} | {value['published']} | "
                     f"{value['reproduced']} | {float(c['difference']):+.{d}f} | {_apart(c)} | "
                     f"{_text(c.get('tried', '')) or '—'} |"
                     + (f" {_text(c['measurement'])} |" if measured else ""))
    tried = misses["tried"] if "tried" in misses else pd.Series("", index=misses.index)
    untried = misses[tried.astype(str).str.startswith("no sweep")]
    if len(untried):
        by_table = untried.groupby("target", sort=False).size().items()
        lines += ["", f"No sweep re-ran {len(untried)} of these {len(misses)} cells: nothing tried explains "
                      "them (" + "; ".join(f"{_table(t)} {n}" for t, n in by_table) + ")."]
    return lines + [""]


#: The heading of the cells whose verdict the published side's own sampling error moved (decision 8).
SAMPLING = "Cells the published side's sampling error moved"


def sampling_lines(cells, order=(), digits=None, column_labels=None):
    """The section of decision 8: how many cells give the published number the SE of a mean over the
    document's own replicates, and every cell whose verdict that changed, both ways, with the
    verdict on the SE derived before and the one it has now."""
    digits, column_labels = digits or {}, column_labels or {}
    if "published_replicates" not in cells:
        return []
    counted = headline(cells)
    applied = counted[counted["published_replicates"] > 0]
    lines = [f"## {SAMPLING}", ""]
    if applied.empty:
        return lines + ["None: no published number here is a mean over replicates the document counts "
                        "without printing its SE (spec decision 8), so every published SE is the one "
                        "derived from the printed number.", ""]
    moved = applied[applied["verdict_printed_se"] != applied["verdict"]]
    lines += [f"{len(applied)} counted cells are means over the document's own replicates with no SE "
              "printed; each gets the SE of such a mean from our per-replicate spread, s_ours/√n_pub, "
              "the SE derived before (its rounding or binomial SE) its floor (spec decision 8). "
              f"It moved the verdict of {len(moved)} of them"
              + (":" if len(moved) else "."), ""]
    if moved.empty:
        return lines
    lines += ["| table | row | column | published | reproduced | verdict on the SE before | verdict now |",
              "|---|---|---|---|---|---|---|"]
    moved = moved.assign(_t=moved["target"].map({t: i for i, t in enumerate(order)}).fillna(len(order)))
    for _, c in moved.sort_values("_t", kind="stable").iterrows():
        d = digits.get(c["target"], 1)
        value = {side: _with_se(c, side, d) for side in ("published", "reproduced")}
        column = _text(column_labels.get(c["column"], c["column"]))
        lines.append(f"| {_table(c['target'])} | {_text(c['row'])} | {column} | {value['published']} | "
                     f"{value['reproduced']} | {c['verdict_printed_se']} | {c['verdict']} |")
    return lines + [""]


def open_claims_lines(claims, known_gaps=None):
    """The section giving each claim that fails or is undecided against noise under its own heading:
    its statement, its verdict against noise, each side's verdict with its numbers and margin, and
    the paper's known reason (``known_gaps``: claim id to reason) where it has one."""
    rows = open_claims(claims)
    if rows.empty:
        return []
    gaps = {} if known_gaps is None else dict(known_gaps)
    lines = [f"## {OPEN_CLAIMS}", "",
             "Each claim that does not hold against noise: judged again on bootstrap resamples of the "
             "replicates, it holds on too few of them to hold (undecided, inside the band "
             "`claims.undecided` sets, 5 %–95 % by default) or fails on nearly all (a claim with "
             "nothing to resample keeps its point verdict). A claim that fails on the published numbers "
             "is a check that, as quantified, does not hold in the source. Margin: the claim's number "
             "minus its threshold (positive: holds).", ""]
    for _, c in rows.iterrows():
        lines += [f"### {c['claim_id']}", "", f"*{_text(c['statement'])}*", "",
                  f"- Against noise: {_verdict(c)}."]
        for side in ("published", "reproduced"):
            verdict = {True: "holds", False: "fails", None: "no verdict"}[_truth(c[f"holds_{side}"])]
            source = (": the check as quantified does not hold in the source"
                      if side == "published" and verdict == "fails" else "")
            margin = c.get(f"margin_{side}", np.nan)
            lines.append(f"- The {side} numbers: **{verdict}**{source}; {_text(c[f'values_{side}'])}"
                         + (f" (margin {_margin(margin)})." if pd.notna(margin) else "."))
        if c["claim_id"] in gaps:
            lines.append(f"- Known gap: {gaps[c['claim_id']]}")
        lines.append("")
    return lines
