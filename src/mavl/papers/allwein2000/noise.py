"""The replicates behind the claims' numbers, and the reproduced evidence rebuilt on bootstrap draws
of them (spec README decision 4: every claim is also judged against the noise of its replicates).

What one replicate is depends on where a number's noise comes from:

* a cell of Table 2 or 3 on a cross-validated set (dermatology, glass, segmentation, ecoli, yeast,
  thyroid) is the error pooled over the folds: a replicate is a **fold**, its test examples' summed
  errors and its size. The folds of a set are the same for every code, decoding and learner (they
  are seeded by the set alone), so one draw of the folds keeps every comparison on that set paired;
* a cell on a set with a given test part (satimage, pendigits, vowel, soybean, letter) comes from
  one training set and one fit, so the test examples are its only noise: a replicate is a **test
  example**, and a bootstrap over the test examples (the same ones for every code and decoding of
  the set) is the honest resample;
* Figure 3: a replicate is one of the **repetitions** (a fresh training and test sample for each
  k, on which both codes are fitted), drawn alike for both codes;
* B-1 is a theorem checked on every fit, not an estimate: it has no replicates and keeps its point
  verdict.

Every draw comes from the framework's :class:`~mavl.reproduction.claims.Resamples` (draw ``b`` of
``n`` replicates depends only on the seed, ``b`` and ``n``). The tables are rebuilt for all draws
at once: a draw's count of each replicate times the replicates' summed errors.
"""

import numpy as np
import pandas as pd

from ...reproduction.claims import resample_replicates
from .claims import grid
from .experiments import load, splits
from .synthetic import summarise_synthetic

__all__ = ["TABLE_LEARNERS", "draw_counts", "fold_ids", "replicate_sums", "resampled_errors",
           "resampled_evidence"]

#: The learner behind each error table.
TABLE_LEARNERS = {"table_2": "adaboost", "table_3": "svm"}


def fold_ids(cfg, data_set):
    """The cross-validation fold of every pooled test example of ``data_set`` (in the order of the
    jobs' ``examples.tsv``), or None where the set has a given test part (one split, no folds).

    The folds are rebuilt by the jobs' own :func:`~.experiments.splits` with the same settings, so
    they are the folds the jobs used.
    """
    parts = splits(load(cfg, data_set), cfg, data_set)
    if len(parts) == 1:
        return None
    ids = np.full(sum(p[4].size for p in parts), -1)
    for fold, part in enumerate(parts):
        ids[part[4]] = fold
    return ids


def replicate_sums(errors, folds):
    """``(sums, sizes)``: each replicate's summed per-example errors (replicates × decodings) and its
    number of test examples; a replicate is a fold where ``folds`` gives them, else an example.

    Parameters
    ----------
    errors : ndarray of shape (n_examples, n_decodings)
        Per-example expected errors (0 to 1) of one job.
    folds : ndarray of shape (n_examples,) or None
    """
    errors = np.asarray(errors, dtype=float)
    if folds is None:
        return errors, np.ones(errors.shape[0])
    n = int(folds.max()) + 1
    sums = np.stack([np.bincount(folds, weights=column, minlength=n) for column in errors.T], axis=1)
    return sums, np.bincount(folds, minlength=n).astype(float)


def draw_counts(draws, n):
    """``(len(draws), n)``: how often each of ``n`` replicates is drawn in each draw."""
    return np.stack([np.bincount(draws.indices(b, n), minlength=n) for b in range(len(draws))]).astype(float)


def resampled_errors(sums, sizes, counts):
    """The pooled error (%) on every draw: ``100 · counts @ sums / counts @ sizes``,
    ``(draws, decodings)``."""
    return 100.0 * (counts @ sums) / (counts @ sizes)[:, None]


def resampled_evidence(tables, examples, folds, runs, draws):
    """``evidence(b)``: the claims' reproduced evidence rebuilt on draw ``b`` of the replicates.

    Parameters
    ----------
    tables : dict
        ``"table_2"``, ``"table_3"``: the long error tables (:func:`.tables.error_table`).
    examples : dict
        ``{(learner, problem, code): per-example frame}`` (:func:`.claims.read_examples`).
    folds : dict
        Data set → :func:`fold_ids`.
    runs : DataFrame or None
        Figure 3's runs (one row per code, k and repetition).
    draws : Resamples

    Returns
    -------
    callable
        ``evidence(b)`` → ``{"table_2", "table_3", "figure_3", "bounds"}``; a cell without a job keeps
        its reproduced value (NaN), ``bounds`` is None (B-1 keeps its point verdict).
    """
    counts = {}
    frames = {}
    for name, table in tables.items():
        base = grid(table, "reproduced")
        values = np.repeat(base.to_numpy(dtype=float)[None], len(draws), axis=0)
        rows, columns = {key: i for i, key in enumerate(base.index)}, list(base.columns)
        for (learner, problem, code), frame in examples.items():
            if learner != TABLE_LEARNERS[name] or code not in columns:
                continue
            decodings = [c for c in frame.columns if c != "example"]
            sums, sizes = replicate_sums(frame[decodings].to_numpy(), folds.get(problem))
            if sizes.size not in counts:
                counts[sizes.size] = draw_counts(draws, sizes.size)
            errors = resampled_errors(sums, sizes, counts[sizes.size])
            j = columns.index(code)
            for d, decoding in enumerate(decodings):
                i = rows.get((decoding, problem))
                if i is not None and np.isfinite(base.iat[i, j]):
                    values[:, i, j] = errors[:, d]
        frames[name] = (values, base.index, base.columns)

    def evidence(b):
        out = {name: pd.DataFrame(values[b], index=index, columns=columns)
               for name, (values, index, columns) in frames.items()}
        out["figure_3"] = (None if runs is None else
                           summarise_synthetic(resample_replicates(runs, "repetition", draws, b)))
        out["bounds"] = None
        return out

    return evidence
