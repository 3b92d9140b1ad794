"""Valentini (2003)'s claims against the noise of their replicates (spec README, decision 4).

What a replicate is, per chapter, for the numbers the claims read:

* chapter 4 (Q4.x) and chapter 5 (Q5.x): one training sample 𝒟_i (chapter 4) or one ensemble
  (chapter 5). Their bias and variance are not means of per-sample numbers: the main prediction
  is a vote over all samples. The jobs (``raw/ch4``, ``raw/ch5_*``) write only the decompositions
  over all samples, not each sample's predictions, so there is nothing to resample: these claims
  keep their point verdict.
* chapter 6, Table 6.2 (Q6.2): one replicate of Lobag's OOB experiment (``raw/ch6_lobag_rep``, a
  row per replicate, 10 at the default scale, 30 at the full one). Table 6.2's means and r.e.r.
  are rebuilt on bootstrap draws of the replicates; E_lobag, E_bag and E_SVM of one replicate stay
  together, so the draws keep their pairing.
* chapter 6, Table 6.1 (Q6.1, Q6.3, Q6.4): one training set and one test set, no replicates; Q6.3
  and Q6.4 are identities checked to the last bit. Point verdicts.

The published side keeps its point verdict: the thesis prints Table 6.2's mean and SD over its 30
replicates, not the replicates, and a paired claim's noise needs the pairing.
"""

import numpy as np
import pandas as pd

from ...assess.comparisons import relative_reduction
from ...reproduction.claims import Resamples

__all__ = ["draws_for", "resampled_evidence", "table_6_2_draws"]

_MEANS = ("E_lobag", "E_bag", "E_SVM")


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
        as :func:`.chapter6_tables.table_6_2` computes them on the drawn replicates.
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


def resampled_evidence(rep_frame, draws):
    """``{chapter: resampled(b)}`` for :meth:`ClaimRegistry.judge`: chapter 6's Table 6.2 (the other
    chapters have no replicates to resample).

    A draw's evidence holds only the rebuilt tables, so a claim reading anything else (Table 6.1's
    one training set) gives no verdict on the draws and keeps its point verdict.
    """
    if draws is None or rep_frame is None or rep_frame.empty:
        return {}
    tables = table_6_2_draws(rep_frame, draws)
    return {"6": lambda b: {"table_6_2": tables[b]}}
