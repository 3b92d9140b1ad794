"""A job loads at its start only what every job of its paper needs (issues 52 and 62).

Every job runs ``workflow/scripts/step.py``: it imports :mod:`mavl.reproduction.progress`, then
:func:`mavl.reproduction.steps.step_function` imports the step's paper and its ``steps`` module (and,
for the comparison and the report, the framework's loop). So one start per paper, its comparison's,
is the start of every job of that paper. No job loads pyplot at its start (a third of a second):
the papers draw with :data:`mavl.reproduction.figures.plt`, loaded when a step first draws. Breiman's
and James's jobs load no scikit-learn either (0.85 s, with the scipy.stats and pandas it pulls in)
nor scipy.stats (0.25-0.35 s more): their fitting steps import their learners when they run. The
other papers' steps modules import their experiments, which import scikit-learn.
"""

import subprocess
import sys

import pytest

from mavl.reproduction import registry

START = """
import sys
import mavl.reproduction.progress
from mavl.reproduction.steps import step_function
step_function(sys.argv[1])
print(" ".join(m for m in ("sklearn", "scipy.stats", "matplotlib.pyplot") if m in sys.modules))
"""

#: What no job loads at its start.
NEVER = {"matplotlib.pyplot"}
#: paper -> what its jobs do not load at their start either.
LIGHTER = {"breiman1997": {"sklearn", "scipy.stats"}, "james1998": {"sklearn", "scipy.stats"}}
#: rule -> what its start must not load: each paper's comparison (whose start is that of every job of
#: the paper), and the reports' index and pages, which read finished files.
HEAVY = {**{paper.rule_prefix + "comparison": NEVER | LIGHTER.get(paper.name, set())
            for paper in registry.declarations()},
         **dict.fromkeys(["reports_index", "reports_pages"], NEVER | {"sklearn", "scipy.stats"})}


def test_each_lighter_paper_is_a_paper():
    assert set(LIGHTER) <= {paper.name for paper in registry.declarations()}


@pytest.mark.parametrize("rule", sorted(HEAVY))
def test_a_job_starts_without_the_modules_it_does_not_use(rule):
    out = subprocess.run([sys.executable, "-c", START, rule], capture_output=True, text=True, check=True)
    assert not set(out.stdout.split()) & HEAVY[rule]
