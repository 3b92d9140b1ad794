"""The README's Python example runs as printed, and the guide's page of examples keeps one per family.

The numbers the README's block states in its comments are checked against what it computed. The
guide's examples (docs/guide/library.rst) are doctests, run with the docs (``--doctest-glob``); here
we check that the page still holds them, so that a broken block cannot drop one unnoticed.
"""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
LIBRARY_PAGE = ROOT / "docs" / "guide" / "library.rst"
_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _blocks():
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in _FENCE.finditer(text)]  # fence line


BLOCKS = _blocks()


def _estimator(ns):
    vowel = ns["vowel"]
    assert len(vowel.X_train) == 528 and len(vowel.X_test) == 462    # "528 training and 462 test points"
    assert round(ns["pict"].score(vowel.X_test, vowel.y_test), 3) == 0.569      # "test accuracy ...: 0.569"


# A line that identifies a block -> the check of the numbers its comments state.
CLAIMS = {"pict = ECOCClassifier(": _estimator}

# One example per family on the guide's page: a line of each.
GUIDE_EXAMPLES = [
    "ecoc = ECOCClassifier(STreeClassifier()",
    "from mavl.ensemble.edges import",
    "boost = AdaBoostMOClassifier(",
    "from mavl.data.gaussian import gaussian_problem",
    "from mavl.bias_variance.margins import",
    "from mavl.assess import",
]


def test_readme_has_its_python_block():
    for marker in CLAIMS:
        assert sum(marker in code for _, code in BLOCKS) == 1, marker


@pytest.mark.parametrize("line, code", BLOCKS, ids=[f"line{line}" for line, _ in BLOCKS])
def test_readme_block_runs(line, code):
    namespace = {"__name__": "__readme__"}
    exec(compile(code, f"{README}:{line}", "exec"), namespace)
    for marker, check in CLAIMS.items():
        if marker in code:
            check(namespace)


def test_the_guides_library_page_keeps_an_example_of_every_family():
    examples = doctest.DocTestParser().get_examples(LIBRARY_PAGE.read_text(encoding="utf-8"))
    source = "".join(example.source for example in examples)
    assert [marker for marker in GUIDE_EXAMPLES if marker not in source] == []
    assert sum(bool(example.want) for example in examples) >= len(GUIDE_EXAMPLES)   # each states results
