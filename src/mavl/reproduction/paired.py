"""Paired tests behind a report's "A beats B" statements: the one module every paper uses.

A claim such as "every ensemble beats the single tree" compares table means. Within one experiment
every method is fitted on the same replicate training sets (or, in Allwein's tables, reads the same
test examples), so each comparison is a paired one: the paired differences go into
:func:`mavl.assess.paired_t_test`, whose two-sided p-value (the textbook t with K − 1 degrees of
freedom) the report prints beside the claim (:func:`paired_test_summary`). Across cells,
:func:`sign_test` says whether "better" outnumbers "worse" by more than chance.
"""

import pandas as pd

__all__ = ["PAIRED_COLUMNS", "paired_comparisons", "paired_test_summary", "sign_test"]

PAIRED_COLUMNS = ["claim", "experiment", "better", "worse", "K", "mean_difference", "t", "p_value",
                  "significant_5pc"]


def paired_test_summary(better, worse, scale=1.0):
    """``{K, mean_difference, t, p_value, significant_5pc}`` of the claim "better beats worse".

    ``mean_difference`` is ``scale`` times the mean of ``better − worse`` (``scale=100`` for points
    from fractions); ``significant_5pc`` holds when p < 0.05 and the difference has the claimed sign.
    """
    # Imported here, as scipy.stats below: every paper's report module imports this one, and a job
    # that builds a table or a figure imports its paper's steps (and so its report) at its start.
    from ..assess import paired_t_test

    test = paired_t_test(better, worse)
    difference = scale * test["mean_delta"]
    return {"K": test["K"], "mean_difference": difference, "t": test["t_textbook"],
            "p_value": test["p_value"], "significant_5pc": bool(test["p_value"] < 0.05 and difference < 0)}


def sign_test(gaps):
    """Two-sided sign test of "better" (gap < 0) against "worse" over cells; ties are left out."""
    from scipy import stats

    better, worse = int((gaps < -1e-9).sum()), int((gaps > 1e-9).sum())
    if better + worse == 0:
        return float("nan")
    return float(stats.binomtest(better, better + worse, 0.5).pvalue)


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
        test = paired_test_summary(a[shared], b[shared])
        out.append({"claim": claim, "experiment": exp, "better": f"{ma} (B={ba})",
                    "worse": f"{mb} (B={bb})", **test, "K": len(shared)})
    return pd.DataFrame(out, columns=PAIRED_COLUMNS)
