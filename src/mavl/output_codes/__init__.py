"""Output codes: a multiclass problem as two-class columns, decoded back to a class.

James (1998) ch. 2–3 and Allwein, Schapire & Singer (2000): :class:`ECOCClassifier` (any code, any
decoder, any binary learner), the fixed-decoder PICTs (:class:`CentroidClassifier`,
:class:`RegressionClassifier`, :class:`SubstitutionClassifier`), :class:`AdaBoostMOClassifier`;
the code matrices (:mod:`~mavl.output_codes.codes`), the decoders
(:mod:`~mavl.output_codes.decoders`), the margin losses (:mod:`~mavl.output_codes.losses`) and the
error bounds of a code (:mod:`~mavl.output_codes.bounds`).
"""

from .._lazy import lazy_exports

#: The estimators and make_code, each with its module, imported on first use (:mod:`mavl._lazy`): a
#: job that reads the code matrices, decoders or bounds alone loads no scikit-learn.
_MODULE_OF = {
    "AdaBoostMOClassifier": "adaboost_mo",
    "ECOCClassifier": "ecoc",
    **dict.fromkeys(["CentroidClassifier", "RegressionClassifier", "SubstitutionClassifier"], "picts"),
    "make_code": "codes",
}

__all__ = sorted(_MODULE_OF)
__getattr__, __dir__ = lazy_exports(__name__, _MODULE_OF)
