"""Result files, written whole or not at all, with a fixed number precision.

Every table a workflow step writes goes through :func:`write_table` and every small summary
through :func:`write_json`, so the same numbers always give the same bytes.
"""

import json
import os
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["FLOAT_FORMAT", "read_json", "read_results", "write_json", "write_table", "write_text"]

#: Precision of every number written, so that result files are byte-stable across runs.
FLOAT_FORMAT = "%.6f"


def _write_atomically(path, write, binary=False):
    """Call ``write(handle)`` on a temporary file beside ``path`` (UTF-8 text, or bytes when
    ``binary``), then move it into place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with (os.fdopen(handle, "wb") if binary else
              os.fdopen(handle, "w", newline="", encoding="utf-8")) as out:
            write(out)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_table(frame, path, sep=None):
    """Write ``frame`` to ``path`` (CSV, or TSV for ``.tsv``) atomically via a temporary file."""
    sep = sep or ("\t" if Path(path).suffix == ".tsv" else ",")
    _write_atomically(path, lambda out: frame.to_csv(out, sep=sep, index=False,
                                                     float_format=FLOAT_FORMAT, lineterminator="\n"))


def _clean(value):
    """JSON-ready copy: numpy scalars as Python ones, floats rounded to 6 decimals, NaN as null."""
    if isinstance(value, dict):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if not np.isfinite(value) else round(float(value), 6)
    return value


def write_json(data, path):
    """Sorted, indented JSON with floats rounded to 6 decimals (byte-stable), written atomically."""
    text = json.dumps(_clean(data), indent=1, sort_keys=True) + "\n"
    _write_atomically(path, lambda out: out.write(text))


def write_text(text, path):
    """Write ``text`` (UTF-8) to ``path`` atomically: the file appears whole or not at all."""
    _write_atomically(path, lambda out: out.write(text))


def read_json(path):
    """The JSON file at ``path``."""
    return json.loads(Path(path).read_text())


def read_results(paths):
    """Concatenate replicate result files (TSV) into one frame."""
    frames = [pd.read_csv(p, sep="\t", keep_default_na=False) for p in paths]
    return pd.concat(frames, ignore_index=True)
