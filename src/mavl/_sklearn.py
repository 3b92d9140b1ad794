"""The one place where mavl imports scikit-learn's private helpers.

scikit-learn does not promise these names across releases; keeping them here means a rename
touches one file.
"""

from sklearn.base import _fit_context
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions

__all__ = ["HasMethods", "Interval", "StrOptions", "_fit_context"]
