"""Output codes: James's ECOC PICTs and Allwein, Schapire & Singer's reduction to binary margin
learners, on one shared set of column learners (spec james-ch2 §4.2–4.7, §4.10; allwein2000 §4).

One fit builds a k×ℓ code matrix and fits one binary learner per column. James's decoders (L1,
Regression, Centroid, Substitution, One-vs-Rest) read the columns' p̂; Hamming and loss-based
decoding read their real-valued outputs f. Every B ≤ ℓ is the prefix of the first B columns, so a
whole table row comes from one fit. The PICTs with a fixed decoder are in :mod:`mavl.output_codes.picts`.

When each column's learner is a boosted ensemble (such as
:class:`~mavl.ensemble.threshold_boosting.DiscreteAdaBoostClassifier`), stage t of the ``staged_*``
methods decodes every column's learner after its t-th round, as scikit-learn's read a boosted
ensemble after each round; prefixes of the columns are the other axis (``decode_prefixes``).
"""

import numbers

import numpy as np
from scipy.special import softmax
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import validate_data

from .._ensemble import (
    available_if,
    check_sizes,
    checked_X,
    require_two_classes,
    settle_ties,
    two_class_decision,
)
from .._sklearn import HasMethods, Interval, StrOptions, _fit_context
from ..random import argmax_random_ties, draw_seeds, row_keys
from ..trees import STreeClassifier
from ._columns import (
    SharedKernel,
    column_outputs,
    column_probas,
    fit_columns,
    leaf_fractions,
    staged_column_outputs,
)
from .codes import CODE_NAMES, make_code
from .decoders import (
    DECODERS,
    MARGIN_DECODERS,
    PROBABILITY_DECODERS,
    centroid_scores,
    hamming_distances,
    l1_scores,
    loss_distances,
    one_vs_rest_scores,
    regression_scores,
    require_probabilities,
)

__all__ = ["DECODERS", "ECOCClassifier", "MARGIN_DECODERS", "PROBABILITY_DECODERS"]


def _has_predict_proba(estimator):
    """The decoders whose class scores are probabilities, or map to them (``_proba``)."""
    return require_probabilities(estimator._decoder_name())


def _has_staged_proba(estimator):
    return _has_stages(estimator) and _has_predict_proba(estimator)


def _has_stages(estimator):
    """The staged methods need a decoder of column outputs alone and column learners with stages."""
    name = estimator._decoder_name()
    learner = estimator._default_estimator() if estimator.estimator is None else estimator.estimator
    if name in ("centroid", "substitution"):
        raise AttributeError(f"the {name} decoder has no stages: it reads training statistics of the "
                             "final column learners.")
    method = ("staged_predict_proba" if name in PROBABILITY_DECODERS
              or not hasattr(learner, "decision_function") else "staged_decision_function")
    if not hasattr(learner, method):
        raise AttributeError(f"staged predictions read the column learners' {method}, which "
                             f"{type(learner).__name__} does not have.")
    return True


