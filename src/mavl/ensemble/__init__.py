"""Ensembles that vote: boosting, Breiman's arcing family, bagging and random aggregating.

:class:`AdaBoostM1Classifier` and the arcing algorithms share one boosting loop
(:mod:`~mavl.ensemble.boosting`); :mod:`~mavl.ensemble.edges` holds the edges, top(c) and the
bottom edge of an arcing run; :mod:`~mavl.ensemble.threshold_boosting` the two-class AdaBoost on
threshold stumps used as a column learner.
"""

from .._lazy import lazy_exports

#: The estimators, each with its module, imported on first use (:mod:`mavl._lazy`): a job that reads
#: :mod:`~mavl.ensemble.edges` alone loads no scikit-learn.
_MODULE_OF = {
    "RandomAggregatingClassifier": "aggregating",
    **dict.fromkeys(["ArcFsClassifier", "ArcU1Classifier", "ArcU2Classifier", "ArcX4Classifier",
                     "NormalizedArcingClassifier", "UnnormalizedArcingClassifier"], "arcing"),
    "VoteBaggingClassifier": "bagging",
    **dict.fromkeys(["AdaBoostM1Classifier", "EarlyStopWarning"], "boosting"),
}

__all__ = sorted(_MODULE_OF)
__getattr__, __dir__ = lazy_exports(__name__, _MODULE_OF)
