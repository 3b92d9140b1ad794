"""Output codes: a multiclass problem as two-class columns, decoded back to a class.

James (1998) ch. 2–3 and Allwein, Schapire & Singer (2000): :class:`ECOCClassifier` (any code, any
decoder, any binary learner), the fixed-decoder PICTs (:class:`CentroidClassifier`,
:class:`RegressionClassifier`, :class:`SubstitutionClassifier`), :class:`AdaBoostMOClassifier`;
the code matrices (:mod:`~mavl.output_codes.codes`), the decoders
(:mod:`~mavl.output_codes.decoders`), the margin losses (:mod:`~mavl.output_codes.losses`) and the
error bounds of a code (:mod:`~mavl.output_codes.bounds`).
"""

from .adaboost_mo import AdaBoostMOClassifier
from .codes import make_code
from .ecoc import ECOCClassifier
from .picts import CentroidClassifier, RegressionClassifier, SubstitutionClassifier

__all__ = ["AdaBoostMOClassifier", "CentroidClassifier", "ECOCClassifier", "RegressionClassifier",
           "SubstitutionClassifier", "make_code"]
