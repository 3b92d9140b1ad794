"""Breiman (1997): each claim read from the report's own words (decision 6), and the published
cells' replicate counts (decision 8)."""

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.claims import CLAIMS
from mavl.papers.breiman1997.comparison import PUBLISHED_RUNS, comparison_cells
from mavl.papers.breiman1997.runs import RUN_COLUMNS
from mavl.papers.breiman1997.settings import tree_rules
from mavl.reproduction.claims import QUANTIFIERS
from mavl.reproduction.comparison import judge

ROOT = Path(__file__).resolve().parents[3]
PUBLISHED = ROOT / "resources" / "published" / "breiman1997"
CONFIG = settings(yaml.safe_load((ROOT / "config.yaml").read_text()))
SEED = "002_50fe04899aa14312.txt"        # the report's text (resources/published/breiman1997/SOURCE.md)


def test_every_claim_quotes_the_report_verbatim_with_its_place_and_quantifier(seed_text):
    text = seed_text(SEED)
    for claim in CLAIMS:
        assert claim.quantifier.name in QUANTIFIERS and claim.quantifier is QUANTIFIERS[claim.quantifier.name]
        if claim.quantifier.name == "informational":         # no source sentence: no quote, no verdict
            assert claim.quote == "" and "informational" in claim.statement
            continue
        assert claim.quote and claim.place, claim.claim_id
        assert " ".join(claim.quote.split()) in text, claim.claim_id
    assert [c.quantifier.name for c in CLAIMS] == ["every", "most", "most", "most", "number", "informational"]
    # an earlier reading only where the reading changed (K-7 keeps its check)
    assert [c.claim_id for c in CLAIMS if c.previous is not None] == ["K-1", "K-2", "K-3", "K-4", "K-8"]


def _final(top_lower, error_higher, n=7):
    """``n`` sets: arc-u2's top(c) lower on the first ``top_lower``, its error higher on the first
    ``error_higher`` (else 1 point lower)."""
    names = [f"set{i}" for i in range(n)]
    return pd.DataFrame({"adaboost_top_c": 20.0, "adaboost_test_error": 10.0,
                         "arc_u2_top_c": [15.0 if i < top_lower else 25.0 for i in range(n)],
                         "arc_u2_test_error": [12.0 if i < error_higher else 9.0 for i in range(n)]},
                        index=names)


def _evidence(final, steps=None):
    synthetic = final.iloc[:4]
    steps = steps if steps is not None else pd.DataFrame(
        {"steps50_top_c": [5.0], "steps100_top_c": [4.0], "steps50_test_error": [2.0],
         "steps100_test_error": [3.0]}, index=["x"])
    return {"final": final, "synthetic": synthetic, "steps": steps, "phi_ab": 0.3691}


def _holds(claim_id, evidence):
    return CLAIMS[claim_id].evaluate(evidence)[0]


def test_k1_consistently_lower_top_c_asks_every_set():
    assert _holds("K-1", _evidence(_final(7, 7)))
    assert not _holds("K-1", _evidence(_final(6, 7)))       # one set (not synthetic) misses: fails now
    # the earlier reading (most sets, every synthetic one) held there
    assert CLAIMS["K-1"].previous_claim().evaluate(_evidence(_final(6, 7)))[0]


def test_k2_generally_higher_error_asks_more_than_half():
    assert _holds("K-2", _evidence(_final(7, 4)))           # 4 of 7
    assert not _holds("K-2", _evidence(_final(7, 3)))       # 3 of 7
    equal = _final(7, 3)
    equal.iloc[3:5, equal.columns.get_loc("arc_u2_test_error")] = 10.0      # two equal: not higher
    assert not _holds("K-2", _evidence(equal))
    assert CLAIMS["K-2"].previous_claim().evaluate(_evidence(equal))[0]      # higher *or equal* held


def test_k3_no_lower_error_with_the_lower_top_c_on_more_than_half():
    # arc-u2 has the lower top(c) everywhere; its error is higher (the implication fails) on 4 or 3 of 7
    assert _holds("K-3", _evidence(_final(7, 4)))
    assert not _holds("K-3", _evidence(_final(7, 3)))
    # where AdaBoost has the lower top(c), the case turns: its error higher does not support the
    # implication (holds), its error lower does (fails)
    mixed = _final(3, 3)            # sets 0-2: arc-u2 lower top(c), higher error; 3-6: AdaBoost lower both
    assert _holds("K-3", _evidence(mixed))
    mixed["arc_u2_test_error"] = 12.0                       # 3-6: AdaBoost now has the lower error too
    assert not _holds("K-3", _evidence(mixed))
    # an equal error beside a lower top(c) does not support the implication either
    equal = _final(7, 3)
    equal.iloc[3, equal.columns.get_loc("arc_u2_test_error")] = 10.0
    assert _holds("K-3", _evidence(equal))
    assert not CLAIMS["K-3"].previous_claim().evaluate(_evidence(equal))[0]  # strict opposite signs: 3 of 7


