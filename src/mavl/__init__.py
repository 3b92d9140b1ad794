"""mavl: majority-vote learners (ECOC family, bagging, boosting) as scikit-learn estimators.

The estimators follow scikit-learn's conventions; every ensemble is fitted once at its largest
size and read at any smaller size through ``predict_prefixes``.
"""

from .bagging import VoteBaggingClassifier
from .boosting import AdaBoostM1Classifier
from .ecoc import CentroidClassifier, ECOCClassifier, RegressionClassifier, SubstitutionClassifier
from .neighbors import OneNearestNeighborClassifier
from .trees import STreeClassifier

__all__ = [
    "AdaBoostM1Classifier",
    "CentroidClassifier",
    "ECOCClassifier",
    "OneNearestNeighborClassifier",
    "RegressionClassifier",
    "STreeClassifier",
    "SubstitutionClassifier",
    "VoteBaggingClassifier",
]

__version__ = "0.1.0"
