"""The rule of the comparison standard: each published cell beside its reproduction, one verdict
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
* ``published_replicates``: how many replicates (runs, splits, training sets) the document's
  published mean is over, where it states the count and prints no SE of its own (decision 8);
  0 otherwise. :func:`judge` then gives the published number the SE of such a mean estimated from
  our own per-replicate spread, ``s_ours / sqrt(published_replicates)`` (one published run:
  ``s_ours``), with the SE derived before (the printed rounding's half-width, or a binomial SE)
  as its floor (kept in ``published_se_printed``), and keeps the verdict that SE alone gives in
  ``verdict_printed_se``;
* ``status``: why a cell has no reproduced number (data unavailable, not run at this scale), empty
  otherwise; ``substitute``: the row runs on substitute data and stays out of the headline figures;
* ``reason``: a measured explanation of a miss (from a sensitivity sweep or a measurement), empty if
  there is none;
* ``tried``: for a miss no measured reason explains, what was tried (the sweeps' readings that
  re-ran it, and the one that came closest), or that no sweep covers it; empty otherwise;
* ``measurement``: what a paper measured beside the cell to judge whether a miss is within reach of
  its method (printed whether or not it explains the miss), empty if nothing was measured.

:func:`judge` adds the rule's columns. A cell **agrees** when ``|published − reproduced| ≤ 3 ·
sqrt(published_se² + reproduced_se²)``; a missing SE counts as zero (the other side's is then the
only uncertainty; with neither, only an exact match agrees). A cell that does not agree is
**explained** when it has a ``reason`` and **unexplained** otherwise; a cell with a ``status`` is
**not reproduced**. The 95 % interval of the reproduction (t over replicates, normal for a binomial
SE) is shown beside the verdict, but the verdict is the 3-SE rule's alone.
"""

import re
from decimal import Decimal, InvalidOperation

import numpy as np
import pandas as pd

__all__ = ["COLUMNS", "K_SE", "VERDICTS", "agrees", "binomial_se", "cell_frame", "headline", "interval",
           "judge", "natural_key", "published_sampling_se", "read_comparison", "rounding_half_width",
           "summary", "target_summary"]

#: The verdicts, in the order a summary lists them.
VERDICTS = ("agrees", "explained", "unexplained", "not reproduced")
#: ``results/<paper>/comparison.csv``: one row per published cell.
COLUMNS = ["paper", "target", "row", "column", "published", "published_se", "published_se_source",
           "published_replicates", "published_se_printed", "reproduced", "reproduced_se",
           "reproduced_se_source", "n_replicates", "difference", "combined_se", "ci_low", "ci_high",
           "substitute", "repeat_of", "status", "verdict", "verdict_printed_se", "reason", "tried",
           "measurement"]
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
    # Imported here: every paper's steps import the framework's loop, which imports this module, and
    # a job that only builds a table or a figure then starts without scipy.stats (0.7 s of each start).
    from scipy import stats

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
    defaults = {"published_se": np.nan, "published_se_source": "", "published_replicates": 0,
                "published_se_printed": np.nan,
                "reproduced": np.nan,
                "reproduced_se": np.nan, "reproduced_se_source": "", "n_replicates": 0,
                "substitute": False, "repeat_of": "", "status": "", "reason": "", "tried": "",
                "measurement": ""}
    for column, value in defaults.items():
        if column not in frame.columns:
            frame[column] = value
    frame["paper"] = paper
    for column in ("published_se_source", "reproduced_se_source", "repeat_of", "status", "reason", "tried",
                   "measurement"):
        frame[column] = frame[column].astype(object).fillna("").astype(str)
    frame["substitute"] = frame["substitute"].fillna(False).astype(bool)
    frame["n_replicates"] = frame["n_replicates"].fillna(0).astype(int)
    frame["published_replicates"] = frame["published_replicates"].fillna(0).astype(int)
    return frame


