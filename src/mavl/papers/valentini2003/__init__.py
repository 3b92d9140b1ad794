"""G. Valentini, *Ensemble methods based on bias–variance analysis* (PhD thesis DISI-TH-2003-04,
University of Genova, 2003).

The methods are the library's: the SVM kernels and grids (:mod:`mavl.svm.grid`), Domingos's
decomposition and the out-of-bag estimate (:mod:`mavl.bias_variance.domingos`), random aggregating
(:mod:`mavl.ensemble.aggregating`), Lobag (:mod:`mavl.svm.lobag`) and the comparison statistics
(:mod:`mavl.assess.comparisons`); the data are :mod:`mavl.data.two_class` and
:mod:`mavl.data.uci_binary`. This package only runs the thesis's experiments and compares them:

* :mod:`.settings`: this paper's section of the workflow config, its three scales and the jobs of a
  scale, one per experiment family, data set and kernel.
* :mod:`.chapter4`, :mod:`.chapter5`, :mod:`.chapter6`: each chapter's experiment families
  (``jobs``), tables, figures and claims; :mod:`.plotting` the curve conventions the figures of
  chapters 4 and 5 share.
* :mod:`.families`: each family run from the resolved settings; :mod:`.targets`: each chapter's
  tables and figures derived from its jobs, and the list of files the workflow builds.
* :mod:`.static`: the targets that need no learning (family F0: Figures 3.1-4.4 and the pseudo-code
  listings of Chapter 5, Table 4.1) and the reference-only GCM targets (F9: Tables 6.3-6.5, Fig. 6.2).
* :mod:`.claims_noise`: the claims judged against the noise of their replicates; :mod:`.comparison`:
  the published error cells beside their reproduction; :mod:`.calibration`, :mod:`.sensitivity`:
  the RBF width calibration and the sweeps that explain misses; :mod:`.report`: the report.
* :mod:`.steps`: one function per workflow rule.
"""

from .settings import PAPER, SCALES, settings

__all__ = ["ORDER", "PAPER", "RULE_PREFIX", "SCALES", "TITLE", "settings"]

#: Every rule of this paper is named ``valentini_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "valentini_"

#: The document, as the reports and the site name it.
TITLE = "G. Valentini, *Ensemble methods based on bias–variance analysis* (PhD thesis, Genova, 2003)"
#: Its place in the reports' index, the site and ``rule all``.
ORDER = 5
