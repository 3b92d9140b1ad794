"""The "A beats B" comparisons behind the Chapter 2 claims (:data:`.claims_ch2.CLAIMS`), each
tested paired over replicates by :func:`mavl.reproduction.paired.paired_comparisons` into
``paired_tests.csv``.
"""

from .claims_ch2 import ECOC_FAMILY, LETTER, PICTS, VOWEL

__all__ = ["PAIRED_COMPARISONS"]


def _comparisons():
    rows = [("CL-01", "L50deep", ("ECOC", "max"), ("Tree", "max")),
            ("CL-01", "L50deep", ("ECOC", "max"), ("1NN", "max"))]
    rows += [("CL-05", e, ("Substitution", b), ("ECOC", b)) for e in LETTER + VOWEL for b in (2, 5, 10)]
    rows += [("CL-12", e, (m, "max"), (other, "max")) for e in LETTER for m in ECOC_FAMILY
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
             for m in PICTS]
    rows += [("CL-22", e, (m, "max"), ("Substitution", "max")) for e in LETTER for m in ("ECOC", "Centroid")]
    rows += [("CL-22", e, ("Substitution", "max"), (m, "max")) for e in VOWEL
             for m in ("ECOC", "Regression", "Centroid")]
    return rows


#: (claim, experiment, (winner method, B), (loser method, B)); B "max" is the experiment's largest.
PAIRED_COMPARISONS = _comparisons()
