"""James's Chapter 2 claims read from the thesis's words (spec README decision 6): every claim quotes
its sentence verbatim with its section and a quantifier of the framework's table, and the readings
hold and fail where their words and the thesis's printed numbers say, on constructed tables."""

import re
from pathlib import Path

import numpy as np
import pytest
import yaml

from mavl.papers.james1998 import settings
from mavl.papers.james1998.claims_ch2 import CLAIMS, CONCENTRIC, Z, printed_numbers, with_printed
from mavl.reproduction.claims import QUANTIFIERS

ROOT = Path(__file__).resolve().parents[3]
CONFIG = settings(yaml.safe_load((ROOT / "config.yaml").read_text()))
PUBLISHED = ROOT / "resources" / "published" / "james1998"
PRINTED = printed_numbers(CONFIG, PUBLISHED)
SEED = "000_8a690b4400d7626f.txt"        # the thesis's text (not shipped: the seed_text fixture)


def _normalised(text):
    return re.sub(r"\s+", " ", text).strip()


def _verdict(claim_id, tables, previous=False):
    claim = CLAIMS[claim_id].previous_claim() if previous else CLAIMS[claim_id]
    return claim.evaluate(with_printed(tables, PRINTED))


def _tables():
    return {e: t.copy() for e, t in PRINTED["tables"].items()}


def test_every_claim_has_a_quote_a_place_and_a_quantifier_of_the_table():
    assert len(CLAIMS) == 20
    for claim in CLAIMS:
        assert claim.quote.strip() and re.fullmatch(r"§\d+(\.\d+)+", claim.place), claim.claim_id
        assert QUANTIFIERS[claim.quantifier.name] is claim.quantifier, claim.claim_id
        assert claim.quantifier.name != "informational"            # every one has its sentence
        if claim.previous is not None:
            assert claim.previous.why and claim.previous.statement, claim.claim_id


def test_every_quote_stands_verbatim_in_the_thesis(seed_text):
    seed = seed_text(SEED)
    for claim in CLAIMS:
        # Two spans of one passage are joined by " … "; each is found as printed.
        for part in claim.quote.split(" … "):
            assert _normalised(part) in seed, (claim.claim_id, part[:60])


def test_the_noise_bar_is_the_printed_average_se():
    # CL-01 on Table 2.12 (printed average SE 0.60): 1NN − ECOC must exceed 1.96·√2·0.60 = 1.66.
    bar = Z * np.sqrt(2) * 0.60
    assert bar == pytest.approx(1.663, abs=1e-3)
    for gap, holds in ((bar + 0.01, True), (bar - 0.01, False)):
        tables = _tables()
        tables["L50deep"].loc["ECOC", "B200"] = tables["L50deep"].loc["1NN", "B200"] - gap
        ok, _, margin = _verdict("CL-01", tables)
        assert ok is holds and margin == pytest.approx(gap - bar)
    # the spec's reading asked only ECOC < 1NN: it holds on the second table too
    assert _verdict("CL-01", tables, previous=True)[0] is True


def test_cl06_covers_vowel_and_is_bounded_by_the_largest_printed_gap():
    # Table 2.18 prints |Sub − ECOC| = 5.6 at B = 200, the largest of the five: a gap of 5.6 holds,
    # 5.7 fails, on Vowel, which the spec's reading left out.
    for gap, holds in ((5.6, True), (5.7, False)):
        tables = _tables()
        tables["V20"].loc["Substitution", "B200"] = tables["V20"].loc["ECOC", "B200"] - gap
        assert _verdict("CL-06", tables)[0] is holds
        assert _verdict("CL-06", tables, previous=True)[0] is True      # Letter only, ≤ 3


def test_cl11_reads_never_against_each_tables_noise_on_the_mean_over_b():
    # Table 2.9 (printed average SE 0.91): deterministic better on average by up to 1.96·√2·0.91 = 2.52.
    bar = Z * np.sqrt(2) * 0.91
    for shift, holds in ((bar - 0.05, True), (bar + 0.05, False)):
        tables = _tables()
        table = tables[CONCENTRIC["2.9"]]
        table.loc["Boosting (Det)"] = table.loc["Boosting (Rand)"] - shift
        ok, values, _ = _verdict("CL-11", tables)
        assert ok is holds, values


def test_cl09_asks_the_gain_to_grow_with_the_trees():
    tables = _tables()
    c5 = tables[CONCENTRIC["2.5"]]
    c5.loc["Boosting (Det)"] = c5.loc["Boosting (Rand)"] + 3.0          # Δ(2.5) = 3 < Δ(2.4) = 3.64
    ok, values, _ = _verdict("CL-09", tables)
    assert ok is False and "Δ grows" in values


def test_cl23_the_earlier_count_is_most_and_the_new_reading_depth_sensitivity():
    # The spec's reading, now through the framework's `most`: Ad ≤ St + 1 in 3 of 4 holds, 2 of 4 fails.
    tables = _tables()
    assert CLAIMS["CL-23"].previous.quantifier.name == "most"
    assert _verdict("CL-23", tables, previous=True)[0] is True          # V20 misses: 3 of 4
    tables["L10"].loc["Boosting (Ad)", "B200"] = tables["L10"].loc["Boosting (St)", "B200"] + 2
    assert _verdict("CL-23", tables, previous=True)[0] is False         # 2 of 4
    # today's reading: Ad's change with depth smaller than St's
    tables = _tables()
    assert _verdict("CL-23", tables)[0] is True
    tables["L50deep"].loc["Boosting (Ad)", "B200"] = tables["L50"].loc["Boosting (Ad)", "B200"] - 20
    assert _verdict("CL-23", tables)[0] is False


def test_a_claim_without_the_printed_numbers_has_no_verdict():
    holds, values, _ = CLAIMS["CL-01"].evaluate(_tables())
    assert holds is None and "not computable" in values
