"""L. Breiman, *Arcing the Edge* (Technical Report 486, UC Berkeley, 1997).

The algorithms (AdaBoost as arc-fs, arc-u2, the edges and the bottom edge) are the library's
(:mod:`mavl.ensemble.arcing`, :mod:`mavl.ensemble.edges`) and so are the data (:mod:`mavl.data.synthetic`,
:mod:`mavl.data.uci`); this package only runs the report's experiments and compares them:

* :mod:`.settings`: this paper's section of the workflow config and the data sets' names;
  :mod:`.targets`: what it builds, and the files its rules read;
* :mod:`.runs`: one job: AdaBoost and arc-u2 on every run of one data set under one tree rule;
  :mod:`.sensitivity`: the same under the readings that may explain a miss;
* :mod:`.tables`: Tables 1-5, the Eq. 7.3 remark and the bottom-edge check;
* :mod:`.comparison`, :mod:`.reach`, :mod:`.claims`: the cells judged, the top(c) measurement, the
  claims of spec §6; :mod:`.decision`: every cell under every tree rule, which decides the default;
  :mod:`.report`: ``reports/breiman1997.md``; :mod:`.steps`: one per rule.
"""

from .settings import PAPER, settings

__all__ = ["ORDER", "PAPER", "RULE_PREFIX", "SCALES", "TITLE", "settings"]

#: Every rule of this paper is named ``breiman_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "breiman_"

#: The document, as the reports and the site name it.
TITLE = "L. Breiman, *Arcing the Edge* (Technical Report 486, UC Berkeley, 1997)"
#: Its place in the reports' index, the site and ``rule all``.
ORDER = 3
#: The scales its section's ``scale`` picks from at the shared paper scale.
SCALES = ("default", "readings")