class ECOCClassifier(ClassifierMixin, BaseEstimator):
    r"""Output-code classifier: one binary learner per column of a code and a choice of decoder.

    Column s of the code :math:`M \in \{-1, 0, +1\}^{k \times \ell}` is a binary problem on the
    classes with a non-zero entry: +1 is super group one, −1 super group two, and 0 leaves the class
    out. A column whose examples hold one label c gives the constant output c (:math:`\hat p` = 1 or
    0) and one without examples the output 0 (:math:`\hat p = \frac{1}{2}`), spec allwein2000 §4.1.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Binary learner of each column, with ``decision_function`` or ``predict_proba``; ``None``
        means :class:`~mavl.trees.STreeClassifier`. James's decoders need ``predict_proba``, the
        Substitution decoder also ``apply`` (a tree).
    n_estimators : int, default=50
        Number of columns of ``code="random"``; the other codes fix their own :math:`\ell`.
    code : str or array-like of shape (n_classes, ℓ), default="random"
        A name :func:`mavl.output_codes.codes.make_code` accepts (``"random"``, James's i.i.d. ±1 code;
        ``"identity"``/``"one_vs_all"``, ``"exhaustive"``/``"complete"``, ``"all_pairs"``,
        ``"dense"``, ``"sparse"``) or a matrix with entries in {−1, 0, +1}.
    decoder : str, default="l1"
        The decoder :meth:`predict` uses, one of :data:`~mavl.output_codes.decoders.DECODERS`;
        :meth:`decode_prefixes` can use any of them. ``"hamming"`` and ``"loss_<L>"`` (L in exp, l1,
        logistic, hinge, square) take the argmin of Eqs. 4 and 5 over the columns' outputs f.
        :meth:`predict_proba` exists for ``"substitution"`` and ``"loss_logistic"``; the other
        decoders' scores are not probabilities (distances, counts or least-squares estimates; its
        AttributeError says which).
    centroid : {"mean", "median"}, default="mean"
        Coordinate-wise centroid statistic of the Centroid decoder (AMB-13).
    tie_break : {"random", "first"}, default="random"
        Tied classes are broken uniformly at random (seeded, AMB-09) or to the lowest index.
    classes : array-like or None, default=None
        Every class label, when ``y`` may miss some (a cross-validation fold): the rows of
        ``code`` follow the sorted labels, and the columns of a missing class become degenerate.
    share_kernel : bool, default=False
        With an :class:`~sklearn.svm.SVC` estimator (a named kernel and a numeric or ``"auto"``
        gamma), compute the kernel matrix once for all columns instead of once per column; the
        column SVCs in ``estimators_`` are then fitted with ``kernel="precomputed"``.
    random_state : int, RandomState instance or None, default=None
        Seeds the code matrix, the column learners and the tie-breaking keys.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    code_matrix_ : ndarray of shape (n_classes, n_columns), entries in {-1, 0, +1}
    estimator_ : estimator
        The learner every column's learner is cloned from (``estimator``, or the default).
    estimators_ : list of fitted column learners
        A degenerate column holds a constant instead.
    centroids_ : ndarray of shape (n_classes, n_columns)
        Class centroids of the training points' :math:`\hat p` (resubstitution, spec james-ch2 §4.6);
        only with a learner that has ``predict_proba``.
    n_features_in_ : int

    See Also
    --------
    mavl.SubstitutionClassifier, mavl.RegressionClassifier, mavl.CentroidClassifier : This classifier
        with James's Substitution, Regression or Centroid decoder fixed.
    mavl.AdaBoostMOClassifier : One boosting run over all the columns of a code, shared-split stumps.
    mavl.output_codes.codes.make_code : The code matrices.
    sklearn.multiclass.OutputCodeClassifier : scikit-learn's output codes (random codes, Euclidean
        decoding).

    References
    ----------
    Dietterich, T. G. and Bakiri, G. (1995). Solving multiclass learning problems via
    error-correcting output codes. JAIR 2, 263–286. James (1998), §2.1–2.4.
    Allwein, E. L., Schapire, R. E. and Singer, Y. (2000). Reducing multiclass to binary: a
    unifying approach for margin classifiers. JMLR 1, 113–141, §3.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import ECOCClassifier
    >>> iris = load_iris()
    >>> X, y = iris.data, iris.target_names[iris.target]
    >>> clf = ECOCClassifier(n_estimators=10, random_state=0).fit(X, y)
    >>> clf.decode_prefixes(X[[0, 100]], [5, 10], ["centroid"])[0]       # class indices, B = 5 and 10
    {'centroid': array([[0, 2],
           [0, 2]])}
    >>> clf.decode_prefix_labels(X[[0, 100]], [5, 10], ["centroid"])     # their labels
    {'centroid': array([['setosa', 'virginica'],
           ['setosa', 'virginica']], dtype='<U10')}
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "decision_function"]), HasMethods(["fit", "predict_proba"]),
                      None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "code": [StrOptions(set(CODE_NAMES)), "array-like"],
        "decoder": [StrOptions(set(DECODERS))],
        "centroid": [StrOptions({"mean", "median"})],
        "tie_break": [StrOptions({"random", "first"})],
        "classes": ["array-like", None],
        "share_kernel": ["boolean"],
        "random_state": ["random_state"],
    }
    # Defaults for the subclasses of mavl.output_codes.picts, which do not take these parameters.
    classes = None
    share_kernel = False

    def __init__(
        self,
        estimator=None,
        *,
        n_estimators=50,
        code="random",
        decoder="l1",
        centroid="mean",
        tie_break="random",
        classes=None,
        share_kernel=False,
        random_state=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.code = code
        self.decoder = decoder
        self.centroid = centroid
        self.tie_break = tie_break
        self.classes = classes
        self.share_kernel = share_kernel
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y):
        """Build the code matrix and fit one learner per column.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels, of at least two classes (each one of ``classes`` when it is given).

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, y_encoded = self._encode(y)
        n_classes = self.classes_.size
        code_seed, tree_seed, self._tie_seed = draw_seeds(self.random_state, 3)
        rng = np.random.default_rng(code_seed)
        self.code_matrix_ = make_code(self.code, n_classes, rng, n_columns=self.n_estimators,
                                      classes=self.classes_)
        self.estimator_ = self._default_estimator() if self.estimator is None else self.estimator
        self._check_decoder(self._decoder_name())
        self._check_code_for_decoder(self._decoder_name())
        self._kernel = SharedKernel(self.estimator_, X.shape[1]) if self.share_kernel else None
        seeds = draw_seeds(int(tree_seed), self.code_matrix_.shape[1])
        self.estimators_, self._leaf_class_fractions, train_p = fit_columns(
            self.estimator_, X, y_encoded, self.code_matrix_, seeds, self._kernel
        )
        if train_p is not None:
            statistic = np.median if self.centroid == "median" else np.mean
            self.centroids_ = np.vstack([
                statistic(train_p[y_encoded == i], axis=0) if (y_encoded == i).any()
                else np.full(train_p.shape[1], np.nan) for i in range(n_classes)
            ])
        return self

    def _encode(self, y):
        if self.classes is None:
            classes, y_encoded = np.unique(y, return_inverse=True)
        else:
            classes = np.unique(np.asarray(self.classes))
            unknown = ~np.isin(y, classes)
            if unknown.any():
                raise ValueError(f"y has labels that are not in classes: {np.unique(y[unknown])}.")
            y_encoded = np.searchsorted(classes, y)
        require_two_classes(self, classes)
        return classes, y_encoded

    def _default_estimator(self):
        return STreeClassifier()

    def _decoder_name(self):
        return self.decoder

    def _check_decoder(self, decoder):
        if decoder not in DECODERS:
            raise ValueError(f"decoder must be one of {DECODERS}; got {decoder!r}.")
        if decoder in PROBABILITY_DECODERS:
            self._check_proba(f"the {decoder} decoder")
        if decoder == "substitution" and not hasattr(self.estimator_, "apply"):
            raise ValueError("the substitution decoder needs a tree learner with apply().")

    def _check_code_for_decoder(self, decoder):
        """Refuse, before any column is fitted, a code the estimator's own decoder cannot read
        (:meth:`decode_prefixes` still reads Regression's shorter prefixes as undefined)."""
        code, k = self.code_matrix_, self.classes_.size
        if decoder == "one_vs_rest" and not np.array_equal(code, 2 * np.eye(k) - 1):
            given = f"code={self.code!r}" if isinstance(self.code, str) else "the given code"
            raise ValueError(f"one-vs-rest decoding needs the identity code (code='identity'); "
                             f"{given} is a {code.shape[0]} x {code.shape[1]} matrix that is not.")
        if decoder == "regression" and code.shape[1] < k:
            raise ValueError(f"regression decoding needs at least n_classes={k} columns (Z Zᵀ is "
                             f"singular with fewer); got {code.shape[1]}: raise n_estimators.")

    def _check_proba(self, what):
        if not hasattr(self.estimator_, "predict_proba"):
            raise ValueError(
                f"{what} reads p̂ = predict_proba, which {type(self.estimator_).__name__} does not "
                f"have; use one of the decoders {MARGIN_DECODERS}."
            )

    @property
    def n_columns_(self):
        r"""Number of fitted columns (:math:`B_{\max}`)."""
        return self.code_matrix_.shape[1]

    def column_probas(self, X):
        r""":math:`\hat p_s(x)` of super group one for every column.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        P : ndarray of shape (n_samples, n_columns)
            The column learners' probability of super group one (the +1 entries); a ValueError if
            the learner has no ``predict_proba``.
        """
        X = checked_X(self, X)
        self._check_proba("column_probas")
        return column_probas(self.estimators_, X, self._kernel)

    def column_outputs(self, X):
        r"""Real-valued column outputs :math:`f_s(x)` (spec allwein2000 §1).

        The learner's ``decision_function`` (positive means super group one, the +1 entries) if
        it has one, else :math:`2\hat p - 1`; a degenerate column gives its constant (±1 or 0).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        F : ndarray of shape (n_samples, n_columns)
            The output of each column's learner.
        """
        X = checked_X(self, X)
        return column_outputs(self.estimators_, X, self._kernel)

    def _outputs(self, X, decoders):
        """(P, F) for the given decoders; each None when none of them reads it."""
        P = F = None
        if any(name in PROBABILITY_DECODERS for name in decoders):
            P = column_probas(self.estimators_, X, self._kernel)
        if any(name in MARGIN_DECODERS for name in decoders):
            F = column_outputs(self.estimators_, X, self._kernel, P)
        return P, F

    def column_class_fractions(self, X):
        r"""Each column's k-class training proportions in the leaf of x.

        These are the Substitution PICT's per-tree estimates :math:`p_{ij}(x)` (spec james-ch2 §4.7);
        their mean over the first B columns is the Substitution estimate with B columns.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        fractions : ndarray of shape (n_samples, n_columns, n_classes)
            Entry [x, j, i]: the share of class ``classes_[i]`` among the training points in the leaf
            of column j's tree that x falls in. A ValueError if the column learner is no tree
            (no ``apply``) or has no ``predict_proba``.
        """
        X = checked_X(self, X)
        self._check_decoder("substitution")
        out = np.empty((X.shape[0], self.n_columns_, self.classes_.size))
        for j, (learner, fractions) in enumerate(
            zip(self.estimators_, self._leaf_class_fractions, strict=True)
        ):
            out[:, j] = leaf_fractions(learner, fractions, X)
        return out

    def _substitution_sums(self, X, sizes):
        """Σ_{j≤B} p_ij(x) for each B in ``sizes`` (spec §4.7): shape (len(sizes), n, k)."""
        out = np.empty((len(sizes), X.shape[0], self.classes_.size))
        running = np.zeros(out.shape[1:])
        stops = {b: i for i, b in enumerate(sizes)}
        for j, (learner, fractions) in enumerate(
            zip(self.estimators_, self._leaf_class_fractions, strict=True)
        ):
            running += leaf_fractions(learner, fractions, X)
            if j + 1 in stops:
                out[stops[j + 1]] = running
        return out

    def decode_prefixes(self, X, sizes, decoders=None):
        """Class indices (into ``classes_``) predicted by the first B columns, for each B and each
        decoder; :meth:`decode_prefix_labels` gives the labels.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        sizes : sequence of int
            Values of B, each between 1 and ``n_columns_``.
        decoders : sequence of str or None, default=None
            Names from :data:`~mavl.output_codes.decoders.DECODERS`; default the estimator's own decoder.

        Returns
        -------
        predictions : dict
            ``{decoder: ndarray of shape (len(sizes), n_samples)}`` of indices into ``classes_``;
            -1 marks an undefined prediction (Regression with B < k).
        rank_deficient : ndarray of bool, shape (len(sizes),)
            Where the Regression solve had rank < k (AMB-10).
        """
        X = checked_X(self, X)
        sizes = check_sizes(sizes, self.n_columns_)
        decoders = [self._decoder_name()] if decoders is None else list(decoders)
        for name in decoders:
            self._check_decoder(name)
        P, F = self._outputs(X, decoders)
        keys = self._tie_keys(X)
        sums = self._substitution_sums(X, sizes) if "substitution" in decoders else None
        predictions = {name: np.empty((len(sizes), X.shape[0]), dtype=np.intp) for name in decoders}
        rank_deficient = np.zeros(len(sizes), dtype=bool)
        for s, b in enumerate(sizes):
            for name in decoders:
                scores = self._scores(name, P, F, b, sums[s] if sums is not None else None)
                if name == "regression":
                    scores, rank_deficient[s] = scores
                predictions[name][s] = -1 if scores is None else argmax_random_ties(scores, keys)
        return predictions, rank_deficient

    def decode_prefix_labels(self, X, sizes, decoders=None):
        """Labels predicted by the first B columns, for each B and each decoder: ``decode_prefixes``
        with its class indices i read as ``classes_[i]``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        sizes : sequence of int
            Values of B, each between 1 and ``n_columns_``.
        decoders : sequence of str or None, default=None
            Names from :data:`~mavl.output_codes.decoders.DECODERS`; default the estimator's own decoder.

        Returns
        -------
        dict
            ``{decoder: ndarray of shape (len(sizes), n_samples)}`` of labels. A decoder with an
            undefined prediction (Regression with B < n_classes, -1 in ``decode_prefixes``) raises
            a ValueError.
        """
        indices, _ = self.decode_prefixes(X, sizes, decoders)
        if any((index < 0).any() for index in indices.values()):
            raise ValueError("regression decoding is undefined for B < n_classes.")
        return {name: self.classes_[index] for name, index in indices.items()}

    def predict_prefixes(self, X, sizes):
        """Predicted labels of the first B columns for each B, with the estimator's decoder.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        sizes : sequence of int
            Values of B, each between 1 and ``n_columns_``.

        Returns
        -------
        y : ndarray of shape (len(sizes), n_samples)
            Row i holds the labels the first ``sizes[i]`` columns predict (a ValueError where the
            prediction is undefined: Regression with B < n_classes).
        """
        return self.decode_prefix_labels(X, sizes)[self._decoder_name()]

    def _scores(self, name, P, F, b, substitution_sum):
        """Class scores (higher is better) of decoder ``name`` on the first ``b`` columns."""
        code = self.code_matrix_[:, :b]
        if name == "hamming":
            return -hamming_distances(F[:, :b], code).astype(np.float64)
        if name in MARGIN_DECODERS:
            return -loss_distances(F[:, :b], code, name.removeprefix("loss_"))
        if name == "l1":
            return l1_scores(P[:, :b], code)
        if name == "regression":
            return regression_scores(P[:, :b], code)
        if name == "centroid":
            # A class without training points has no centroid and is never predicted.
            return np.nan_to_num(centroid_scores(P[:, :b], self.centroids_[:, :b]), nan=-np.inf)
        if name == "substitution":
            return substitution_sum / b
        return one_vs_rest_scores(P[:, :b], code)

    def _tie_keys(self, X):
        if self.tie_break == "first":
            # Decreasing keys in (0, 1] (above the -1 of untied classes) favour the lowest index.
            k = self.classes_.size
            return np.broadcast_to(1.0 - np.arange(k) / k, (X.shape[0], k))
        return row_keys(X, self.classes_.size, self._tie_seed)

    def decision_function(self, X):
        r"""Class scores of the estimator's decoder with all columns (higher is better).

        For ``decoder="l1"`` these are the thesis's :math:`\bar D_i`, for ``"substitution"`` the
        probabilities :math:`p_i^S`, for ``"loss_<L>"`` minus the distance :math:`d_L` of Eq. 5 (for
        ``"loss_exp"`` minus :math:`\log d_L`) and for ``"hamming"`` minus twice :math:`d_H` of Eq. 4
        (an integer). With two classes, as scikit-learn expects, the score of the second class minus
        that of the first.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        scores : ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            The class scores, columns in ``classes_`` order.
        """
        return two_class_decision(self._class_scores(checked_X(self, X)))

    def _class_scores(self, X):
        """Class scores of the estimator's decoder with all columns, for a checked ``X``."""
        name = self._decoder_name()
        P, F = self._outputs(X, [name])
        sums = self._substitution_sums(X, [self.n_columns_])[0] if name == "substitution" else None
        return self._all_columns(name, P, F, sums)

    def _all_columns(self, name, P, F, sums=None):
        """Class scores of decoder ``name`` on every column."""
        b = self.n_columns_
        scores = self._scores(name, P, F, b, sums)
        if name == "regression":
            scores, _ = scores
            if scores is None:
                raise ValueError(
                    f"regression decoding needs at least n_classes={self.classes_.size} columns; "
                    f"got {b}."
                )
        return scores

    @available_if(_has_predict_proba)
    def predict_proba(self, X):
        r"""Class probabilities, for the decoders that define them.

        ``"substitution"``: James's :math:`p_i^S`. ``"loss_logistic"``: the likelihoods
        :math:`\exp(-d_L(M(r), f(x)))` of the rows normalised to sum to one, that is the softmax of
        :math:`-d_L` (loss-based decoding with the logistic loss is maximum-likelihood decoding, §3).

        Their argmax is :meth:`predict`: where ``predict`` settles a tie (scores within 1e-10
        count as tied) on another class than the largest probability, the class it picks gets
        1e-9 above the others.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The class probabilities, columns in ``classes_`` order; rows sum to one.
        """
        X = checked_X(self, X)
        return self._proba(self._class_scores(X), X)

    def _proba(self, scores, X):
        """Probabilities from the decoder's class scores, with ties settled as ``predict`` settles them."""
        proba = softmax(scores, axis=1) if self._decoder_name() == "loss_logistic" else scores
        return settle_ties(proba, argmax_random_ties(scores, self._tie_keys(X)))

    def predict(self, X):
        """Predicted class labels with all columns.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        X = checked_X(self, X)
        return self.classes_[argmax_random_ties(self._class_scores(X), self._tie_keys(X))]

    # The staged methods are offered (available_if) when the decoder reads the column outputs alone
    # (not Centroid or Substitution) and the column learner has the staged method that decoder
    # reads; otherwise they raise an AttributeError that says why.

    @available_if(_has_stages)
    def staged_decision_function(self, X):
        """Class scores after each round of the column learners; the last is ``decision_function``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        scores : ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            The second class's score minus the first's with two classes, as scikit-learn expects.
        """
        X = checked_X(self, X)
        for scores in self._staged_scores(X):
            yield two_class_decision(scores)

    @available_if(_has_stages)
    def staged_predict(self, X):
        """Predicted labels after each round of the column learners; the last is ``predict``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        X = checked_X(self, X)
        keys = self._tie_keys(X)
        for scores in self._staged_scores(X):
            yield self.classes_[argmax_random_ties(scores, keys)]

    @available_if(_has_staged_proba)
    def staged_predict_proba(self, X):
        """``predict_proba`` after each round of the column learners (``decoder="loss_logistic"``).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Yields
        ------
        proba : ndarray of shape (n_samples, n_classes)
            The class probabilities, columns in ``classes_`` order.
        """
        X = checked_X(self, X)
        for scores in self._staged_scores(X):
            yield self._proba(scores, X)

    def _staged_scores(self, X):
        name = self._decoder_name()
        proba = name in PROBABILITY_DECODERS
        for out in staged_column_outputs(self.estimators_, X, proba):
            yield self._all_columns(name, *((out, None) if proba else (None, out)))
