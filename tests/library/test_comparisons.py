"""Valentini's comparison statistics (spec valentini2003 §1.11, A19)."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mavl.assess.comparisons import (
    confidence_level,
    mcnemar_confidence,
    reduction_table,
    relative_reduction,
    resampled_paired_t_test,
)


def test_relative_reduction_section_1_11():
    assert relative_reduction(0.20, 0.15) == pytest.approx(25.0)
    assert relative_reduction(0.10, 0.12) == pytest.approx(-20.0)       # ensemble worse
    assert relative_reduction(0.02, -0.01) == pytest.approx(150.0)      # net variance below 0
    assert np.isnan(relative_reduction(0.0, 0.1))
    np.testing.assert_allclose(relative_reduction([0.2, 0.0], [0.1, 0.0]), [50.0, np.nan])


def test_reduction_table_tables_5_1_and_5_2():
    single = pd.Series({"error": 0.2, "bias": 0.1, "net_variance": 0.1, "unbiased_variance": 0.12,
                        "variance": 0.3})
    ensemble = pd.Series({"error": 0.15, "bias": 0.11, "net_variance": 0.04, "unbiased_variance": 0.05,
                          "variance": 0.1})
    table = reduction_table(single, ensemble)
    assert table.index.tolist() == ["error", "bias", "net_variance", "unbiased_variance"]
    np.testing.assert_allclose(table["reduction_pct"], [25.0, -10.0, 60.0, 100 * 0.07 / 0.12])


@pytest.mark.parametrize("p, level", [(0.0, 0.001), (0.001, 0.001), (0.0011, 0.005), (0.007, 0.01),
                                      (0.02, 0.025), (0.05, 0.05), (0.07, 0.1), (0.1, 0.1),
                                      (0.1001, 1.0), (0.9, 1.0)])
def test_confidence_level_buckets_a19(p, level):
    assert confidence_level(p) == level


def test_mcnemar_confidence_section_1_11():
    y = np.zeros(100, dtype=int)
    a, b = y.copy(), y.copy()
    a[:20] = 1                       # A wrong on 0..19
    b[15:20] = 1                     # B wrong on 15..19 too
    b[20:22] = 1                     # and only B wrong on 20, 21
    r = mcnemar_confidence(y, a, b)
    assert (r["n01"], r["n10"]) == (15, 2)
    assert r["chi2"] == pytest.approx((13 - 1) ** 2 / 17)
    assert r["p_value"] == pytest.approx(stats.chi2.sf(144 / 17, 1))
    assert r["confidence"] == 0.005                      # p ≈ 0.0036
    assert mcnemar_confidence(y, y, y)["confidence"] == 1.0


def test_resampled_paired_t_test_section_1_11():
    rng = np.random.default_rng(30)
    a = rng.normal(0.10, 0.01, 30)
    b = a - 0.004 + rng.normal(0, 0.005, 30)
    r = resampled_paired_t_test(a, b)
    d = a - b
    assert r["t"] == pytest.approx(d.mean() * np.sqrt(30) / d.std(ddof=1))
    assert r["p_value"] == pytest.approx(stats.ttest_rel(a, b).pvalue)
    assert r["df"] == 29 and r["critical_t"] == pytest.approx(stats.t.ppf(0.995, 29))
    assert r["reject"] == (abs(r["t"]) > r["critical_t"])
    constant = resampled_paired_t_test(np.full(5, 0.25), np.full(5, 0.5))    # s_d = 0, d̄ ≠ 0
    assert constant["reject"] and constant["t"] == -np.inf
    assert not resampled_paired_t_test(np.full(5, 0.25), np.full(5, 0.25))["reject"]
