"""Valentini (2003)'s claims against the noise of their replicates (spec README, decision 4).

What a replicate is, per chapter, for the numbers the claims read:

* chapter 4 (Q4.x): one training sample D_i; chapter 5 (Q5.x): one ensemble i (its D_i, and the
  single SVM on it). Their bias and variance are not means of per-sample numbers (the main
  prediction is a vote over all samples), so the jobs re-decide the decomposition on every draw of
  the samples (``raw/ch4/…draws.tsv``, ``raw/ch5_*/…draws.tsv``; :func:`.chapter4.jobs.run_family`,
  :mod:`.chapter5.draws`) and each draw's frame is the job's frame with those values
  (:func:`frames_on_draws`); Tables 4.2, 5.1 and 5.2 are rebuilt from it. Claims reading the P2
  surface (F4, one training set per setting: Q4.12) keep their point verdict.
* chapter 6, Table 6.2 (Q6.2): one replicate of Lobag's OOB experiment (``raw/ch6_lobag_rep``, a
  row per replicate, 10 at the default scale, 30 at the full one). Table 6.2's means and r.e.r.
  are rebuilt on bootstrap draws of the replicates; E_lobag, E_bag and E_SVM of one replicate stay
  together, so the draws keep their pairing.
* chapter 6, Table 6.1 (Q6.1, Q6.3, Q6.4): one training set and one test set, no replicates; Q6.3
  and Q6.4 are identities checked to the last bit. Point verdicts.

Draw b of n replicates is the same everywhere (:class:`mavl.reproduction.claims.Resamples`), so
the single SVM and its ensembles, and every setting of a job, stay paired within a draw.

The published side keeps its point verdict: the thesis prints Table 6.2's mean and SD over its 30
replicates, not the replicates, and a paired claim's noise needs the pairing.
"""

import numpy as np
import pandas as pd

from ...assess.comparisons import relative_reduction
from ...reproduction.claims import Resamples
from .chapter4.tables import table_4_2
from .chapter5.tables import table_5

__all__ = ["SPREAD_COLUMNS", "draws_for", "frames_on_draws", "resampled_evidence", "spread_on_draws",
           "table_6_2_draws", "with_spread"]

#: The columns naming a row of the chapter-4 and chapter-5 frames (and of their draws).
CH4_KEYS = ["data_set", "kernel", "C", "sigma", "degree"]
CH5_KEYS = ["data_set", "kernel", "method", "C", "sigma", "degree", "k"]

_MEANS = ("E_lobag", "E_bag", "E_SVM")
#: The chapter-4 columns whose SE the claims read (decision 6's "2 combined SE" where the thesis prints
#: no number for an "about"): the SD of a row's value over the draws, ``<column>_se``.
SPREAD_COLUMNS = ("error", "bias", "var", "var_unbiased", "var_biased", "net_var", "train_error",
                  "sv_frac_half")


def draws_for(claims, master_seed):
    """The paper's draws from the workflow config's ``claims`` section (None: no resampling)."""
    return None if claims is None else Resamples.from_config(claims, master_seed)


def table_6_2_draws(frame, draws):
    """Table 6.2's columns that Q6.2 reads, rebuilt on every draw of the replicates.

    Parameters
    ----------
    frame : DataFrame
        The F8 rows (``raw/ch6_lobag_rep``: ``data_set, kernel, replicate, E_lobag, E_bag, E_SVM``).
    draws : Resamples

    Returns
    -------
    list of DataFrame
        One per draw, a row per (data set, kernel) in the frame's order: ``data_set, kernel,
        n_replicates``, ``E_lobag_mean``, ``E_bag_mean``, ``E_SVM_mean``, ``rer_L_S``, ``rer_B_S``,
        as :func:`.chapter6.tables.table_6_2` computes them on the drawn replicates.
    """
    groups = list(frame.groupby(["data_set", "kernel"], sort=False))
    # Replicates in sorted order, so replicate i of every group is drawn alike (resample_replicates).
    values = [g.sort_values("replicate")[list(_MEANS)].to_numpy(float) for _, g in groups]
    counts = np.array([len(v) for v in values])
    # means[b, g, j]: error j of case g averaged over draw b's replicates (one draw per replicate count).
    means = np.empty((len(draws), len(values), len(_MEANS)))
    for g, v in enumerate(values):
        picks = np.stack([draws.indices(b, len(v)) for b in range(len(draws))])
        means[:, g] = v[picks].mean(axis=1)
    rer_l = relative_reduction(means[..., 2], means[..., 0])
    rer_b = relative_reduction(means[..., 2], means[..., 1])
    keys = {"data_set": [k[0] for k, _ in groups], "kernel": [k[1] for k, _ in groups],
            "n_replicates": counts}
    return [pd.DataFrame({**keys, **{f"{name}_mean": means[b, :, j] for j, name in enumerate(_MEANS)},
                          "rer_L_S": rer_l[b], "rer_B_S": rer_b[b]}) for b in range(len(draws))]