def _steps(both, top_only=0, n=7):
    """``n`` sets from 50 to 100 steps: top(c) falls and the error rises on the first ``both``; on the
    next ``top_only`` only top(c) falls; on the rest top(c) rises and the error rises."""
    rows = []
    for i in range(n):
        falls, rises = (True, True) if i < both else (True, False) if i < both + top_only else (False, True)
        rows.append({"steps50_top_c": 5.0, "steps100_top_c": 4.0 if falls else 6.0,
                     "steps50_test_error": 2.0, "steps100_test_error": 3.0 if rises else 1.0})
    return pd.DataFrame(rows, index=[f"set{i}" for i in range(n)])


def test_k4_top_c_falls_while_the_error_rises_on_more_than_half():
    assert _holds("K-4", _evidence(_final(7, 7), _steps(4)))
    assert not _holds("K-4", _evidence(_final(7, 7), _steps(3)))
    # top(c) rising on three sets no longer fails the claim by itself; the earlier reading asked every set
    assert not CLAIMS["K-4"].previous_claim().evaluate(_evidence(_final(7, 7), _steps(4)))[0]
    assert CLAIMS["K-4"].previous_claim().evaluate(_evidence(_final(7, 7), _steps(4, 3)))[0]


def test_k7_is_the_printed_number_and_k8_only_informs():
    assert _holds("K-7", _evidence(_final(7, 7)))
    assert not _holds("K-7", {**_evidence(_final(7, 7)), "phi_ab": 0.376})        # rounds to .38
    holds, values, _ = CLAIMS["K-8"].evaluate(_evidence(_final(7, 7)))
    assert holds is None and values.startswith("set0 10.0")


def _runs(spread=1.0):
    """Runs of every available set whose per-run values spread by ``spread`` (SD) around 10 and 20."""
    rule = tree_rules(CONFIG)[0]
    rows = []
    for group in ("synthetic", "moderate", "larger"):
        n = 1 if group == "larger" else 10
        offsets = np.zeros(1) if n == 1 else (np.arange(n) - 4.5) / np.std(np.arange(n), ddof=1) * spread
        for d in CONFIG[group]["data_sets"]:
            for r in range(n):
                for a in ("adaboost", "arc_u2"):
                    for step in (50, 100):
                        rows.append((d, rule, r, a, step, 10.0 + offsets[r], 20.0 + offsets[r], 0.1))
    return pd.DataFrame(rows, columns=RUN_COLUMNS)


def _summary():
    pub = pd.read_csv(PUBLISHED / "table_2.csv")
    frame = pub.rename(columns={c: f"published_{c}" for c in ("n_training", "n_test", "n_variables",
                                                              "n_classes")})
    frame["n_test"] = np.where(frame["data_set"] == "heart", np.nan, frame["published_n_test"])
    return frame


def test_every_published_cell_carries_the_reports_run_count_decision_8():
    published = {t: pd.read_csv(PUBLISHED / f"{t}.csv", dtype=str)
                 for t in ("table_1", "table_3", "table_4", "table_5")}
    cells = judge(comparison_cells(CONFIG, _runs(), published, _summary()))
    runs = cells.groupby("target")["published_replicates"].agg(["min", "max"])
    assert runs.to_dict("index") == {"table_1": {"min": 10, "max": 10}, "table_3": {"min": 10, "max": 10},
                                     "table_4": {"min": 1, "max": 1}, "table_5": {"min": 10, "max": 10}}
    assert PUBLISHED_RUNS == {"synthetic": 10, "moderate": 10, "larger": 1}
    cell = cells.set_index(["target", "row", "column"])
    # top(c) over 10 runs with SD 1: s_ours/√10 = 0.316, above the rounding's ±0.05 (now the floor)
    top = cell.loc[("table_1", "waveform", "arc_u2_top_c")]
    assert top["published_se"] == pytest.approx(1 / np.sqrt(10))
    assert top["published_se_printed"] == pytest.approx(0.05)
    assert "decision 8" in top["published_se_source"] and "floor" in top["published_se_source"]
    # a test error whose binomial SE on 10 × 3000 points exceeds s_ours/√10 keeps it (the floor)
    flat = judge(comparison_cells(CONFIG, _runs(spread=0.01), published, _summary()))
    error = flat.set_index(["target", "row", "column"]).loc[("table_1", "waveform", "adaboost_test_error")]
    assert error["published_se"] == pytest.approx(100 * np.sqrt(0.184 * 0.816 / 30000))
    assert re.search(r"\(the floor; s_ours/√10 = .* is smaller\)", error["published_se_source"])
    # Table 4, one run: its top(c) has no spread of ours to scale, so the rounding stays
    dna = cell.loc[("table_4", "DNA", "arc_u2_top_c")]
    assert dna["published_se"] == pytest.approx(0.05) and dna["published_replicates"] == 1
