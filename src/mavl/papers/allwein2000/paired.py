"""The per-example errors the jobs store, and the paired tests on them behind the comparisons of
Tables 2 and 3 (claims D-1 to D-4 and C-1 of :mod:`.claims`).

Every comparison the paper makes is paired: two decodings of one fit read the same test examples,
and two codes of one data set share its split and folds. The per-example expected errors each job
stores go into the framework's paired test (:func:`mavl.reproduction.paired.paired_test_summary`),
one test per cell.
"""

from pathlib import Path

import pandas as pd

from ...reproduction.paired import paired_test_summary

__all__ = ["CODE_PAIRS", "DECODING_PAIRS", "PAIRED_COLUMNS", "code_tests", "decoding_tests", "read_examples"]

#: (claim, learner, better, worse): the decodings the paper compares.
DECODING_PAIRS = (("D-1", "adaboost", "loss_exp", "hamming"), ("D-2", "adaboost", "loss_l1", "hamming"),
                  ("D-3", "adaboost", "loss_exp", "loss_l1"), ("D-4", "svm", "loss_hinge", "hamming"))
#: (claim, learner, decoding, challenger): C-1 says every other code beats one-vs-all under SVM.
CODE_PAIRS = tuple(("C-1", "svm", "loss_hinge", c) for c in ("complete", "all_pairs", "dense", "sparse"))

PAIRED_COLUMNS = ["claim", "learner", "problem", "code", "better", "worse", "n", "mean_difference", "t",
                  "p_value", "significant_5pc"]


def read_examples(paths):
    """``{(learner, problem, code): per-example frame}`` from the jobs' ``<code>.examples.tsv``
    files (``raw/<learner>/<problem>/``)."""
    out = {}
    for path in map(Path, paths):
        key = (path.parent.parent.name, path.parent.name, path.name.removesuffix(".examples.tsv"))
        out[key] = pd.read_csv(path, sep="\t")
    return out


def _row(claim, learner, problem, code, better, worse, a, b):
    test = paired_test_summary(a, b, scale=100.0)                 # points
    return [claim, learner, problem, code, better, worse, test["K"], test["mean_difference"], test["t"],
            test["p_value"], test["significant_5pc"]]


def decoding_tests(examples):
    """One paired test per fit and decoding pair of :data:`DECODING_PAIRS` (difference in points)."""
    rows = []
    for (learner, problem, code), frame in examples.items():
        for claim, which, better, worse in DECODING_PAIRS:
            if which == learner and {better, worse} <= set(frame.columns):
                rows.append(_row(claim, learner, problem, code, better, worse, frame[better], frame[worse]))
    return pd.DataFrame(rows, columns=PAIRED_COLUMNS)


def code_tests(examples):
    """One paired test per data set and challenger of :data:`CODE_PAIRS` (challenger − one-vs-all)."""
    rows = []
    for claim, learner, decoding, challenger in CODE_PAIRS:
        for (which, problem, code), frame in examples.items():
            base = examples.get((learner, problem, "one_vs_all"))
            if which == learner and code == challenger and base is not None:
                rows.append(_row(claim, learner, problem, decoding, challenger, "one_vs_all",
                                 frame[decoding], base[decoding]))
    return pd.DataFrame(rows, columns=PAIRED_COLUMNS)
