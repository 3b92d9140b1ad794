"""Row lookups of the claims (mavl.papers.valentini2003.frame_rows) against the boolean filter they
replace."""

import gc

import numpy as np
import pandas as pd
import pandas.testing as pdt

from mavl.papers.valentini2003 import frame_rows
from mavl.papers.valentini2003.frame_rows import rows_where


def _frame(seed):
    rng = np.random.default_rng(seed)
    n = 300
    return pd.DataFrame({"data_set": rng.choice(["p2", "spam", "musk"], n),
                         "kernel": rng.choice(["rbf", "poly"], n),
                         "method": rng.choice(["bagging", "randagg", "single"], n),
                         "C": rng.choice([0.1, 1.0, 10.0], n), "error": rng.random(n)},
                        index=rng.permutation(n) + 1000)


def test_rows_are_those_of_the_boolean_filter_in_the_same_order():
    f = _frame(0)
    for data_set in ("p2", "spam", "musk"):
        for method in ("bagging", "single"):
            expected = f[(f["method"] == method) & (f["data_set"] == data_set) & (f["kernel"] == "rbf")]
            pdt.assert_frame_equal(rows_where(f, method=method, data_set=data_set, kernel="rbf"), expected)
        pdt.assert_frame_equal(rows_where(f, data_set=data_set), f[f["data_set"] == data_set])
    assert rows_where(f, data_set="waveform", kernel="rbf").empty
    assert list(rows_where(f, data_set="waveform", kernel="rbf").columns) == list(f.columns)


def test_a_new_frame_is_grouped_anew_and_a_collected_one_forgotten():
    first = _frame(1)
    rows_where(first, data_set="p2", kernel="rbf")
    second = _frame(2)                                    # other rows: not the first frame's groups
    expected = second[(second["data_set"] == "p2") & (second["kernel"] == "rbf")]
    pdt.assert_frame_equal(rows_where(second, data_set="p2", kernel="rbf"), expected)
    held = len(frame_rows._GROUPS)
    del first
    gc.collect()
    assert len(frame_rows._GROUPS) == held - 1
