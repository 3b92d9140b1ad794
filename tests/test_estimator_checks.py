"""Every public estimator passes scikit-learn's estimator checks."""

from sklearn.utils.estimator_checks import parametrize_with_checks

from mavl import (
    CentroidClassifier,
    ECOCClassifier,
    RegressionClassifier,
    SubstitutionClassifier,
)
from mavl.assess import FullBayesClassifier, NaiveBayesClassifier, StackingVoteClassifier
from mavl.bagging import VoteBaggingClassifier
from mavl.boosting import AdaBoostM1Classifier
from mavl.neighbors import KNearestNeighborsClassifier, OneNearestNeighborClassifier
from mavl.trees import STreeClassifier

ESTIMATORS = [
    STreeClassifier(),
    OneNearestNeighborClassifier(),
    KNearestNeighborsClassifier(n_neighbors=3),
    ECOCClassifier(n_estimators=20),
    RegressionClassifier(n_estimators=20),
    CentroidClassifier(n_estimators=20),
    SubstitutionClassifier(n_estimators=20),
    VoteBaggingClassifier(n_estimators=10),
    AdaBoostM1Classifier(n_estimators=10),
    FullBayesClassifier(),
    NaiveBayesClassifier(),
    StackingVoteClassifier(),
]


@parametrize_with_checks(ESTIMATORS)
def test_sklearn_compatible(estimator, check):
    check(estimator)
