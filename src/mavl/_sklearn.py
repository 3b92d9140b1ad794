"""The one place where mavl imports scikit-learn's private helpers.

scikit-learn does not promise these names across releases; keeping them here means a rename
touches one file.
"""

from sklearn.base import _fit_context
from sklearn.svm import _libsvm as libsvm
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions
from sklearn.utils.validation import _check_sample_weight

__all__ = ["HasMethods", "Interval", "StrOptions", "_check_sample_weight", "_fit_context", "libsvm"]
