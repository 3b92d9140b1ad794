"""The chapter's identities judged through the framework's claim registry."""


import numpy as np
import pytest

from mavl.papers.zaki_ch22.claims import NO_NUMBERS, WORDS, claims_registry, judge
from mavl.papers.zaki_ch22.common import check
from mavl.reproduction.claims import QUANTIFIERS


def test_each_check_becomes_one_claim_in_the_order_of_its_number():
    checks = [check("Z-10", "bagging lowers variance", False, "Δvariance +0.01"),
              check("Z-2", "F is the harmonic mean", True, "F [1.0]")]
    assert [c.claim_id for c in claims_registry(checks)] == ["Z-2", "Z-10"]
    frame = judge(checks).set_index("claim_id")
    assert frame["holds_reproduced"].tolist() == [True, False]        # a failing identity fails
    assert frame.loc["Z-10", "values_reproduced"] == "Δvariance +0.01"
    # The chapter prints no numbers: no verdict on the published side, and the reason says so.
    assert frame["holds_published"].isna().all()
    assert (frame["values_published"] == NO_NUMBERS).all()


SEED = "003_dfcc754efcc7e273.txt"        # the chapter's text (spec zaki-ch22)


def test_every_check_quotes_the_chapter_verbatim_with_its_place_and_quantifier(seed_text):
    text = seed_text(SEED)
    assert sorted(WORDS, key=lambda k: int(k[2:])) == [f"Z-{i}" for i in range(1, 15)]
    for check_id, words in WORDS.items():
        assert words["quote"] and words["place"].startswith("§22."), check_id
        assert words["quantifier"] in QUANTIFIERS, check_id
        assert " ".join(words["quote"].split()) in text, check_id
    registry = claims_registry([check(k, "s", True, "v") for k in WORDS])
    assert {c.claim_id: c.quantifier.name for c in registry if c.quantifier.name != "every"} == {
        "Z-5": "about", "Z-7": "about", "Z-10": "about", "Z-12": "about"}


def test_a_check_with_cases_is_judged_by_its_quantifier_and_its_earlier_reading_beside():
    # "about": every case within its bound; the earlier reading's own verdict is judged beside
    held = check("Z-12", "OOB about CV", True, "OOB 0.05, CV 0.04", [(True, "OOB − CV", 0.03)],
                 ("OOB within 0.05 of CV", False, "OOB 0.05, CV 0.04", "no 0.05 printed"))
    missed = check("Z-7", "share about exact", False, "simulated", [(True, "a", 0.1), (False, "b", -0.01)])
    frame = judge([held, missed]).set_index("claim_id")
    assert frame.loc["Z-12", "holds_reproduced"] and not frame.loc["Z-12", "previous_holds_reproduced"]
    assert frame.loc["Z-12", "previous_why"] == "no 0.05 printed"
    assert frame.loc["Z-12", "margin_reproduced"] == pytest.approx(0.03)
    assert not frame.loc["Z-7", "holds_reproduced"] and frame.loc["Z-7", "previous_statement"] == ""
    assert frame.loc["Z-12", "quote"] == WORDS["Z-12"]["quote"] and frame.loc["Z-12", "quantifier"] == "about"


def test_the_about_readings_ask_two_se_from_the_counts_and_the_spread():
    from mavl.papers.zaki_ch22.ensembles import _z12
    from mavl.papers.zaki_ch22.measures import _z5

    y = np.r_[np.ones(5000), np.zeros(5000)]
    se = np.sqrt(10001 / (12 * 5000 * 5000))                  # Mann–Whitney SE under no association
    assert _z5(y, 0.5 + 1.9 * se, 0.2, 0.8)[0] and not _z5(y, 0.5 + 2.1 * se, 0.2, 0.8)[0]
    assert not _z5(y, 0.5, 0.25, 0.8)[0]                      # negated scores must give exactly 1 − AUC
    folds = np.array([0.0, 0.1] * 5)                          # CV error 0.05, SE over folds 0.0167
    # OOB 0.15: 2 combined SE = 2·√(0.15·0.85/150 + 0.0167²) = 0.067 < 0.10; OOB 0.08: 0.055 > 0.03
    assert not _z12(0.15, 150, folds)[0] and _z12(0.08, 150, folds)[0]
    assert "2 combined SE = 0.067" in _z12(0.15, 150, folds)[2][0][1]
