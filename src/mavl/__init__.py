"""mavl: majority-vote learners (ECOC family, bagging, boosting) as scikit-learn estimators.

The estimators follow scikit-learn's conventions; every ensemble is fitted once at its largest
size and read at any smaller size through ``predict_prefixes``; AdaBoost.M1 and Breiman's arcing
algorithms (:mod:`mavl.arcing`) share one boosting loop. The theory toolkits live in
:mod:`mavl.bias_variance` (bias and variance for 0-1 loss) and :mod:`mavl.margins` (margins and the
models of the test-error curve of a boosted ensemble).
"""

from .adaboost_mo import AdaBoostMOClassifier
from .aggregating import RandomAggregatingClassifier
from .arcing import (
    ArcFsClassifier,
    ArcU1Classifier,
    ArcU2Classifier,
    ArcX4Classifier,
    NormalizedArcingClassifier,
    UnnormalizedArcingClassifier,
)
from .bagging import VoteBaggingClassifier
from .boosting import AdaBoostM1Classifier, EarlyStopWarning
from .ecoc import ECOCClassifier
from .lobag import LobagClassifier
from .neighbors import KNearestNeighborsClassifier, OneNearestNeighborClassifier
from .picts import CentroidClassifier, RegressionClassifier, SubstitutionClassifier
from .trees import STreeClassifier

__all__ = [
    "AdaBoostM1Classifier",
    "AdaBoostMOClassifier",
    "ArcFsClassifier",
    "ArcU1Classifier",
    "ArcU2Classifier",
    "ArcX4Classifier",
    "CentroidClassifier",
    "ECOCClassifier",
    "EarlyStopWarning",
    "KNearestNeighborsClassifier",
    "LobagClassifier",
    "NormalizedArcingClassifier",
    "OneNearestNeighborClassifier",
    "RandomAggregatingClassifier",
    "RegressionClassifier",
    "STreeClassifier",
    "SubstitutionClassifier",
    "UnnormalizedArcingClassifier",
    "VoteBaggingClassifier",
]

__version__ = "0.1.0"
