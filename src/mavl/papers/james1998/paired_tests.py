"""The "A beats B" comparisons behind the Chapter 2 claims (:data:`.claims_ch2.CLAIMS`), each
tested paired over replicates by :func:`mavl.reproduction.paired.paired_comparisons` into
``paired_tests.csv``: the cases of each claim's reading that compare two cells of one experiment
(a B absent from a run's grid is left out).
"""

from .claims_ch2 import BAGGING_TRAILS, ECOC_FAMILY, LETTER, PICTS, VOWEL

__all__ = ["PAIRED_COMPARISONS"]

#: The printed B columns below k (Letter k = 26, Vowel k = 11), as the claims read them.
_BELOW_K = {**dict.fromkeys(LETTER, (2, 5, 10, 20)), **dict.fromkeys(VOWEL, (2, 5, 10))}


def _others(but):
    """The PICTs but ``but`` (a method an experiment does not run is left out with its cells)."""
    return [m for m in PICTS if m != but]


def _comparisons():
    rows = [("CL-01", "L50deep", ("ECOC", "max"), ("Tree", "max")),
            ("CL-01", "L50deep", ("ECOC", "max"), ("1NN", "max"))]
    rows += [("CL-02", e, ("ECOC", "max"), ("ECOC", b)) for e in LETTER + VOWEL for b in _BELOW_K[e]]
    rows += [("CL-05", e, ("Substitution", b), ("ECOC", b)) for e in LETTER + VOWEL for b in _BELOW_K[e]]
    rows += [("CL-12", e, (m, "max"), (other, "max")) for e in LETTER for m in ECOC_FAMILY
             for other in ("Tree", "1NN")]
    rows += [("CL-13", "L50", ("1NN", "max"), ("Boosting (St)", "max")),
             ("CL-16", "L10", ("Boosting (Ad)", "max"), ("1NN", "max")),
             ("CL-16", "L10", ("1NN", "max"), ("Boosting (St)", "max"))]
    rows += [("CL-17", e, (m, "max"), ("Bagging", "max")) for e, others in BAGGING_TRAILS.items()
             for m in others]
    rows += [("CL-17", "L50", ("1NN", "max"), ("Bagging", "max")),
             ("CL-17", "L10", ("Bagging", "max"), ("1NN", "max")),
             ("CL-18", "V20", ("Substitution", "max"), ("1NN", "max"))]
    rows += [("CL-18", e, ("1NN", "max"), (m, "max")) for e in VOWEL for m in _others("Substitution")]
    rows += [("CL-19", e, (m, "max"), ("Tree", "max")) for e in VOWEL for m in _others(None)]
    rows += [("CL-20", e, (m, "max"), ("Tree", "max")) for e in LETTER + VOWEL for m in _others(None)]
    rows += [("CL-22", e, (m, "max"), ("Substitution", "max")) for e in LETTER for m in ("ECOC", "Centroid")]
    rows += [("CL-22", e, ("Substitution", "max"), (m, "max")) for e in VOWEL
             for m in _others("Substitution") + ["1NN"]]
    return rows


#: (claim, experiment, (winner method, B), (loser method, B)); B "max" is the experiment's largest.
PAIRED_COMPARISONS = _comparisons()
