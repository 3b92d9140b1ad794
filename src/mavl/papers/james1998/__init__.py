"""G. James, *Majority Vote Classifiers: Theory and Applications* (Stanford PhD thesis, 1998).

Everything here rebuilds this thesis and nothing else; the methods themselves are the library's
(:mod:`mavl`), and the published-beside-reproduced machinery is :mod:`mavl.reproduction`'s.
One module per study, each holding its workflow steps (called by ``workflow/scripts/james1998/``):

* :mod:`.settings`: this paper's section of the workflow config.
* :mod:`.experiments`, :mod:`.error_tables`: Chapter 2's error tables and figures.
* :mod:`.settling`: Figures 2.3 and 2.4. :mod:`.static`, :mod:`.bound_table`,
  :mod:`.illustrations`: Tables 2.1, 2.2 and Figures 1.1, 2.1, 2.5.
* :mod:`.gaussian_study`, :mod:`.bias_variance_tables`, :mod:`.case_study`: Chapter 3.
* :mod:`.margin_study`: Chapter 4.
* :mod:`.claims_ch2`, :mod:`.claims_theory`, :mod:`.comparisons`: the claims and the paired tests
  behind them. :mod:`.report`, :mod:`.report_theory`: ``reports/james1998.md``.
"""

from .settings import PAPER, settings

__all__ = ["PAPER", "RULE_PREFIX", "settings"]

#: Every rule of this paper is named ``james_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "james_"
