"""G. James, *Majority Vote Classifiers: Theory and Applications* (Stanford PhD thesis, 1998).

Everything here rebuilds this thesis and nothing else; the methods themselves are the library's
(:mod:`mavl`), and the published-beside-reproduced machinery is :mod:`mavl.reproduction`'s.
One module per concept; :mod:`.steps` holds the workflow steps (one per rule, run by
:func:`mavl.reproduction.steps.run_step`), each calling the module of its target:

* :mod:`.settings`: this paper's section of the workflow config; :mod:`.targets`: the files the
  rules build.
* Chapter 2: :mod:`.experiments` (one replicate of an experiment), :mod:`.error_tables` (the error
  tables and figures), :mod:`.settling` (Figures 2.3 and 2.4), :mod:`.bound_table` (Table 2.2),
  :mod:`.illustrations` (Table 2.1 and Figures 1.1, 2.1, 2.5), :mod:`.sensitivity` (the sweeps of
  the error tables' misses, and of Tables 3.1/3.2).
* Chapter 3: :mod:`.gaussian_study` (the Gaussian simulations and their calibration),
  :mod:`.bias_variance_tables` (Tables 3.1 and 3.2), :mod:`.case_study` (Section 3.4, Figures 2.6
  and 3.1). Chapter 4: :mod:`.margin_study` (Figures 4.1-4.4).
* Judging: :mod:`.comparison` (every published cell), the claim registries :mod:`.claims_ch2` (on
  the Chapter 2 error tables) and :mod:`.claims_theory` (Chapters 3-4, the Chapter 2 figures and
  bound), :mod:`.claims_noise` (their replicates' draws), :mod:`.claims_judged` (both judged),
  :mod:`.paired_tests` (the paired "A beats B" tests behind the Chapter 2 claims).
* :mod:`.report`: ``reports/james1998.md``.
"""

from .settings import PAPER, settings

__all__ = ["ORDER", "PAPER", "RULE_PREFIX", "TITLE", "settings"]

#: Every rule of this paper is named ``james_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "james_"

#: The document, as the reports and the site name it.
TITLE = "G. James, *Majority Vote Classifiers: Theory and Applications* (PhD thesis, Stanford, 1998)"
#: Its place in the reports' index, the site and ``rule all``.
ORDER = 1
