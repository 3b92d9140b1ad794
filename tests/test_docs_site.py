"""The documentation site (docs/): every public method of a documented class has a docstring, and
every example in the library's docstrings runs."""

import doctest
import importlib
import importlib.util
import pkgutil
import warnings
from pathlib import Path

import pytest

import mavl

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _docs_extension(name):
    """A module of docs/_ext, imported as the Sphinx build imports it."""
    spec = importlib.util.spec_from_file_location(name, DOCS / "_ext" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


api = _docs_extension("mavl_api")
PAGES = api.documented_classes()
CLASSES = sorted({cls for classes in PAGES.values() for cls in classes}, key=lambda cls: cls.__qualname__)


def test_the_api_pages_list_the_estimators_and_their_own_methods_not_scikit_learns():
    assert set(PAGES) == {page.stem for page in (DOCS / "api").glob("*.rst") if page.stem != "index"}
    assert {mavl.ECOCClassifier, mavl.AdaBoostM1Classifier, mavl.LobagClassifier} <= set(CLASSES)
    ecoc, boost = api.public_members(mavl.ECOCClassifier), api.public_members(mavl.AdaBoostM1Classifier)
    # Inherited from mavl's private bases and mixins, so listed; scikit-learn's own are not.
    assert {"predict_prefixes", "decode_prefixes", "column_outputs", "staged_predict_proba"} <= set(ecoc)
    assert {"predict_prefixes", "staged_edges", "staged_decision_function"} <= set(boost)
    assert not {"get_params", "set_params", "score", "set_fit_request"} & (set(ecoc) | set(boost))


def _own_docstring(member):
    for wrapped in ("fget", "fn", "__func__"):      # property, available_if method, classmethod
        member = getattr(member, wrapped, member)
    return (member.__doc__ or "").strip()


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__qualname__)
def test_every_public_method_of_a_documented_class_has_its_own_docstring(cls):
    """autodoc leaves out a member without a docstring (``undoc-members`` is off), and a docstring
    inherited from scikit-learn would describe scikit-learn's method: each needs its own."""
    missing = [name for name, member in api.public_members(cls).items() if not _own_docstring(member)]
    assert missing == [], f"{cls.__qualname__}: no docstring for {missing}"


# The examples of the public estimators (mavl.__all__) run in tests/library/test_estimator_face.py,
# with its own checks; here every other example of the library's docstrings runs.
LIBRARY = ["mavl"] + [m.name for m in pkgutil.walk_packages(mavl.__path__, "mavl.")
                      if not m.name.startswith(("mavl.papers", "mavl.reproduction"))]
ESTIMATORS = {f"{getattr(mavl, name).__module__}.{name}" for name in mavl.__all__}


def _examples(module):
    found = doctest.DocTestFinder(exclude_empty=True).find(importlib.import_module(module))
    return [test for test in found if test.examples and test.name not in ESTIMATORS]


EXAMPLES = [test for module in LIBRARY for test in _examples(module)]


def test_the_library_has_examples_beyond_the_estimators():
    names = {test.name for test in EXAMPLES}
    assert {"mavl.svm.regions.rbf_regions", "mavl.assess.bayes.NaiveBayesClassifier"} <= names
    assert not names & ESTIMATORS


@pytest.mark.parametrize("test", EXAMPLES, ids=lambda test: test.name)
def test_every_example_of_the_library_docstrings_runs(test):
    report = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                    # an example that warns is not an example
        result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
