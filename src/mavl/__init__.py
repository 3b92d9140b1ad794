"""mavl: majority-vote learners (ECOC family, bagging, boosting) as scikit-learn estimators.

The estimators follow scikit-learn's conventions; every ensemble is fitted once at its largest
size and read at any smaller size through ``predict_prefixes``; AdaBoost.M1 and Breiman's arcing
algorithms (:mod:`mavl.ensemble.arcing`) share one boosting loop. The modules are grouped by
family, as scikit-learn's are: :mod:`mavl.output_codes`, :mod:`mavl.ensemble`, :mod:`mavl.svm`,
:mod:`mavl.bias_variance` (bias and variance for 0-1 loss, and margins), :mod:`mavl.assess`,
:mod:`mavl.data`; the base learners are :mod:`mavl.trees` and :mod:`mavl.neighbors`.
"""

from .ensemble import (
    AdaBoostM1Classifier,
    ArcFsClassifier,
    ArcU1Classifier,
    ArcU2Classifier,
    ArcX4Classifier,
    EarlyStopWarning,
    NormalizedArcingClassifier,
    RandomAggregatingClassifier,
    UnnormalizedArcingClassifier,
    VoteBaggingClassifier,
)
from .neighbors import KNearestNeighborsClassifier, OneNearestNeighborClassifier
from .output_codes import (
    AdaBoostMOClassifier,
    CentroidClassifier,
    ECOCClassifier,
    RegressionClassifier,
    SubstitutionClassifier,
)
from .svm import LobagClassifier
from .trees import STreeClassifier, WeightedSplitTreeClassifier

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
    "WeightedSplitTreeClassifier",
    "SubstitutionClassifier",
    "UnnormalizedArcingClassifier",
    "VoteBaggingClassifier",
]

__version__ = "0.1.0"
