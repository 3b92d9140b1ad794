"""The two input preprocessings of Allwein et al. (2000)'s experiments (spec allwein2000 §6, §4.5(c), A9).

Both are scikit-learn transformers, so they are fitted on the training rows of a split or fold only
and then applied unchanged to its test rows (whose values may fall outside the training range):

* :func:`stump_preprocessor`, for the decision stumps of AdaBoost.MO: a numeric missing value becomes
  :data:`SENTINEL`, far below every real value, so one threshold can put all missing values on one
  side; a nominal attribute becomes one 0/1 column per training category, missing → all zeros.
* :func:`svm_preprocessor`, for the SVM: nominal attributes one-hot as above; a numeric missing value
  becomes the training median, with a 0/1 missing-indicator column for every attribute that has
  missing training values; then every column is scaled to [−1, 1] by its training min and max.

Both put the numeric (and indicator) columns first, then the one-hot columns.
:func:`table_1` recomputes Table 1 from the loaded files.
"""

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import MinMaxScaler, OneHotEncoder, StandardScaler
from sklearn.utils.validation import check_is_fitted, validate_data

from mavl.data.uci_multiclass import MULTICLASS_DATASETS, UNAVAILABLE, load_multiclass

__all__ = [
    "SENTINEL",
    "ExactMinMaxScaler",
    "fit_transform_split",
    "stump_preprocessor",
    "svm_preprocessor",
    "table_1",
]

#: Stand-in for a missing numeric value before the stumps. The spec's "−∞" must be finite, because
#: scikit-learn's input checks reject infinities and a stump threshold is a midpoint between two sorted
#: values ((−∞ + v)/2 is −∞, and −∞ − (−∞) is NaN). −1e300 lies below every real attribute value, and
#: midpoints and differences with values up to ~1e307 stay finite. Never feed it to a distance or a
#: kernel (its square overflows): the SVM path imputes the median instead.
SENTINEL = -1e300


class _OneHotMissingZero(TransformerMixin, BaseEstimator):
    """One-hot coding of nominal codes where a missing value (NaN) gives all zeros.

    The categories of each column are the distinct non-missing training values; a test value outside
    them also gives all zeros. A column with no training value at all gives no output column.
    This wraps :class:`~sklearn.preprocessing.OneHotEncoder`, which by itself would make NaN a category.
    """

    def fit(self, X, y=None):
        X = validate_data(self, X, dtype=np.float64, ensure_all_finite="allow-nan", ensure_min_samples=1)
        categories = [np.unique(column[~np.isnan(column)]) for column in X.T]
        self.columns_ = np.array([j for j, cats in enumerate(categories) if cats.size], dtype=np.intp)
        # Explicit categories without NaN plus handle_unknown="ignore": NaN is unknown, hence all zeros.
        self.encoder_ = OneHotEncoder(
            categories=[categories[j] for j in self.columns_], handle_unknown="ignore",
            sparse_output=False, dtype=np.float64,
        )
        if self.columns_.size:
            self.encoder_.fit(X[:, self.columns_])
        return self

    def transform(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, ensure_all_finite="allow-nan", reset=False)
        if not self.columns_.size:
            return np.zeros((X.shape[0], 0))
        return self.encoder_.transform(X[:, self.columns_])


class ExactMinMaxScaler(MinMaxScaler):
    """:class:`~sklearn.preprocessing.MinMaxScaler` whose training min and max map exactly to the range ends.

    MinMaxScaler computes ``x·scale + offset``, which can miss the upper end by an ulp; this computes
    ``lo + (hi − lo)·(x − min)/(max − min)`` instead, exact at both ends. A column constant on the
    training rows maps to ``lo`` there, as in MinMaxScaler. Test values are not clipped.
    """

    def transform(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, ensure_all_finite="allow-nan", reset=False)
        lo, hi = self.feature_range
        span = np.where(self.data_range_ == 0, 1.0, self.data_range_)
        out = lo + (hi - lo) * ((X - self.data_min_) / span)
        return np.clip(out, lo, hi) if self.clip else out


def _split_columns(nominal):
    nominal = np.asarray(nominal, dtype=bool)
    return np.flatnonzero(~nominal), np.flatnonzero(nominal)


