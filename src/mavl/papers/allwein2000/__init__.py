"""E. L. Allwein, R. E. Schapire and Y. Singer, *Reducing Multiclass to Binary: A Unifying Approach
for Margin Classifiers* (JMLR 1, 2000).

The methods are the library's, in :mod:`mavl.output_codes`: the codes (:mod:`~mavl.output_codes.codes`),
the margin losses (:mod:`~mavl.output_codes.losses`), Hamming and loss-based decoding
(:mod:`~mavl.output_codes.decoders`), the training-error bounds (:mod:`~mavl.output_codes.bounds`),
the output-code estimator (:class:`~mavl.output_codes.ecoc.ECOCClassifier`) and AdaBoost.MO
(:mod:`~mavl.output_codes.adaboost_mo`); the data are :mod:`mavl.data.uci_multiclass`. This package
only runs the paper's experiments and compares them:

* :mod:`.settings`: this paper's section of the workflow config and the jobs of a scale.
* :mod:`.preprocess`: the paper's feature preparation for the stumps and for the SVM.
* :mod:`.experiments`: one job, one learner on one data set and code; :mod:`.synthetic`: Figure 3.
* :mod:`.tables`: Tables 1-3 and the extras; :mod:`.figures`: Figures 1-7 (:mod:`.targets`: the
  files the workflow builds).
* :mod:`.claims`: the claims of spec §7, judged on the published and the reproduced numbers and on
  bootstrap draws of the replicates (folds, test examples, Figure 3's repetitions);
  :mod:`.paired`: the paired tests behind them on the jobs' per-example errors (through
  :mod:`mavl.reproduction.paired`); :mod:`.report`: ``reports/allwein2000.md``.
* :mod:`.comparison`, :mod:`.sensitivity`: Tables 2-3 as cells of the comparison standard and the
  sweeps of readings behind their misses.
"""

from .settings import PAPER, settings

__all__ = ["ORDER", "PAPER", "RULE_PREFIX", "TITLE", "settings"]

#: Every rule of this paper is named ``allwein_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "allwein_"

#: The document, as the reports and the site name it.
TITLE = "E. L. Allwein, R. E. Schapire and Y. Singer, *Reducing Multiclass to Binary* (JMLR 1, 2000)"
#: Its place in the reports' index, the site and ``rule all``.
ORDER = 4
