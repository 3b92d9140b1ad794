"""Ensembles that vote: boosting, Breiman's arcing family, bagging and random aggregating.

:class:`AdaBoostM1Classifier` and the arcing algorithms share one boosting loop
(:mod:`~mavl.ensemble.boosting`); :mod:`~mavl.ensemble.edges` holds the edges, top(c) and the
bottom edge of an arcing run; :mod:`~mavl.ensemble.threshold_boosting` the two-class AdaBoost on
threshold stumps used as a column learner.
"""

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

__all__ = ["AdaBoostM1Classifier", "ArcFsClassifier", "ArcU1Classifier", "ArcU2Classifier",
           "ArcX4Classifier", "EarlyStopWarning", "NormalizedArcingClassifier",
           "RandomAggregatingClassifier", "UnnormalizedArcingClassifier", "VoteBaggingClassifier"]
