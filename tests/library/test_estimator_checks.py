"""Every public estimator passes scikit-learn's estimator checks."""

from sklearn.utils.estimator_checks import parametrize_with_checks
from sklearn.utils.validation import has_fit_parameter

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
from mavl.trees import (
    CategoricalTreeClassifier,
    PrunedTreeClassifier,
    STreeClassifier,
    WeightedSplitTreeClassifier,
)

ESTIMATORS = [
    STreeClassifier(),
    WeightedSplitTreeClassifier(min_weight_fraction_split=0.05),
    PrunedTreeClassifier(cv=3, random_state=0),
    CategoricalTreeClassifier(),
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


#: The modes that change what fit or predict_proba do (issue 54: every exported classifier and mode).
MODES = [
    VoteBaggingClassifier(combiner="vote_random"),
    VoteBaggingClassifier(n_estimators=10, combiner="prob_average"),
    ECOCClassifier(n_estimators=20, decoder="loss_logistic"),
    ECOCClassifier(n_estimators=20, decoder="l1"),
    *(cls(n_estimators=10, weighting="resample") for cls in (
        ArcFsClassifier, ArcX4Classifier, ArcU1Classifier, ArcU2Classifier, NormalizedArcingClassifier,
        UnnormalizedArcingClassifier)),
]

#: The checks that pass sample_weight to fit, which arcing by resampling refuses (weighted rows are
#: then not repeated rows): scikit-learn's checks assume that a fit taking sample_weight takes it in
#: every mode. ``test_arcing_by_resampling_refuses_sample_weight`` tests the refusal itself.
SAMPLE_WEIGHT_CHECKS = (
    "check_sample_weights_pandas_series", "check_sample_weights_not_an_array",
    "check_sample_weights_list", "check_sample_weights_shape", "check_sample_weights_not_overwritten",
    "check_sample_weight_equivalence_on_dense_data", "check_sample_weight_equivalence_on_sparse_data",
    "check_sample_weights_invariance", "check_classifiers_one_label_sample_weights",
    "check_all_zero_sample_weights_error",
)


def _refused(estimator):
    if isinstance(estimator, PrunedTreeClassifier):
        # Its `cv` is a fold count, not scikit-learn's splitter, which this check passes; and a
        # repeated point lands in its own fold where a weighted one does not, so the folds differ.
        return {"check_sample_weight_equivalence_on_dense_data":
                "cv is a fold count; repeated points fall into other folds than weighted ones"}
    if getattr(estimator, "weighting", None) == "resample" and has_fit_parameter(estimator, "sample_weight"):
        return {name: "weighting='resample' refuses sample_weight" for name in SAMPLE_WEIGHT_CHECKS}
    return {}


@parametrize_with_checks(ESTIMATORS + MODES, expected_failed_checks=_refused)
def test_sklearn_compatible(estimator, check):
    check(estimator)
