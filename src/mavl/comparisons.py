"""Paired tests behind the report's "A beats B" statements (issue: sound statistics in reports).

A claim such as "every PICT beats the tree" compares table means. Within one experiment every
method is fitted on the same replicate training sets, so each comparison is a paired one: the
per-replicate differences of the two cells go into :func:`mavl.assess.paired_t_test`, whose
two-sided p-value (the textbook t with K − 1 degrees of freedom) the report prints beside the claim.
"""

import pandas as pd

from .assess import paired_t_test
from .claims import LETTER, VOWEL

__all__ = ["COMPARISONS", "paired_comparisons"]

PICT_FAMILY = ("ECOC", "Regression", "Centroid", "Substitution")


def _comparisons():
    rows = [("CL-01", "L50deep", ("ECOC", "max"), ("Tree", "max")),
            ("CL-01", "L50deep", ("ECOC", "max"), ("1NN", "max"))]
    rows += [("CL-05", e, ("Substitution", b), ("ECOC", b)) for e in LETTER + VOWEL for b in (2, 5, 10)]
    rows += [("CL-12", e, (m, "max"), (other, "max")) for e in LETTER for m in PICT_FAMILY
             for other in ("Tree", "1NN")]
    rows += [("CL-13", "L50", ("1NN", "max"), ("Boosting (St)", "max")),
             ("CL-16", "L10", ("Boosting (Ad)", "max"), ("1NN", "max")),
             ("CL-16", "L10", ("1NN", "max"), ("Boosting (St)", "max"))]
    rows += [("CL-17", e, (m, "max"), ("Bagging", "max")) for e in LETTER
             for m in ("ECOC", "Regression", "Centroid")]
    rows += [("CL-17", "L50", ("1NN", "max"), ("Bagging", "max")),
             ("CL-17", "L10", ("Bagging", "max"), ("1NN", "max")),
             ("CL-18", "V20", ("Substitution", "max"), ("1NN", "max"))]
    rows += [("CL-20", e, (m, "max"), ("Tree", "max")) for e in LETTER + VOWEL
             for m in PICT_FAMILY + ("Bagging", "Boosting (St)", "Boosting (Ad)")]
    rows += [("CL-22", e, (m, "max"), ("Substitution", "max")) for e in LETTER for m in ("ECOC", "Centroid")]
    rows += [("CL-22", e, ("Substitution", "max"), (m, "max")) for e in VOWEL
             for m in ("ECOC", "Regression", "Centroid")]
    return rows


#: (claim, experiment, (winner method, B), (loser method, B)); B "max" is the experiment's largest.
COMPARISONS = _comparisons()


def _errors(frame, method, b):
    """Per-replicate test error of one cell (Tree and 1NN are stored once, at B = 1)."""
    rows = frame[frame["method"] == method]
    if method not in ("Tree", "1NN"):
        rows = rows[rows["B"] == b]
    return rows.set_index("replicate")["err"].astype(float)


def paired_comparisons(results, largest_b):
    """One paired t-test per comparison whose cells exist in ``results``.

    Parameters
    ----------
    results : DataFrame
        Raw long-format results (:data:`mavl.experiments.RESULT_COLUMNS`) of the experiments.
    largest_b : dict
        Experiment → its largest B (what "max" means).

    Returns
    -------
    DataFrame: claim, experiment, better, worse, K, mean_difference (better − worse, points),
    t (textbook), p_value, significant_5pc (p < 0.05 and the difference has the claimed sign).
    """
    out = []
    for claim, exp, (ma, ba), (mb, bb) in COMPARISONS:
        frame = results[results["experiment"] == exp]
        if frame.empty:
            continue
        ba, bb = (largest_b[exp] if b == "max" else b for b in (ba, bb))
        a, b = _errors(frame, ma, ba), _errors(frame, mb, bb)
        shared = a.index.intersection(b.index)
        if len(shared) < 2:
            continue
        test = paired_t_test(a[shared], b[shared])
        out.append({"claim": claim, "experiment": exp, "better": f"{ma} (B={ba})",
                    "worse": f"{mb} (B={bb})", "K": len(shared), "mean_difference": test["mean_delta"],
                    "t": test["t_textbook"], "p_value": test["p_value"],
                    "significant_5pc": bool(test["p_value"] < 0.05 and test["mean_delta"] < 0)})
    return pd.DataFrame(out, columns=["claim", "experiment", "better", "worse", "K", "mean_difference",
                                      "t", "p_value", "significant_5pc"])