def published_sampling_se(reproduced_se, n_replicates, published_replicates):
    """Decision 8: the SE of a published mean over ``published_replicates`` replicates, estimated
    from our per-replicate spread of the same cell, ``s_ours / sqrt(n_pub)``.

    ``s_ours`` is ``reproduced_se · sqrt(n_replicates)`` (the SE of our mean back to one replicate's
    spread); with one replicate of ours, its SE is already one run's. NaN where the document states
    no count (``published_replicates`` 0) or we have no spread.
    """
    se = np.asarray(reproduced_se, dtype=float)
    n = np.asarray(n_replicates, dtype=float)
    n_pub = np.asarray(published_replicates, dtype=float)
    spread = se * np.sqrt(np.maximum(n, 1.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n_pub > 0, spread / np.sqrt(n_pub), np.nan)


def _with_published_sampling(frame):
    """``published_se`` raised to the published mean's sampling SE where decision 8 applies, the SE
    derived before (``published_se_printed``, set here on a first judgement) staying its floor, and
    ``published_se_source`` saying which one the verdict uses. Judging again changes nothing."""
    out = frame.copy()
    floor = np.where(out["published_se_printed"].isna(), out["published_se"], out["published_se_printed"])
    floor = floor.astype(float)
    sampling = published_sampling_se(out["reproduced_se"], out["n_replicates"], out["published_replicates"])
    raised = np.isfinite(sampling) & ~(sampling <= np.nan_to_num(floor, nan=0.0))
    out["published_se_printed"] = floor
    out["published_se"] = np.where(raised, sampling, floor)
    n_pub, n_ours = out["published_replicates"].to_numpy(), out["n_replicates"].to_numpy()
    sources = out["published_se_source"].to_numpy(dtype=object)
    for i in np.flatnonzero(n_pub > 0):
        if "decision 8" in sources[i]:
            continue                                  # judged before: its source already says so
        published = ("the document's single run" if n_pub[i] == 1
                     else f"the document's mean over {n_pub[i]} replicates")
        if not np.isfinite(sampling[i]):
            sources[i] = (f"{sources[i]} ({published} with no SE printed: no spread of ours to "
                          "estimate it, decision 8)")
            continue
        spread = "our one run's SE" if n_ours[i] <= 1 else f"our spread over {n_ours[i]} replicates"
        rule = (f"s_ours/√{n_pub[i]} = {sampling[i]:.3g} ({spread}; {published} with no SE printed: "
                "decision 8)")
        sources[i] = (f"{rule}; floor: {sources[i]}" if raised[i]
                      else f"{sources[i]} (the floor; {rule} is smaller)")
    out["published_se_source"] = sources
    return out


def judge(cells):
    """Add ``difference``, ``combined_se``, ``ci_low``, ``ci_high`` and ``verdict`` to a cell frame.

    The verdict of a cell follows from its own numbers by the rule of the module docstring; a
    ``reason`` is kept only on a cell that does not agree (an agreeing cell needs none).
    """
    out = cell_frame(cells["paper"].iloc[0] if len(cells) else "", cells.to_dict("records"))
    out = _with_published_sampling(out)
    printed_ok, _ = agrees(out["published"], out["reproduced"], out["published_se_printed"],
                           out["reproduced_se"])
    ok, combined = agrees(out["published"], out["reproduced"], out["published_se"], out["reproduced_se"])
    low, high = interval(out["reproduced"], out["reproduced_se"], out["n_replicates"])
    out["difference"] = out["reproduced"].astype(float) - out["published"].astype(float)
    out["combined_se"], out["ci_low"], out["ci_high"] = combined, low, high
    missing = (out["status"] != "") | out["reproduced"].isna() | out["published"].isna()
    verdict = np.where(ok, "agrees", np.where(out["reason"] != "", "explained", "unexplained"))
    out["verdict"] = np.where(missing, "not reproduced", verdict)
    # The verdict on the SE derived before decision 8, so that a report lists the cells it moved.
    printed = np.where(printed_ok, "agrees", np.where(out["reason"] != "", "explained", "unexplained"))
    out["verdict_printed_se"] = np.where(missing, "not reproduced", printed)
    out.loc[out["verdict"] == "agrees", "reason"] = ""
    out.loc[out["verdict"] != "unexplained", "tried"] = ""
    out.loc[missing & (out["reason"] == ""), "reason"] = out.loc[missing & (out["reason"] == ""), "status"]
    return out[COLUMNS].reset_index(drop=True)


def headline(cells):
    """The cells a summary counts: those neither on substitute data nor re-printing a run already
    counted (``repeat_of``)."""
    repeat = cells["repeat_of"].fillna("").astype(str) != ""
    return cells[~cells["substitute"].astype(bool) & ~repeat]


def natural_key(text):
    """Sort key that reads the digits in a name as numbers: ``table_2_2`` before ``table_2_19``."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part)
            for part in re.split(r"(\d+)", str(text)) if part]


def target_summary(cells, order=()):
    """Per target: the cells :func:`summary` counts (``compared``, then one column per verdict),
    and those it leaves out (``substitute`` data, ``repeats`` of a run already counted).

    Targets come in ``order`` (the paper's order of its tables), those it does not name after them
    in :func:`natural_key` order, so that ``table_2_2`` comes before ``table_2_19``.
    """
    named = [t for t in dict.fromkeys(order) if t in set(cells["target"])]
    rest = sorted(set(cells["target"]) - set(named), key=natural_key)
    rows = []
    for target in named + rest:
        group = cells[cells["target"] == target]
        head = headline(group)
        repeat = group["repeat_of"].fillna("").astype(str) != ""
        rows.append({"target": target, "compared": int((head["verdict"] != "not reproduced").sum()),
                     **{v.replace(" ", "_"): int((head["verdict"] == v).sum()) for v in VERDICTS},
                     "substitute": int(group["substitute"].astype(bool).sum()),
                     "repeats": int((repeat & ~group["substitute"].astype(bool)).sum())})
    columns = ["target", "compared", *(v.replace(" ", "_") for v in VERDICTS), "substitute", "repeats"]
    return pd.DataFrame(rows, columns=columns)


def summary(cells, claims=None):
    """The headline of a paper: cell counts by verdict (substitute rows and repeats of another
    cell's run left out and counted apart), the share inside the reproduced 95 % interval, the mean
    |difference|, and the claims holding on the published and on the reproduced numbers
    (``claims``: a frame with ``holds_published`` and ``holds_reproduced``), and, where they were
    judged against the replicates' noise (``verdict_reproduced``), how many hold, fail and are
    undecided."""
    repeat = cells["repeat_of"].fillna("").astype(str) != ""
    head = headline(cells)
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
        if "verdict_reproduced" in claims:
            # Against the replicates' noise: holds, fails or undecided on resamples of the replicates.
            verdicts = claims["verdict_reproduced"].fillna("")
            for verdict in ("holds", "fails", "undecided"):
                out[f"claims_noise_{verdict}"] = int((verdicts == verdict).sum())
    return out


def read_comparison(path):
    """A written ``comparison.csv`` back as a cell frame (blank texts as empty strings; a file written
    before a text column existed, such as ``measurement``, reads it as empty)."""
    texts = ("published_se_source", "reproduced_se_source", "repeat_of", "status", "reason", "measurement",
             "row", "column", "target", "verdict_printed_se", "tried")
    frame = pd.read_csv(path, keep_default_na=True, dtype=dict.fromkeys(texts, object))
    for column in texts:
        frame[column] = frame[column].fillna("").astype(str) if column in frame else ""
    frame["substitute"] = frame["substitute"].astype(str).str.lower().eq("true")
    return frame
