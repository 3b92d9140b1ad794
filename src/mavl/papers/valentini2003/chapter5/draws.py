"""Chapter 5's decompositions on the claims' bootstrap draws of the n ensembles (spec README, decision 4).

A replicate of chapter 5 is one ensemble i (its D_i, and the single SVM on D_i): draw b repeats
ensemble i as often as :meth:`mavl.reproduction.claims.Resamples.weights` says, for every setting
and k alike, so single and ensemble stay paired. What the claims read on a draw, and nothing more:

* every setting at k = 1 and k = m, all six decomposition columns (Tables 5.1 and 5.2, Q5.1-Q5.3,
  Q5.5-Q5.8, Q5.10);
* the whole curve against k, error and bias, of the settings that are the draw's best model of the
  method (Q5.4 and Q5.9 read the best model's curve): within 1e-6 of the draw's least error at k = m,
  so a tie on the written six decimals keeps every setting that could win it.

A job's settings come in one at a time (:class:`JobDraws`) and which of them is some draw's best is
known only after the last: their ends are decomposed as they come, their predictions kept as bits,
and the curves decomposed at the end for the settings that are some draw's best only (the others'
curves would be dropped by :func:`draw_frame`). Each curve value is that of :func:`draw_values`, bit
for bit: a matrix's decomposition never depends on the others of the stack.
"""

import numpy as np
import pandas as pd

from ....bias_variance.domingos import SUMMARY
from ....bias_variance.resampled import domingos_resampled_summaries
from ..chapter4.jobs import DECOMPOSITION, SUMMARY_AT

__all__ = ["DRAW_COLUMNS", "VALUES", "JobDraws", "best_settings", "draw_frame", "draw_values"]

#: The decomposition columns of a draw row: the tidy frame's (:data:`..chapter4.jobs.DECOMPOSITION`).
VALUES = DECOMPOSITION
#: Columns of the per-draw frame of one chapter-5 job and method.
DRAW_COLUMNS = ["data_set", "kernel", "method", "C", "sigma", "degree", "k", "draw", *VALUES]
# A setting whose error at k = m is this close to the draw's least keeps its curve.
_BEST_TOLERANCE = 1e-6


def draw_values(preds, y_test, weights, ties, curve=True):
    """(n_c, K, n_draws, 6) :data:`VALUES` of every setting and prefix k of ``preds`` (n_c, K, n, n_test)
    on each draw: all six at the first and last k; error and bias between when ``curve``, else NaN."""
    n_c, n_k = preds.shape[:2]
    out = np.full((n_c, n_k, weights.shape[0], len(VALUES)), np.nan)
    ends = [0, n_k - 1] if n_k > 1 else [0]
    if curve and n_k > 2:
        out[:, 1:-1, :, :2] = _curve(preds[:, 1:-1], y_test, weights, ties)
    out[:, ends] = domingos_resampled_summaries(preds[:, ends], y_test, weights, classes=(0, 1), ties=ties,
                                                summary=[SUMMARY[i] for i in SUMMARY_AT])
    return out


def _curve(preds, y_test, weights, ties):
    """Error and bias of each prefix k of ``preds`` (..., n, n_test) on every draw: (..., n_draws, 2)."""
    return domingos_resampled_summaries(preds, y_test, weights, classes=(0, 1), ties=ties,
                                        summary=("error", "bias"))


def best_settings(values):
    """(n_settings, n_draws) mask of each draw's best settings: error at k = m within the tolerance of
    the draw's least; ``values`` as :func:`draw_frame` takes them."""
    final = values[:, -1, :, 0]
    return final <= final.min(axis=0) + _BEST_TOLERANCE


class JobDraws:
    """The draw values of one method's settings in a job, added setting block by block (module docstring).

    ``add(preds)`` takes :func:`draw_values`'s ``preds`` (n_c, K, n, n_test) of 0/1 labels; ``values()``
    returns those of every setting added, stacked in order, with the curves :func:`draw_frame` keeps.
    """

    def __init__(self, y_test, weights, ties):
        self.y_test, self.weights, self.ties = y_test, weights, ties
        self._values, self._bits = [], []

    def add(self, preds):
        self._values.append(draw_values(preds, self.y_test, self.weights, self.ties, curve=False))
        if preds.shape[1] > 2:                    # a curve between the ends: keep the labels, 1 bit each
            # packbits packs any non-zero as 1: 0/1 labels need no boolean copy (as large as preds).
            self._bits.append(np.packbits(preds[:, 1:-1], axis=-1))

    def values(self):
        values = np.concatenate(self._values)
        if self._bits:
            bits = np.concatenate(self._bits)
            for s in np.flatnonzero(best_settings(values).any(axis=1)):
                labels = np.unpackbits(bits[s], axis=-1, count=self.y_test.size)
                values[s, 1:-1, :, :2] = _curve(labels, self.y_test, self.weights, self.ties)
        return values


def draw_frame(data_set, kernel, method, settings, values):
    """The rows of one method on every draw, in the tidy frame's order within each draw.

    ``settings``: the (C, σ, degree) dicts in grid order; ``values``: :func:`draw_values` of each,
    stacked (n_settings, K, n_draws, 6). Single SVMs (K = 1) keep every row; an ensemble keeps k = 1
    and k = m of every setting and the whole curve of the draw's best settings (module docstring).
    """
    n_s, n_k, n_draws = values.shape[:3]
    keep = np.zeros((n_s, n_k, n_draws), dtype=bool)
    keep[:, [0, -1]] = True
    keep |= best_settings(values)[:, None, :]
    s, k, b = np.nonzero(keep)            # setting, then k, then draw: the frame's order in each draw
    keys = pd.DataFrame(settings)
    frame = pd.DataFrame({"data_set": data_set, "kernel": kernel, "method": method,
                          "C": keys["C"].to_numpy(float)[s], "sigma": keys["sigma"].to_numpy(float)[s],
                          "degree": keys["degree"].to_numpy(float)[s], "k": k + 1, "draw": b})
    frame[VALUES] = values[s, k, b]
    return frame.reindex(columns=DRAW_COLUMNS)
