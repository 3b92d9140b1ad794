"""The packages that re-export estimators import them on first use (:mod:`mavl._lazy`).

``import mavl`` runs first in every workflow job: it, and the packages a light job reads a module
of, load no scikit-learn, while every public name still resolves to the object of its module.
"""

import importlib
import subprocess
import sys

import pytest

LAZY = ["mavl", "mavl.ensemble", "mavl.assess", "mavl.output_codes"]


@pytest.mark.parametrize("package", LAZY)
def test_importing_the_package_loads_no_scikit_learn(package):
    code = f"import sys, {package}; print('sklearn' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("package", LAZY)
def test_every_public_name_resolves_and_is_listed(package):
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        assert getattr(value, "__name__", name) == name
        assert value.__module__.startswith("mavl.")
    assert set(module.__all__) <= set(dir(module))


def test_an_unknown_name_is_an_attribute_error():
    import mavl

    with pytest.raises(AttributeError, match="no attribute 'NoSuchClassifier'"):
        mavl.NoSuchClassifier  # noqa: B018
    assert not hasattr(mavl.assess, "no_such_measure")


def test_a_name_is_the_one_its_module_defines():
    import mavl
    from mavl.ensemble.bagging import VoteBaggingClassifier

    assert mavl.VoteBaggingClassifier is VoteBaggingClassifier
    assert mavl.ensemble.VoteBaggingClassifier is VoteBaggingClassifier
