"""Every public estimator passes scikit-learn's estimator checks."""

from sklearn.utils.estimator_checks import parametrize_with_checks

from mavl import (
    ArcFsClassifier,
    ArcU1Classifier,
    ArcU2Classifier,
    ArcX4Classifier,
    CentroidClassifier,
    ECOCClassifier,
    NormalizedArcingClassifier,
    RegressionClassifier,
    SubstitutionClassifier,
    UnnormalizedArcingClassifier,
)
from mavl.assess import FullBayesClassifier, NaiveBayesClassifier, StackingVoteClassifier
from mavl.ensemble.bagging import VoteBaggingClassifier
from mavl.ensemble.boosting import AdaBoostM1Classifier
from mavl.ensemble.threshold_boosting import AbsThresholdStump, DiscreteAdaBoostClassifier
from mavl.neighbors import KNearestNeighborsClassifier, OneNearestNeighborClassifier
from mavl.output_codes.adaboost_mo import AdaBoostMOClassifier
from mavl.trees import STreeClassifier, WeightedSplitTreeClassifier

ESTIMATORS = [
    STreeClassifier(),
    WeightedSplitTreeClassifier(min_weight_fraction_split=0.05),
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
    ArcFsClassifier(n_estimators=10),
    ArcX4Classifier(n_estimators=10),
    ArcU1Classifier(n_estimators=10),
    ArcU2Classifier(n_estimators=10),
    NormalizedArcingClassifier(n_estimators=10),
    UnnormalizedArcingClassifier(n_estimators=10, loss="softplus", phi=0.4),
    AdaBoostMOClassifier(code="all_pairs", n_estimators=20),
    AbsThresholdStump(),
    DiscreteAdaBoostClassifier(),
]


@parametrize_with_checks(ESTIMATORS)
def test_sklearn_compatible(estimator, check):
    check(estimator)
