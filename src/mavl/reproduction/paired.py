"""Paired tests behind a report's "A beats B" statements.

A claim such as "every ensemble beats the single tree" compares table means. Within one experiment
every method is fitted on the same replicate training sets, so each comparison is a paired one: the
per-replicate differences of the two cells go into :func:`mavl.assess.paired_t_test`, whose two-sided
p-value (the textbook t with K − 1 degrees of freedom) the report prints beside the claim.
"""

import pandas as pd

from ..assess import paired_t_test

__all__ = ["PAIRED_COLUMNS", "paired_comparisons"]

PAIRED_COLUMNS = ["claim", "experiment", "better", "worse", "K", "mean_difference", "t", "p_value",
                  "significant_5pc"]


def _errors(frame, method, b, constant_methods):
    """Per-replicate test error of one cell (constant methods are stored once, at B = 1)."""
    rows = frame[frame["method"] == method]
    if method not in constant_methods:
        rows = rows[rows["B"] == b]
    return rows.set_index("replicate")["err"].astype(float)


def paired_comparisons(results, comparisons, largest_b, constant_methods=()):
    """One paired t-test per comparison whose cells exist in ``results``.

    Parameters
    ----------
    results : DataFrame
        Long-format results: experiment, replicate, method, B, err.
    comparisons : sequence of (claim, experiment, (method, B), (method, B))
        The claimed winner first; B ``"max"`` is the experiment's largest.
    largest_b : dict
        Experiment → its largest B (what "max" means).
    constant_methods : sequence of str
        Single classifiers stored once, at B = 1.

    Returns
    -------
    DataFrame: claim, experiment, better, worse, K, mean_difference (better − worse, points),
    t (textbook), p_value, significant_5pc (p < 0.05 and the difference has the claimed sign).
    """
    out = []
    for claim, exp, (ma, ba), (mb, bb) in comparisons:
        frame = results[results["experiment"] == exp]
        if frame.empty:
            continue
        ba, bb = (largest_b[exp] if b == "max" else b for b in (ba, bb))
        a = _errors(frame, ma, ba, constant_methods)
        b = _errors(frame, mb, bb, constant_methods)
        shared = a.index.intersection(b.index)
        if len(shared) < 2:
            continue
        test = paired_t_test(a[shared], b[shared])
        out.append({"claim": claim, "experiment": exp, "better": f"{ma} (B={ba})",
                    "worse": f"{mb} (B={bb})", "K": len(shared), "mean_difference": test["mean_delta"],
                    "t": test["t_textbook"], "p_value": test["p_value"],
                    "significant_5pc": bool(test["p_value"] < 0.05 and test["mean_delta"] < 0)})
    return pd.DataFrame(out, columns=PAIRED_COLUMNS)
