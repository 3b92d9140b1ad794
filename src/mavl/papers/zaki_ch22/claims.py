"""The chapter's identities and statements (spec zaki-ch22 §5) as the framework's claims.

Each demonstration evaluates the identities its numbers allow and writes them to
``<target>.checks.json`` (:func:`.common.check`); here each identity becomes one claim of a
:class:`~mavl.reproduction.claims.ClaimRegistry`, judged on those results like every other paper's
claims. The chapter prints no numbers for them, so the published side has no verdict.

Each claim stands for a sentence (or a formula) of the chapter, quoted in :data:`WORDS` with its
section and the quantifier decision 6 reads in it. A check that writes its ``cases`` is judged by
that quantifier; one that writes a ``previous`` reading has it judged beside.
"""

import pandas as pd

from ...reproduction.claims import QUANTIFIERS, ClaimRegistry, Reading, needs
from ...reproduction.io import read_json

__all__ = ["NO_NUMBERS", "WORDS", "claims_registry", "judge", "read_checks"]

NO_NUMBERS = "the chapter prints no numbers"

#: Each check's words: the chapter's sentence or formula quoted exactly (the seed's reStructuredText,
#: whitespace aside), its section, the quantifier it reads as (decision 6) and what a reader must know.
#: An identity (a formula, no quantifier word) holds in every case it covers, to floating point.
WORDS = {
    "Z-1": {"quote": r"Accuracy=Precision=\sum_{i=1}^k\bigg(\frac{m_i}{n}\bigg)acc_i"
                     r"=\frac{1}{n}\sum_{i=1}^kn_{ii}",
            "place": "§22.1.1", "quantifier": "every",
            "note": "with §22.1's Accuracy = 1 − Error Rate"},
    "Z-2": {"quote": r"F_i=\frac{2}{\frac{1}{prec_i}+\frac{1}{recall_i}}=\frac{2\cd prec_i\cd recall_i}"
                     r"{prec_i+recall_i}` :math:`\dp=\frac{2n_{ii}}{n_i+m_i}",
            "place": "§22.1.1", "quantifier": "every", "note": ""},
    "Z-3": {"quote": r"FNR=\frac{FN}{TP+FN}=\frac{FN}{n_1}=1-sensitivity", "place": "§22.1.2",
            "quantifier": "every", "note": "with FPR = 1 − specificity, printed beside it"},
    "Z-4": {"quote": "The AUC value is essentially the probability that the classifier will rank a random "
                     "positive test case higher than a random negative test instance.",
            "place": "§22.1.3", "quantifier": "every",
            "note": "ties counted ½, the trapezoid area and the Mann–Whitney probability are one number: the "
                    "1e-12 is floating point, not a tolerance; the ends (0,0) and (1,1) are the text's "
                    "construction of the curve"},
    "Z-5": {"quote": "A random classifier corresponds to a diagonal line in the ROC plot. It follows that if "
                     "the ROC curve for any classifier is below the diagonal, it indicates performance worse "
                     "than random guessing. For such cases, inverting the class assignment will produce a "
                     "better classifier.",
            "place": "§22.1.3", "quantifier": "about",
            "note": "the diagonal is the random classifier's curve in expectation: a sample's AUC is judged "
                    "by 'about' with no printed difference (2 SE of the Mann–Whitney statistic under no "
                    "association, from the class counts); the inverted scores' AUC is exact"},
    "Z-6": {"quote": "It is worth remarking that ROC curves are insensitive to class skew.",
            "place": "§22.1.3", "quantifier": "every", "note": ""},
    "Z-7": {"quote": "This means that each bootstrp sample contains approximately 63.2% of the points from",
            "place": "§22.2.2", "quantifier": "about",
            "note": "an approximation of a limit, judged against the exact value at the sample's n = 150 "
                    "(decision 6), within 2 SE of the simulated mean; the printed 0.368 and 0.632 are the "
                    "comparison's cells"},
    "Z-8": {"quote": "As :math:`K` increases, the :math:`t` distribution very rapidly converges in "
                     "distribution to the standard normal distribution",
            "place": "§22.2.3", "quantifier": "every",
            "note": "'very rapidly' gives no number: each α's t interval must come closer to the z interval "
                    "from K = 5 to K = 50"},
    "Z-9": {"quote": "the expected square loss over all test points and training sets can be decomposed into "
                     "three terms: noise, average bias, and average variance",
            "place": "§22.3", "quantifier": "every",
            "note": "'can' states what the derivation above it shows (an identity), not a permission; the "
                    "noise is 0 with the observed label for E[y|x] (spec Z-A8)"},
    "Z-10": {"quote": "It does not, in general, have much effect on the bias.", "place": "§22.4.1",
             "quantifier": "about",
             "note": "'in general' (most) of the one case the demonstration has is that case; 'not much "
                     "effect' is 'about' with no printed difference (2 SE over the test points). The "
                     "sentence before, 'Bagging can help reduce the variance', only permits: Δvariance is "
                     "recorded"},
    "Z-11": {"quote": "Notice that if :math:`p=d` the the random forest approach is equivalent to bagging "
                      "over decision tree models.", "place": "§22.4.2", "quantifier": "every", "note": ""},
    "Z-12": {"quote": "The out-of-bag error rate approximates the cross-validation error rate quite well",
             "place": "§22.4.2", "quantifier": "about",
             "note": "no tolerance printed: 2 combined SE (the OOB error's binomial SE, the CV error's over "
                     "its 10 folds)"},
    "Z-13": {"quote": r"\alpha_t=\ln\bigg(\frac{1-\epsilon_t}{\epsilon_t}\bigg)", "place": "§22.4.3",
             "quantifier": "every",
             "note": "ε_t < 0.5 is Algorithm 22.6's condition (the box is an image; spec Z-A2), checked "
                     "with it"},
    "Z-14": {"quote": "Thus, to minimize the expected loss we should choose :math:`c_i` as the class that "
                      "maximizes the posterior probability",
             "place": "§22.3", "quantifier": "every", "note": ""},
}