def stump_preprocessor(nominal):
    """Unfitted transformer for the stumps: numeric NaN → :data:`SENTINEL`, nominal → one-hot (NaN → 0s).

    Parameters
    ----------
    nominal : array-like of bool, shape (d,)
        Which raw attributes are nominal codes (``MulticlassDataset.nominal``).

    Returns
    -------
    ColumnTransformer
        Output: the numeric columns in their order, then the one-hot columns.
    """
    numeric, nominal = _split_columns(nominal)
    return ColumnTransformer(
        [("numeric", SimpleImputer(strategy="constant", fill_value=SENTINEL), numeric),
         ("nominal", _OneHotMissingZero(), nominal)],
        sparse_threshold=0.0,
    )


def svm_preprocessor(nominal, scaling="minmax"):
    """Unfitted transformer for the SVM: one-hot, median + missing indicator, then [−1, 1] by train min/max.

    Parameters
    ----------
    nominal : array-like of bool, shape (d,)
        Which raw attributes are nominal codes.
    scaling : {"minmax", "standard"}
        The last step (A7): [−1, 1] by training min/max (the default), or zero mean and unit variance
        on the training rows.

    Returns
    -------
    Pipeline
        ``encode`` (numeric columns, indicator columns of the numeric attributes with missing training
        values, one-hot columns) followed by ``scale`` (:class:`ExactMinMaxScaler`).
    """
    numeric, nominal = _split_columns(nominal)
    encode = ColumnTransformer(
        # keep_empty_features: an attribute missing in every training row stays (as a constant column)
        # so the width d, and with it the kernel's gamma = 1/d, does not depend on the fold.
        [("numeric", SimpleImputer(strategy="median", add_indicator=True, keep_empty_features=True), numeric),
         ("nominal", _OneHotMissingZero(), nominal)],
        sparse_threshold=0.0,
    )
    scalers = {"minmax": lambda: ExactMinMaxScaler((-1, 1)), "standard": StandardScaler}
    if scaling not in scalers:
        raise ValueError(f"unknown SVM scaling {scaling!r}; expected one of {sorted(scalers)}")
    return Pipeline([("encode", encode), ("scale", scalers[scaling]())])


def fit_transform_split(kind, nominal, X_train, X_test=None, **options):
    """Fit the ``kind`` ("stumps" or "svm") preprocessor on ``X_train``; transform both parts.

    ``options`` go to the preprocessor (``scaling`` for the SVM's).

    Returns
    -------
    (ndarray, ndarray or None)
        The transformed training rows and, if given, test rows.
    """
    makers = {"stumps": stump_preprocessor, "svm": svm_preprocessor}
    if kind not in makers:
        raise ValueError(f"unknown preprocessing {kind!r}; expected one of {sorted(makers)}")
    transformer = makers[kind](nominal, **options).fit(X_train)
    return transformer.transform(X_train), None if X_test is None else transformer.transform(X_test)


def table_1(mirror=None):
    """Table 1 recomputed from the UCI files, one row per data set in Table 1's order.

    Audiology and ISOLET get empty counts and the source "not reproduced: data unavailable".

    Returns
    -------
    pandas.DataFrame
        ``problem``, ``train``, ``test`` (empty for cross-validated sets), ``attributes`` (raw, before
        preprocessing), ``classes`` (present), ``source`` (the UCI files) and ``note``; the count
        columns are nullable integers.
    """
    rows = []
    for name in MULTICLASS_DATASETS:
        if name in UNAVAILABLE:
            rows.append({"problem": name, "train": None, "test": None, "attributes": None, "classes": None,
                         "source": "not reproduced: data unavailable", "note": UNAVAILABLE[name]})
            continue
        data = load_multiclass(name, mirror=mirror)
        rows.append({"problem": name, "train": int(data.X.shape[0]),
                     "test": None if data.X_test is None else int(data.X_test.shape[0]),
                     "attributes": int(data.X.shape[1]), "classes": int(data.n_classes),
                     "source": data.source, "note": data.note})
    frame = pd.DataFrame(rows)
    for column in ("train", "test", "attributes", "classes"):
        frame[column] = frame[column].astype("Int64")
    return frame
