"""Valentini (2003): every claim read from the thesis's own words (spec README, decision 6).

Each claim of the three registries carries a quote found verbatim (whitespace-normalised) in the
thesis's text, its place and a quantifier of the framework's table. The thesis's text is the
project's seed (``shared/seeds/004_893fa46a26698c76.txt`` beside the repository, or the folder
``MAVL_SEEDS`` names); without it the quote test is skipped.
"""

import re

import pytest

from mavl.papers.valentini2003.chapter4.claims import CLAIMS as CH4
from mavl.papers.valentini2003.chapter5.claims import CLAIMS as CH5
from mavl.papers.valentini2003.chapter6.claims import CLAIMS as CH6
from mavl.reproduction.claims import QUANTIFIERS

SEED = "004_893fa46a26698c76.txt"
ALL = [claim for registry in (CH4, CH5, CH6) for claim in registry]


def _normalised(text):
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("claim", ALL, ids=[c.claim_id for c in ALL])
def test_every_claim_has_a_quote_a_place_and_a_quantifier(claim):
    assert claim.quote.strip() and claim.place.strip()
    assert claim.quantifier.name in QUANTIFIERS


def test_every_quote_is_found_verbatim_in_the_thesis(seed_text):
    text = seed_text(SEED)
    missing = [c.claim_id for c in ALL if _normalised(c.quote) not in text]
    assert not missing, f"quotes not found in the seed: {missing}"


def test_a_changed_reading_says_why():
    changed = [c for c in ALL if c.previous is not None]
    assert changed and all(c.previous.why for c in changed)
    # The named claims all changed their reading.
    assert {"Q4.1", "Q4.4", "Q5.1", "Q5.4", "Q5.5", "Q5.6", "Q5.7"} <= {c.claim_id for c in changed}
