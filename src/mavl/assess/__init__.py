"""Classification assessment (Zaki & Meira, *Data Mining and Machine Learning*, Ch. 22).

Measures (:mod:`.measures`), ROC and AUC (:mod:`.roc`), cross-validation and the bootstrap
(:mod:`.resampling`), confidence intervals and paired tests (:mod:`.intervals`), the Bayes
classifiers of the chapter's examples (:mod:`.bayes`) and the ensembles the package lacks
(:mod:`.ensembles`). Where scikit-learn or scipy does the job they are called (confusion matrix,
fold splitting, AUC, quantiles); what this adds is tested against them or against the chapter's
identities. The chapter's bias–variance decomposition is
:func:`mavl.bias_variance.squared_loss_decomposition`.
"""

from .._lazy import lazy_exports

#: The public names, each with its module, imported on first use (:mod:`mavl._lazy`): the paired
#: tests of :mod:`.intervals` load no scikit-learn.
_MODULE_OF = {
    "squared_loss_decomposition": "..bias_variance.decomposition",
    **dict.fromkeys(["FullBayesClassifier", "NaiveBayesClassifier"], "bayes"),
    **dict.fromkeys(["confidence_level", "mcnemar_confidence", "reduction_table", "relative_reduction",
                     "resampled_paired_t_test"], "comparisons"),
    **dict.fromkeys(["StackingVoteClassifier", "random_forest_oob"], "ensembles"),
    **dict.fromkeys(["mcnemar_test", "mean_and_variance", "paired_t_test", "t_interval", "z_interval"],
                    "intervals"),
    **dict.fromkeys(["binary_measures", "class_measures", "contingency_matrix", "overall_measures"],
                    "measures"),
    **dict.fromkeys(["bootstrap_estimates", "cross_validation_estimates", "error_rate", "kfold_indices",
                     "paired_cv_test"], "resampling"),
    **dict.fromkeys(["auc_mann_whitney", "roc_points"], "roc"),
}

__all__ = sorted(_MODULE_OF)
__getattr__, __dir__ = lazy_exports(__name__, _MODULE_OF)
