"""Long-format results files, written whole or not at all, with a fixed number precision."""

import os
import tempfile
from pathlib import Path

import pandas as pd

__all__ = ["read_results", "write_table"]

#: Precision of every number written, so that result files are byte-stable across runs.
FLOAT_FORMAT = "%.6f"


def write_table(frame, path, sep=None):
    """Write ``frame`` to ``path`` (CSV, or TSV for ``.tsv``) atomically via a temporary file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    sep = sep or ("\t" if path.suffix == ".tsv" else ",")
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "w", newline="") as out:
            frame.to_csv(out, sep=sep, index=False, float_format=FLOAT_FORMAT, lineterminator="\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_results(paths):
    """Concatenate replicate result files (TSV) into one frame."""
    frames = [pd.read_csv(p, sep="\t", keep_default_na=False) for p in paths]
    return pd.concat(frames, ignore_index=True)
