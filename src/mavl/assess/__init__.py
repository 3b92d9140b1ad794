"""Classification assessment (Zaki & Meira, *Data Mining and Machine Learning*, Ch. 22).

Measures (:mod:`.measures`), ROC and AUC (:mod:`.roc`), cross-validation and the bootstrap
(:mod:`.resampling`), confidence intervals and paired tests (:mod:`.intervals`), the Bayes
classifiers of the chapter's examples (:mod:`.bayes`) and the ensembles the package lacks
(:mod:`.ensembles`). Where scikit-learn or scipy does the job they are called (confusion matrix,
fold splitting, AUC, quantiles); what this adds is tested against them or against the chapter's
identities. The chapter's bias–variance decomposition is
:func:`mavl.bias_variance.squared_loss_decomposition`.
"""

from ..bias_variance.decomposition import squared_loss_decomposition
from .bayes import FullBayesClassifier, NaiveBayesClassifier
from .comparisons import (
    confidence_level,
    mcnemar_confidence,
    reduction_table,
    relative_reduction,
    resampled_paired_t_test,
)
from .ensembles import StackingVoteClassifier, random_forest_oob
from .intervals import mcnemar_test, mean_and_variance, paired_t_test, t_interval, z_interval
from .measures import binary_measures, class_measures, contingency_matrix, overall_measures
from .resampling import (
    bootstrap_estimates,
    cross_validation_estimates,
    error_rate,
    kfold_indices,
    paired_cv_test,
)
from .roc import auc_mann_whitney, roc_points

__all__ = [
    "FullBayesClassifier",
    "NaiveBayesClassifier",
    "StackingVoteClassifier",
    "auc_mann_whitney",
    "binary_measures",
    "bootstrap_estimates",
    "class_measures",
    "confidence_level",
    "contingency_matrix",
    "cross_validation_estimates",
    "error_rate",
    "kfold_indices",
    "mcnemar_confidence",
    "mcnemar_test",
    "mean_and_variance",
    "overall_measures",
    "paired_cv_test",
    "paired_t_test",
    "random_forest_oob",
    "reduction_table",
    "relative_reduction",
    "resampled_paired_t_test",
    "roc_points",
    "squared_loss_decomposition",
    "t_interval",
    "z_interval",
]
