"""Markdown tables of ``reports/valentini2003.md``: each reproduced table beside the published one,
cell by cell, with the thesis's internally inconsistent cells flagged (``inconsistent_cells.csv``)."""

import numpy as np
import pandas as pd

__all__ = ["MARKS", "beside_lines", "flag_notes", "reference_lines", "table_4_1_lines"]

#: Flags of a published cell that disagrees with the thesis's own numbers in the same row: beyond
#: what rounding of the printed errors allows, or only within it (``within_rounding``).
MARKS = {False: "‡", True: "†"}
FLAG_LEGEND = ("‡ marks a printed cell that the thesis's own numbers contradict beyond rounding "
               "(internally inconsistent in the source); † one that a recomputation from the printed "
               "errors misses, but only within their rounding. Both are compared as printed.")


def _blank(value):
    return value is None or (isinstance(value, float) and np.isnan(value)) or value == ""


def _number(value, digits):
    """A reproduced number: ``digits`` decimals, ``g`` for ``digits=None`` (grid values), — if missing."""
    if _blank(value):
        return "—"
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    return f"{float(value):g}" if digits is None else f"{float(value):.{digits}f}"


def _marks(inconsistent, table_id):
    """``{(dataset, kernel, column): (mark, row)}`` of one table's flagged published cells."""
    if inconsistent is None:
        return {}
    rows = inconsistent[inconsistent["table"] == table_id]
    return {(r.dataset, r.kernel, r.column): (MARKS[_truthy(r.within_rounding)], r)
            for r in rows.itertuples()}


def _truthy(value):
    return str(value).strip().lower() in ("true", "1", "yes")


def flag_notes(inconsistent, table_id, label):
    """One line per flagged cell of ``table_id``: printed, recomputed and the range rounding allows."""
    lines = []
    for (dataset, kernel, column), (mark, r) in _marks(inconsistent, table_id).items():
        kind = "within rounding" if mark == MARKS[True] else "inconsistent beyond rounding"
        lines.append(f"- {mark} {label}, {dataset}, {kernel}, `{column}`: printed {r.printed:g}, recomputed "
                     f"from the thesis's own errors {r.recomputed:g} (rounding allows {r.recomputed_low:g}–"
                     f"{r.recomputed_high:g}): **{kind}**.")
    return lines + [""] if lines else []


def _row_label(published_row, ours):
    label = f"{published_row['dataset']} | {published_row['kernel']}"
    if ours is not None and _truthy(ours.get("substitute", False)):
        label = label.replace("Musk |", "Musk (Musk1 substitute) |")
    return label


def beside_lines(published, reproduced, columns, table_id=None, inconsistent=None, extra=None):
    """A Markdown table, one row per published row: every cell *published / reproduced*.

    Parameters
    ----------
    published : DataFrame
        The published CSV read as strings (cells shown as printed).
    reproduced : DataFrame or None
        The reproduced table (``dataset``, ``kernel`` as the thesis labels them).
    columns : list of (header, published column, reproduced column or callable, digits)
        A callable gets the reproduced row and returns the cell text.
    extra : (header, callable) or None
        A last column from the reproduced row only (e.g. the selected settings).
    """
    marks = _marks(inconsistent, table_id)
    header = ["data set", "kernel", *(c[0] for c in columns)] + ([extra[0]] if extra else [])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    mine = {} if reproduced is None else {(r["dataset"], r["kernel"]): r for _, r in reproduced.iterrows()}
    for _, row in published.iterrows():
        ours = mine.get((row["dataset"], row["kernel"]))
        cells = []
        for _, pub_col, rep_col, digits in columns:
            pub = row[pub_col] if pub_col else ""
            pub = "—" if _blank(pub) else str(pub)
            pub += marks.get((row["dataset"], row["kernel"], pub_col), ("",))[0]
            if ours is None:
                cells.append(f"{pub} / *not run*")
                continue
            rep = rep_col(ours) if callable(rep_col) else _number(ours.get(rep_col), digits)
            cells.append(f"{pub} / {rep}")
        if extra:
            cells.append("—" if ours is None else extra[1](ours))
        lines.append(f"| {_row_label(row, ours)} | " + " | ".join(cells) + " |")
    return lines + [""]


def mean_gap(published, reproduced, pairs):
    """Mean |reproduced − published| over the numeric cells of ``pairs`` (published, reproduced column)."""
    both = published.merge(reproduced, on=["dataset", "kernel"], suffixes=("_pub", ""))
    gaps = []
    for pub_col, rep_col in pairs:
        pub = pd.to_numeric(both[pub_col + ("_pub" if pub_col == rep_col else "")], errors="coerce")
        gaps.append((pd.to_numeric(both[rep_col], errors="coerce") - pub).abs())
    values = pd.concat(gaps).dropna() if gaps else pd.Series(dtype=float)
    return (float(values.mean()) if len(values) else np.nan), int(len(values))


def table_4_1_lines(table):
    """Table 4.1: every quantity *published / this run's data pipeline*, with the loader's note."""
    quantities = ["n_attributes", "train_sample_size", "n_train_sets", "base_train_set_size", "test_set_size"]
    names = ["attributes", "sample size s", "training samples n", "base training set 𝒟", "test set 𝒯"]
    lines = ["| data set | " + " | ".join(names) + " | note |", "|---|" + "---|" * (len(names) + 1)]
    for _, row in table.iterrows():
        cells = [f"{row[f'published_{q}']} / {row[q]}" for q in quantities]
        note = "" if _blank(row.get("note")) else str(row["note"])
        lines.append(f"| {row['dataset']} | " + " | ".join(cells) + f" | {note} |")
    return lines + [""]


def reference_lines(table, table_id, inconsistent=None):
    """A reference-only table (GCM, Tables 6.3-6.5): the printed cells, flagged where inconsistent."""
    columns = [c for c in table.columns if c not in ("status", "scale")]
    marks = _marks(inconsistent, table_id)
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for _, row in table.iterrows():
        key = row[columns[0]]
        cells = [f"{row[c]}{marks.get(('GCM', key, c), ('',))[0]}" for c in columns]
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]
