"""Allwein et al.'s SVM jobs: the kernel route chosen per job gives the results of either route."""

from pathlib import Path

import pandas as pd
import pytest
import yaml

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.experiments import run_job, shares_kernel

CONFIG = yaml.safe_load((Path(__file__).resolve().parents[3] / "config.yaml").read_text())


def _cfg(share_kernel, per_column_jobs=None):
    svm = {**CONFIG["allwein2000"]["svm"], "share_kernel": share_kernel,
           "per_column_jobs": per_column_jobs or {}}
    return settings({**CONFIG, "scale": "quick", "allwein2000": {**CONFIG["allwein2000"], "svm": svm}})


def test_the_route_is_shared_but_for_the_named_jobs():
    assert shares_kernel(_cfg(True), "glass", "dense") and not shares_kernel(_cfg(False), "glass", "dense")
    cfg = _cfg(True, {"all_pairs": ["satimage", "glass"], "sparse": ["pendigits"]})
    assert not shares_kernel(cfg, "glass", "all_pairs")
    assert shares_kernel(cfg, "glass", "sparse")                    # another code of the same data set
    assert shares_kernel(cfg, "pendigits", "dense")                 # a code the mapping does not name
    assert not shares_kernel(_cfg(False, {"dense": ["glass"]}), "glass", "complete")


@pytest.mark.parametrize("family", ["one_vs_all", "sparse"])
def test_both_routes_give_the_same_result_files(family):
    # Vowel ships with the package; the quick scale caps its rows.
    shared = run_job(_cfg(True), "svm", "vowel", family)
    per_column = run_job(_cfg(False), "svm", "vowel", family)
    for a, b in zip(shared, per_column, strict=True):
        pd.testing.assert_frame_equal(a, b, check_exact=False, rtol=1e-9, atol=1e-9)
