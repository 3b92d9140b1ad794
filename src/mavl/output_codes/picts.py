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
    r"""Regression PICT: least-squares class probabilities from super-group trees (§4.5).

    :class:`ECOCClassifier` with ``decoder="regression"``. It has no ``predict_proba``: the
    least-squares estimates may be negative and need not sum to one (:meth:`decision_function`
    gives them).

    Parameters
    ----------
    estimator : classifier or None, default=None
        Binary learner of each column, with ``predict_proba``; ``None`` means
        :class:`~mavl.trees.STreeClassifier`.
    n_estimators : int, default=50
        Number of columns of ``code="random"``, at least the number of classes; the other codes fix
        their own :math:`\ell`.
    code : str or array-like of shape (n_classes, ℓ), default="random"
        A name :func:`mavl.output_codes.codes.make_code` accepts (``"random"``, James's i.i.d. ±1 code;
        ``"identity"``/``"one_vs_all"``, ``"exhaustive"``/``"complete"``, ``"all_pairs"``,
        ``"dense"``, ``"sparse"``) or a matrix with entries in {−1, 0, +1}.
    tie_break : {"random", "first"}, default="random"
        Tied classes are broken uniformly at random (seeded, AMB-09) or to the lowest index.
    random_state : int, RandomState instance or None, default=None
        Seeds the code matrix, the column learners and the tie-breaking keys.

    Attributes
    ----------
    classes_, code_matrix_, estimator_, estimators_, centroids_, n_features_in_ : see
        :class:`ECOCClassifier`.

    See Also
    --------
    mavl.ECOCClassifier : The same fit with any decoder, and the decoders compared on one fit
        (``decode_prefixes``).
    mavl.SubstitutionClassifier, mavl.CentroidClassifier : The other PICTs.

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
    r"""Substitution PICT: averages the k-class leaf fractions of super-group trees (§4.7).

    :class:`ECOCClassifier` with ``decoder="substitution"``; ``predict_proba`` is James's
    :math:`p_i^S`.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Binary learner of each column, with ``predict_proba`` and ``apply`` (a tree); ``None`` means
        :class:`~mavl.trees.STreeClassifier`.
    n_estimators : int, default=50
        Number of columns of ``code="random"``; the other codes fix their own :math:`\ell`.
    code : str or array-like of shape (n_classes, ℓ), default="random"
        A name :func:`mavl.output_codes.codes.make_code` accepts (``"random"``, James's i.i.d. ±1 code;
        ``"identity"``/``"one_vs_all"``, ``"exhaustive"``/``"complete"``, ``"all_pairs"``,
        ``"dense"``, ``"sparse"``) or a matrix with entries in {−1, 0, +1}.
    tie_break : {"random", "first"}, default="random"
        Tied classes are broken uniformly at random (seeded, AMB-09) or to the lowest index.
    random_state : int, RandomState instance or None, default=None
        Seeds the code matrix, the column learners and the tie-breaking keys.

    Attributes
    ----------
    classes_, code_matrix_, estimator_, estimators_, centroids_, n_features_in_ : see
        :class:`ECOCClassifier`.

    See Also
    --------
    mavl.ECOCClassifier : The same fit with any decoder, and the decoders compared on one fit
        (``decode_prefixes``).
    mavl.RegressionClassifier, mavl.CentroidClassifier : The other PICTs.

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
    r"""Centroid PICT: nearest class centroid of :math:`\hat p` (§4.6).

    :class:`ECOCClassifier` with ``decoder="centroid"``. It has no ``predict_proba``: its scores are
    distances to the class centroids, not probabilities.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Binary learner of each column, with ``predict_proba``; ``None`` means
        :class:`~mavl.trees.STreeClassifier`.
    n_estimators : int, default=50
        Number of columns of ``code="random"``; the other codes fix their own :math:`\ell`.
    code : str or array-like of shape (n_classes, ℓ), default="random"
        A name :func:`mavl.output_codes.codes.make_code` accepts (``"random"``, James's i.i.d. ±1 code;
        ``"identity"``/``"one_vs_all"``, ``"exhaustive"``/``"complete"``, ``"all_pairs"``,
        ``"dense"``, ``"sparse"``) or a matrix with entries in {−1, 0, +1}.
    centroid : {"mean", "median"}, default="mean"
        Coordinate-wise centroid statistic of the class centroids (AMB-13).
    tie_break : {"random", "first"}, default="random"
        Tied classes are broken uniformly at random (seeded, AMB-09) or to the lowest index.
    random_state : int, RandomState instance or None, default=None
        Seeds the code matrix, the column learners and the tie-breaking keys.

    Attributes
    ----------
    classes_, code_matrix_, estimator_, estimators_, centroids_, n_features_in_ : see
        :class:`ECOCClassifier`.

    See Also
    --------
    mavl.ECOCClassifier : The same fit with any decoder, and the decoders compared on one fit
        (``decode_prefixes``).
    mavl.RegressionClassifier, mavl.SubstitutionClassifier : The other PICTs.

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
