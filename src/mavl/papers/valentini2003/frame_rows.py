"""Rows of a claims frame by exact keys, grouped once per frame.

The claims read hundreds of curves from each tidy frame, on the reproduced frame and on each of the
claims' draws (:mod:`.claims_noise`); filtering the whole frame for every curve took most of the
report's time. A frame's rows are grouped once by the columns asked for (row positions only, in
the frame's order), and a lookup takes its group's rows: the same rows, in the same order, as a
boolean filter on the whole frame. Frames are read, never changed, once built.
"""

import weakref

__all__ = ["rows_where"]

#: (id of a frame, key columns) -> (weak reference to the frame, {key values: row positions}).
_GROUPS = {}


def _positions(frame, columns):
    key = (id(frame), columns)
    entry = _GROUPS.get(key)
    if entry is None or entry[0]() is not frame:           # a new frame (an id can be reused)
        forget = lambda _ref, key=key: _GROUPS.pop(key, None)  # noqa: E731
        entry = (weakref.ref(frame, forget), frame.groupby(list(columns), sort=False).indices)
        _GROUPS[key] = entry
    return entry[1]


def rows_where(frame, **equal):
    """``frame[(frame[c] == v) & …]`` for the columns and values of ``equal``, without scanning the
    whole frame on every call."""
    columns = tuple(sorted(equal))
    values = tuple(equal[c] for c in columns)
    found = _positions(frame, columns).get(values if len(columns) > 1 else values[0])
    return frame.iloc[found] if found is not None else frame.iloc[:0]
