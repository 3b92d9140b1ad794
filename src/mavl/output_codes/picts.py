"""The PICTs of the ECOC family with a fixed decoder: Regression, Substitution and Centroid
(spec james-ch2 §4.5-4.7).

Each is :class:`mavl.output_codes.ecoc.ECOCClassifier` with its ``decoder`` set by the class, so it fits the
same super-group trees and reads every smaller B from prefixes of the one fit.
"""

from .ecoc import ECOCClassifier

__all__ = ["CentroidClassifier", "RegressionClassifier", "SubstitutionClassifier"]


class _FixedDecoderMixin:
    """A member of the family whose decoder is fixed by its class."""

    _fixed_decoder = None
    # Only CentroidClassifier takes ``centroid`` as a parameter; fit reads this default otherwise.
    centroid = "mean"

    def __init__(
        self,
        estimator=None,
        *,
        n_estimators=50,
        code="random",
        tie_break="random",
        random_state=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.code = code
        self.tie_break = tie_break
        self.random_state = random_state

    def _decoder_name(self):
        return self._fixed_decoder


def _fixed_constraints(drop):
    return {k: v for k, v in ECOCClassifier._parameter_constraints.items() if k not in drop}


class RegressionClassifier(_FixedDecoderMixin, ECOCClassifier):
    """Regression PICT: least-squares class probabilities from super-group trees (§4.5).

    Parameters are those of :class:`ECOCClassifier` without ``decoder``; ``n_estimators`` must be
    at least the number of classes. It has no ``predict_proba``: the least-squares estimates may be
    negative and need not sum to one (:meth:`decision_function` gives them).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import RegressionClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = RegressionClassifier(n_estimators=10, random_state=0).fit(X, y)
    >>> clf.decision_function(X[[70]]).round(2)              # least-squares class probabilities q̂
    array([[0.  , 0.17, 0.83]])
    """

    _fixed_decoder = "regression"
    _parameter_constraints = _fixed_constraints({"decoder", "centroid"})


class SubstitutionClassifier(_FixedDecoderMixin, ECOCClassifier):
    """Substitution PICT: averages the k-class leaf fractions of super-group trees (§4.7).

    Parameters are those of :class:`ECOCClassifier` without ``decoder``; ``predict_proba`` is
    James's p_i^S.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import SubstitutionClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = SubstitutionClassifier(n_estimators=10, random_state=0).fit(X, y)
    >>> clf.predict_proba(X[[70]]).round(2)                  # mean leaf fractions of the 10 trees
    array([[0. , 0.2, 0.8]])
    """

    _fixed_decoder = "substitution"
    _parameter_constraints = _fixed_constraints({"decoder", "centroid"})


class CentroidClassifier(_FixedDecoderMixin, ECOCClassifier):
    """Centroid PICT: nearest class centroid of p̂ (§4.6).

    Parameters are those of :class:`ECOCClassifier` without ``decoder``, plus ``centroid``. It has
    no ``predict_proba``: its scores are distances to the class centroids, not probabilities.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import CentroidClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = CentroidClassifier(n_estimators=10, centroid="median", random_state=0).fit(X, y)
    >>> clf.predict(X[[0, 70, 100]]), clf.centroids_.shape   # 3 classes, 10 columns
    (array([0, 2, 2]), (3, 10))
    """

    _fixed_decoder = "centroid"
    _parameter_constraints = _fixed_constraints({"decoder"})

    def __init__(
        self,
        estimator=None,
        *,
        n_estimators=50,
        code="random",
        centroid="mean",
        tie_break="random",
        random_state=None,
    ):
        super().__init__(
            estimator,
            n_estimators=n_estimators,
            code=code,
            tie_break=tie_break,
            random_state=random_state,
        )
        self.centroid = centroid