def _verdict(check_id):
    def check(evidence):
        found = evidence[check_id]
        if "cases" in found:                 # judged by the claim's quantifier
            return (tuple(case) for case in found["cases"])
        return found["holds"], found["values"]
    return check


def _before(check_id):
    def check(evidence):
        before = evidence[check_id]["previous"]
        return before["holds"], before["values"]
    return check


def claims_registry(checks):
    """One claim per check (its id and the identity it tests), in the order of their numbers, with
    the chapter's words (:data:`WORDS`) and the earlier reading where the check wrote one."""
    registry = ClaimRegistry()
    for found in sorted(checks, key=lambda c: int(c["check"].split("-")[1])):
        check_id = found["check"]
        words = WORDS.get(check_id, {"quote": "", "place": "", "quantifier": "informational", "note": ""})
        previous = found.get("previous")
        reading = (Reading(previous["statement"], needs(check_id, NO_NUMBERS)(_before(check_id)),
                           why=previous["why"]) if previous else None)
        registry.claim(check_id, found["statement"], quote=words["quote"], place=words["place"],
                       quantifier=QUANTIFIERS[words["quantifier"]], previous=reading,
                       note=words["note"])(needs(check_id, NO_NUMBERS)(_verdict(check_id)))
    return registry


def judge(checks):
    """The claims frame (``ClaimRegistry.judge`` rows) of the demonstrations' checks."""
    evidence = {found["check"]: found for found in checks}
    return pd.DataFrame(claims_registry(checks).judge({}, evidence))


def read_checks(paths):
    """The checks in the demonstrations' ``<target>.checks.json`` files, in their order."""
    return [found for path in paths for found in read_json(path)]
