"""mavl: majority-vote learners (ECOC family, bagging, boosting) as scikit-learn estimators.

The estimators follow scikit-learn's conventions; every ensemble is fitted once at its largest
size and read at any smaller size through ``predict_prefixes``; AdaBoost.M1 and Breiman's arcing
algorithms (:mod:`mavl.ensemble.arcing`) share one boosting loop. The modules are grouped by
family, as scikit-learn's are: :mod:`mavl.output_codes`, :mod:`mavl.ensemble`, :mod:`mavl.svm`,
:mod:`mavl.bias_variance` (bias and variance for 0-1 loss, and margins), :mod:`mavl.assess`,
:mod:`mavl.data`; the base learners are :mod:`mavl.trees` and :mod:`mavl.neighbors`.
"""

from ._lazy import lazy_exports

#: The public estimators, each with the module it lives in, imported on first use (:mod:`mavl._lazy`).
_MODULE_OF = {
    **dict.fromkeys(["AdaBoostM1Classifier", "ArcFsClassifier", "ArcU1Classifier", "ArcU2Classifier",
                     "ArcX4Classifier", "EarlyStopWarning", "NormalizedArcingClassifier",
                     "RandomAggregatingClassifier", "UnnormalizedArcingClassifier",
                     "VoteBaggingClassifier"], "ensemble"),
    **dict.fromkeys(["KNearestNeighborsClassifier", "OneNearestNeighborClassifier"], "neighbors"),
    **dict.fromkeys(["AdaBoostMOClassifier", "CentroidClassifier", "ECOCClassifier",
                     "RegressionClassifier", "SubstitutionClassifier"], "output_codes"),
    "LobagClassifier": "svm",
    **dict.fromkeys(["CategoricalTreeClassifier", "PrunedTreeClassifier", "STreeClassifier",
                     "WeightedSplitTreeClassifier"], "trees"),
}

__all__ = sorted(_MODULE_OF)
__getattr__, __dir__ = lazy_exports(__name__, _MODULE_OF)

__version__ = "0.1.0"
