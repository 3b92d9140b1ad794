"""The chapter's identities judged through the framework's claim registry."""

from mavl.papers.zaki_ch22.claims import NO_NUMBERS, claims_registry, judge
from mavl.papers.zaki_ch22.common import check


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
