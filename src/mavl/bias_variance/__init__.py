"""Bias and variance for 0-1 loss, and the margins of a boosted ensemble.

:mod:`~mavl.bias_variance.decomposition` holds James's (1998) general definitions and their registry
(re-exported here, so ``mavl.bias_variance.DEFINITIONS`` is the registry);
:mod:`~mavl.bias_variance.domingos` Domingos's decomposition as Valentini (2003) estimates it;
:mod:`~mavl.bias_variance.resampled` its summaries on bootstrap resamples of the classifiers;
:mod:`~mavl.bias_variance.margins` the margins and the models of a boosted ensemble's test error.
"""

from .decomposition import (
    DEFINITIONS,
    TABLE_ROWS,
    BiasVarianceResult,
    bias_variance,
    decompose,
    general_decomposition,
    point_basics,
    prediction_distribution,
    squared_loss_decomposition,
)

__all__ = ["DEFINITIONS", "TABLE_ROWS", "BiasVarianceResult", "bias_variance", "decompose",
           "general_decomposition", "point_basics", "prediction_distribution",
           "squared_loss_decomposition"]
