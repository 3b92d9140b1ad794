"""J. Smith (2001), *How a majority grows*: the worked example of a paper written against the
framework (docs/guide/extending.rst, "Adding a paper").

* :mod:`.study`: the experiment (majorities of independent voters, simulated), its table, figure,
  claim and sweep;
* :mod:`.targets`: the tables and figures it rebuilds, declared once;
* :mod:`.steps`: one step per rule ``smith_<step>``.
"""

PAPER = "smith2001"
#: The document, as the reports and the site name it.
TITLE = "J. Smith, *How a majority grows* (2001)"
#: Its place in the reports' index, the site and ``rule all``: after the five papers.
ORDER = 6
#: Every rule of this paper is named ``smith_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "smith_"

__all__ = ["ORDER", "PAPER", "RULE_PREFIX", "TITLE", "settings"]


def settings(config):
    """The ``smith2001`` section of the workflow config with the shared ``master_seed`` and ``scale``."""
    return {**config[PAPER], "master_seed": config["master_seed"], "scale": config["scale"]}
