"""Every ```python block of README.md runs as printed, each in a fresh namespace.

The numbers the blocks state in their comments are checked against what the block computed.
"""

import re
from pathlib import Path

import numpy as np
import pytest

README = Path(__file__).parents[1] / "README.md"
# Blocks in README.md when this test was written; a renamed or broken fence must not drop one.
MIN_BLOCKS = 6
_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _blocks():
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in _FENCE.finditer(text)]  # fence line


BLOCKS = _blocks()


def _vowel_sizes(ns):
    assert ns["X"].shape[0] == 528 and ns["X_test"].shape[0] == 462  # "528 training and 462 test"


def _library(ns):
    _vowel_sizes(ns)
    assert ns["errors"].shape == (3,)  # "after 10, 50 and 200 rounds"
    assert np.all(ns["predictions"]["regression"][0] == -1)  # B = 10 < k = 11: undefined
    assert np.all(ns["predictions"]["regression"][1:] >= 0)


def _edges(ns):
    assert round(ns["adaboost_edge_bound"](0.25), 3) == 0.369  # "Eq. 7.3: 0.369"


def _gaussian(ns):
    assert ns["problem"].X_test.shape[0] == 1040  # "on its 1040 test points"
    assert round(float(ns["result"].table["Bayes Error"]), 1) == 20.5  # "Bayes error is 20.5 %"


def _margins(ns):
    assert ns["train_m"].shape == (50, len(ns["y"]))  # "(B, n)"
    assert ns["test_m"].shape == (50, len(ns["y_test"]))
    assert all({"prediction", "rss"} <= set(fit) for fit in ns["fits"])


def _assess(ns):
    assert len(ns["theta"]) == 10  # "error per fold", K = 10


# A line that identifies a block -> the check of the numbers its comments state.
CLAIMS = {
    "ecoc = ECOCClassifier(STreeClassifier()": _library,
    "from mavl.ensemble.edges import": _edges,
    "boost = AdaBoostMOClassifier(": _vowel_sizes,
    "from mavl.data.gaussian import gaussian_problem": _gaussian,
    "from mavl.bias_variance.margins import": _margins,
    "from mavl.assess import": _assess,
}


def test_readme_has_its_python_blocks():
    assert len(BLOCKS) >= MIN_BLOCKS
    for marker in CLAIMS:
        assert sum(marker in code for _, code in BLOCKS) == 1, marker


@pytest.mark.parametrize("line, code", BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_readme_block_runs(line, code):
    namespace = {"__name__": "__readme__"}
    exec(compile(code, f"{README}:{line}", "exec"), namespace)
    for marker, check in CLAIMS.items():
        if marker in code:
            check(namespace)
