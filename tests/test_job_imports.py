"""A job that fits nothing loads no scikit-learn at its start (issue 52, item 2).

Every job runs ``workflow/scripts/step.py``: it imports :mod:`mavl.reproduction.progress`, then
:func:`mavl.reproduction.steps.step_function` imports the step's paper and its ``steps`` module.
For the rules below (tables, figures, comparisons, reports) that start imports no scikit-learn
(0.85 s of a job's start with the scipy.stats and pandas it pulls in), and Breiman's and James's
none of scipy.stats either (0.25-0.35 s more); the fitting steps import their learners when they
run. The papers not listed still load it at their start: Allwein's steps import its tables and
figures modules, which import the data loaders and the experiments; Valentini's and Zaki's light
steps import modules that fit (their tables' labels, the demonstrations).
"""

import subprocess
import sys

import pytest

START = """
import sys
import mavl.reproduction.progress
from mavl.reproduction.steps import step_function
step_function(sys.argv[1])
print(" ".join(m for m in ("sklearn", "scipy.stats", "matplotlib.pyplot") if m in sys.modules))
"""

#: rule -> the heavy modules its start must not load.
LIGHT_RULES = {
    "reports_index": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "reports_pages": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_table": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_static": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_bottom_edge": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_sensitivity": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_comparison": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_report": {"sklearn", "scipy.stats", "matplotlib.pyplot"},
    "breiman_runs": {"scipy.stats", "matplotlib.pyplot"},    # its trees import scikit-learn as it runs
    "james_table": {"sklearn", "scipy.stats"},
    "james_plot_error_figure": {"sklearn", "scipy.stats"},
    "james_margin_figure": {"sklearn", "scipy.stats"},
    "james_settling_figures": {"sklearn", "scipy.stats"},
    "james_bias_variance_table": {"sklearn", "scipy.stats"},
    "james_case_study_table": {"sklearn", "scipy.stats"},
    "james_case_study_figure": {"sklearn", "scipy.stats"},
    "james_static_table": {"sklearn", "scipy.stats"},
    "james_comparison": {"sklearn", "scipy.stats"},
    "james_report": {"sklearn", "scipy.stats"},
}


@pytest.mark.parametrize("rule", sorted(LIGHT_RULES))
def test_a_light_job_starts_without_the_modules_it_does_not_use(rule):
    out = subprocess.run([sys.executable, "-c", START, rule], capture_output=True, text=True, check=True)
    assert not set(out.stdout.split()) & LIGHT_RULES[rule]

