"""How different two versions of a result table are: number by number, verdicts exactly.

Used by ``mavl-manifest check --rtol/--atol`` when a file's bytes differ from the committed run.
Two cells agree when both are numbers with ``|new − ref| ≤ atol + rtol·|ref|`` (NaN matches NaN),
or when both are the same text around numbers that agree that way ("0.25 ± 0.01" against
"0.25 ± 0.0100001"). A verdict column (``holds``, ``holds_*``, ``status``, ``verdict``,
``agrees``) must match exactly, whatever the tolerance: a changed verdict is always a failure.
"""

import csv
import io
import math
import re
from dataclasses import dataclass, field

__all__ = ["TableDiff", "compare_tables", "is_verdict_column"]

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|(?<![A-Za-z])[-+]?(?:inf|nan)(?![A-Za-z])",
                     re.IGNORECASE)
_VERDICTS = {"holds", "status", "verdict", "agrees"}


def is_verdict_column(name):
    """Whether a column holds a verdict (compared exactly, never within a tolerance)."""
    return name in _VERDICTS or name.startswith("holds_")


@dataclass
class TableDiff:
    """What differs between a reference table and a new one.

    ``beyond`` and ``verdicts`` hold ``(row, column, reference, new)`` with ``row`` counted from 1
    after the header; ``structure`` says why the tables cannot be compared cell by cell.
    """

    max_abs: float = 0.0
    max_rel: float = 0.0
    n_numbers: int = 0
    beyond: list = field(default_factory=list)
    verdicts: list = field(default_factory=list)
    structure: str | None = None

    @property
    def ok(self):
        return self.structure is None and not self.beyond and not self.verdicts


def _rows(text, sep):
    return list(csv.reader(io.StringIO(text), delimiter=sep))


def _parts(cell):
    """The numbers in a cell and the text around them."""
    return [float(n) for n in _NUMBER.findall(cell)], _NUMBER.sub("#", cell)


def _close(ref, new, rtol, atol):
    if math.isnan(ref) or math.isnan(new):
        return math.isnan(ref) and math.isnan(new)
    if math.isinf(ref) or math.isinf(new):
        return ref == new
    return abs(new - ref) <= atol + rtol * abs(ref)


def compare_tables(reference, new, rtol=0.0, atol=0.0, sep=","):
    """Compare two CSV/TSV texts cell by cell; returns a :class:`TableDiff`."""
    ref_rows, new_rows = _rows(reference, sep), _rows(new, sep)
    diff = TableDiff()
    if not ref_rows or not new_rows or ref_rows[0] != new_rows[0]:
        diff.structure = "the header differs"
        return diff
    if len(ref_rows) != len(new_rows):
        diff.structure = f"{len(ref_rows) - 1} rows in the reference, {len(new_rows) - 1} now"
        return diff
    header = ref_rows[0]
    for i, (ref_row, new_row) in enumerate(zip(ref_rows[1:], new_rows[1:], strict=True), start=1):
        if len(ref_row) != len(new_row):
            diff.structure = f"row {i} has {len(ref_row)} cells in the reference, {len(new_row)} now"
            return diff
        for column, ref_cell, new_cell in zip(header, ref_row, new_row, strict=True):
            if ref_cell == new_cell:
                diff.n_numbers += len(_NUMBER.findall(ref_cell))
                continue
            where = (i, column, ref_cell, new_cell)
            if is_verdict_column(column):
                diff.verdicts.append(where)
                continue
            (ref_numbers, ref_text), (new_numbers, new_text) = _parts(ref_cell), _parts(new_cell)
            if ref_text != new_text or len(ref_numbers) != len(new_numbers):
                diff.beyond.append(where)
                continue
            diff.n_numbers += len(ref_numbers)
            close = True
            for a, b in zip(ref_numbers, new_numbers, strict=True):
                if math.isfinite(a) and math.isfinite(b):
                    diff.max_abs = max(diff.max_abs, abs(b - a))
                    if a != 0:
                        diff.max_rel = max(diff.max_rel, abs(b - a) / abs(a))
                close = close and _close(a, b, rtol, atol)
            if not close:
                diff.beyond.append(where)
    return diff