def frames_on_draws(frames, draw_frames, keys, n_draws):
    """Each draw's frame: the jobs' rows that the draw files hold, with the draw's values.

    Parameters
    ----------
    frames, draw_frames : sequence of DataFrame
        Each job's tidy frame and its per-draw frame (``draw`` column, the keys and the values).
    keys : list of str
        The columns naming a row (:data:`CH4_KEYS`, :data:`CH5_KEYS`).
    n_draws : int
        The claims' number of draws; a draw file made with another number is refused.

    Returns
    -------
    list of DataFrame, one per draw, the jobs' columns in their order.
    """
    parts = []
    for frame, on_draws in zip(frames, draw_frames, strict=True):
        values = [c for c in on_draws.columns if c not in (*keys, "draw")]
        # A left merge keeps the draw file's order: within a draw, the job frame's order.
        parts.append(on_draws.merge(frame.drop(columns=values), on=keys, how="left", validate="many_to_one")
                     [[*frame.columns, "draw"]])
    merged = pd.concat(parts, ignore_index=True)
    found = np.sort(merged["draw"].unique())
    if not np.array_equal(found, np.arange(n_draws)):
        raise ValueError(f"the draw files hold draws {found.min()}..{found.max()} ({found.size}); the claims "
                         f"ask for {n_draws}: re-run the chapter 4 and 5 jobs with the config's claims.")
    # copy(): one block per dtype, not one per column as the merge leaves them; the claims take
    # thousands of row subsets of each frame, each a call per block (1.6x faster consolidated).
    return [g.drop(columns="draw").reset_index(drop=True).copy()
            for _, g in merged.groupby("draw", sort=True)]


def spread_on_draws(draw_frames, keys, columns=SPREAD_COLUMNS):
    """Each row's standard error: the SD (ddof 1) over the draws (bootstrap resamples of the
    replicates) of its ``columns``, as ``<column>_se`` beside ``keys``."""
    stacked = pd.concat(draw_frames, ignore_index=True)
    present = [c for c in columns if c in stacked.columns]
    spread = stacked.groupby(keys, sort=False, dropna=False)[present].std(ddof=1)
    return spread.add_suffix("_se").reset_index()


def with_spread(frame, spread, keys):
    """``frame`` with ``spread``'s ``<column>_se`` columns (NaN on a row no draw holds)."""
    if spread is None:
        return frame
    return frame.merge(spread, on=keys, how="left", validate="many_to_one")


def resampled_evidence(rep_frame, draws, ch4=None, ch5=None, row_rule="best_independent", spreads=None):
    """``{chapter: resampled(b)}`` for :meth:`ClaimRegistry.judge`.

    ``rep_frame``: Table 6.2's replicates (chapter 6); ``ch4`` and ``ch5``: (job frames, their
    draw frames) of chapters 4 and 5, or None. A draw's evidence holds only what is rebuilt, so a
    claim reading anything else (Table 6.1's one training set, the P2 surface) gives no verdict on
    the draws and keeps its point verdict. ``row_rule`` is Tables 5.1 and 5.2's (A13).
    ``spreads``, a dict if given, receives ``{"4": spread}``: chapter 4's SEs over the draws
    (:func:`spread_on_draws`), which every draw's frame carries too, for the point frame.
    """
    if draws is None:
        return {}
    out = {}
    if ch4 is not None:
        fours = frames_on_draws(*ch4, CH4_KEYS, len(draws))
        spread = spread_on_draws(fours, CH4_KEYS)
        fours = [with_spread(f, spread, CH4_KEYS) for f in fours]
        if spreads is not None:
            spreads["4"] = spread
        out["4"] = lambda b: {"frame": fours[b], "table_4_2": table_4_2(fours[b])}
    if ch5 is not None:
        fives = frames_on_draws(*ch5, CH5_KEYS, len(draws))
        out["5"] = lambda b: {"frame": fives[b], "bag": table_5(fives[b], "bagging", row_rule=row_rule),
                              "agg": table_5(fives[b], "randagg", row_rule=row_rule)}
    if rep_frame is not None and not rep_frame.empty:
        tables = table_6_2_draws(rep_frame, draws)
        out["6"] = lambda b: {"table_6_2": tables[b]}
    return out
