"""The ECOC family of PICTs on one shared set of super-group trees (spec james-ch2 §4.2–4.7, §4.10).

One fit draws a k×B_max code matrix and grows one tree per column. The ECOC (L1), Regression,
Centroid, Substitution and One-vs-Rest decoders all read those trees, and every B ≤ B_max is the
prefix of the first B columns, so a whole table row of the thesis comes from one fit. The PICTs
with a fixed decoder (Regression, Centroid, Substitution) are in :mod:`mavl.picts`.
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._sklearn import HasMethods, Interval, StrOptions, _fit_context
from .codes import exhaustive_code, identity_code, random_code
from .decoders import centroid_scores, l1_scores, one_vs_rest_scores, regression_scores
from .random import argmax_random_ties, draw_seeds, row_keys
from .trees import STreeClassifier

__all__ = ["DECODERS", "ECOCClassifier"]

#: Decoders that read the shared trees, by name.
DECODERS = ("l1", "regression", "centroid", "substitution", "one_vs_rest")


class ECOCClassifier(ClassifierMixin, BaseEstimator):
    """Error-correcting output coding with super-group trees and a choice of decoder.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner for each binary column; ``None`` means :class:`~mavl.trees.STreeClassifier`.
        It needs ``predict_proba``; the Substitution decoder also needs ``apply`` (a tree).
    n_estimators : int, default=50
        Number of columns B_max. With ``code="identity"`` it is ignored (B = k).
    code : {"random", "identity", "exhaustive"} or array of shape (n_classes, B), default="random"
        Coding matrix: i.i.d. random (the thesis's), one-vs-rest, all distinct columns, or given.
    decoder : {"l1", "regression", "centroid", "substitution", "one_vs_rest"}, default="l1"
        The decoder :meth:`predict` uses; :meth:`decode_prefixes` can use any of them.
    centroid : {"mean", "median"}, default="mean"
        Coordinate-wise centroid statistic of the Centroid decoder (AMB-13).
    tie_break : {"random", "first"}, default="random"
        Tied classes are broken uniformly at random (seeded, AMB-09) or to the lowest index.
    random_state : int, RandomState instance or None, default=None
        Seeds the code matrix, the trees and the tie-breaking keys.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    code_matrix_ : ndarray of shape (n_classes, n_columns), entries in {-1, 0, +1}
    estimators_ : list of fitted column learners
    centroids_ : ndarray of shape (n_classes, n_columns)
        Class centroids of the training points' p̂ (resubstitution, spec §4.6).
    n_features_in_ : int

    References
    ----------
    Dietterich, T. G. and Bakiri, G. (1995). Solving multiclass learning problems via
    error-correcting output codes. JAIR 2, 263–286. James (1998), §2.1–2.4.
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict_proba"]), None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "code": [StrOptions({"random", "identity", "exhaustive"}), "array-like"],
        "decoder": [StrOptions(set(DECODERS))],
        "centroid": [StrOptions({"mean", "median"})],
        "tie_break": [StrOptions({"random", "first"})],
        "random_state": ["random_state"],
    }

    def __init__(
        self,
        estimator=None,
        *,
        n_estimators=50,
        code="random",
        decoder="l1",
        centroid="mean",
        tie_break="random",
        random_state=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.code = code
        self.decoder = decoder
        self.centroid = centroid
        self.tie_break = tie_break
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y):
        """Draw the code matrix and fit one learner per column."""
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_, y_encoded = np.unique(y, return_inverse=True)
        n_classes = self.classes_.size
        if n_classes < 2:
            raise ValueError(
                f"{type(self).__name__} needs samples of at least 2 classes; got one class."
            )
        code_seed, tree_seed, self._tie_seed = draw_seeds(self.random_state, 3)
        self.code_matrix_ = self._code_matrix(n_classes, np.random.default_rng(code_seed))
        self._check_decoder(self._decoder_name())
        base = STreeClassifier() if self.estimator is None else self.estimator
        seeds = draw_seeds(int(tree_seed), self.code_matrix_.shape[1])
        self.estimators_, self._leaf_class_fractions = [], []
        train_columns = np.empty((X.shape[0], self.code_matrix_.shape[1]))
        for j, column in enumerate(self.code_matrix_.T):
            learner, fractions, train_columns[:, j] = _fit_column(
                base, X, y_encoded, column, int(seeds[j]), n_classes
            )
            self.estimators_.append(learner)
            self._leaf_class_fractions.append(fractions)
        statistic = np.median if self.centroid == "median" else np.mean
        self.centroids_ = np.vstack(
            [statistic(train_columns[y_encoded == i], axis=0) for i in range(n_classes)]
        )
        return self

    def _code_matrix(self, n_classes, rng):
        if isinstance(self.code, str):
            if self.code == "identity":
                return identity_code(n_classes)
            if self.code == "exhaustive":
                return exhaustive_code(n_classes)
            return random_code(n_classes, self.n_estimators, rng)
        code = np.asarray(self.code)
        if code.ndim != 2 or code.shape[0] != n_classes or not np.isin(code, (-1, 0, 1)).all():
            raise ValueError(
                f"code must be an array of shape (n_classes={n_classes}, B) with entries in "
                f"{{-1, 0, +1}}; got shape {code.shape}."
            )
        return code.astype(np.int8)

    def _decoder_name(self):
        return self.decoder

    def _check_decoder(self, decoder):
        if decoder not in DECODERS:
            raise ValueError(f"decoder must be one of {DECODERS}; got {decoder!r}.")
        if decoder == "substitution":
            learner = STreeClassifier() if self.estimator is None else self.estimator
            if not hasattr(learner, "apply"):
                raise ValueError("the substitution decoder needs a tree learner with apply().")

    @property
    def n_columns_(self):
        """Number of fitted columns (B_max)."""
        return self.code_matrix_.shape[1]

    def column_probas(self, X):
        """p̂_j(x) for every column: shape (n_samples, n_columns)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return self._column_probas(X)

    def _column_probas(self, X):
        P = np.empty((X.shape[0], self.n_columns_))
        for j, learner in enumerate(self.estimators_):
            P[:, j] = _probability_of_group_one(learner, X)
        return P

    def column_class_fractions(self, X):
        """Each column's k-class training proportions in the leaf of x: shape (n, n_columns, k).

        These are the Substitution PICT's per-tree estimates p_ij(x) (spec james-ch2 §4.7); their
        mean over the first B columns is the Substitution estimate with B columns.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        self._check_decoder("substitution")
        out = np.empty((X.shape[0], self.n_columns_, self.classes_.size))
        for j, (learner, fractions) in enumerate(
            zip(self.estimators_, self._leaf_class_fractions, strict=True)
        ):
            out[:, j] = fractions[learner.apply(X)]
        return out

    def _substitution_sums(self, X, sizes):
        """Σ_{j≤B} p_ij(x) for each B in ``sizes`` (spec §4.7): shape (len(sizes), n, k)."""
        out = np.empty((len(sizes), X.shape[0], self.classes_.size))
        running = np.zeros(out.shape[1:])
        stops = {b: i for i, b in enumerate(sizes)}
        for j, (learner, fractions) in enumerate(
            zip(self.estimators_, self._leaf_class_fractions, strict=True)
        ):
            running += fractions[learner.apply(X)] if learner is not None else fractions[0]
            if j + 1 in stops:
                out[stops[j + 1]] = running
        return out

    def decode_prefixes(self, X, sizes, decoders=None):
        """Class-index predictions of the first B columns, for each B and each decoder.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        sizes : sequence of int
            Values of B, each between 1 and ``n_columns_``.
        decoders : sequence of str or None
            Names from :data:`DECODERS`; default the estimator's own decoder.

        Returns
        -------
        predictions : dict
            ``{decoder: ndarray of shape (len(sizes), n_samples)}`` of indices into ``classes_``;
            -1 marks an undefined prediction (Regression with B < k).
        rank_deficient : ndarray of bool, shape (len(sizes),)
            Where the Regression solve had rank < k (AMB-10).
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        sizes = self._check_sizes(sizes)
        decoders = [self._decoder_name()] if decoders is None else list(decoders)
        for name in decoders:
            self._check_decoder(name)
        P = self._column_probas(X)
        keys = self._tie_keys(X)
        sums = self._substitution_sums(X, sizes) if "substitution" in decoders else None
        predictions = {name: np.empty((len(sizes), X.shape[0]), dtype=np.intp) for name in decoders}
        rank_deficient = np.zeros(len(sizes), dtype=bool)
        for s, b in enumerate(sizes):
            for name in decoders:
                scores = self._scores(name, P[:, :b], b, sums[s] if sums is not None else None)
                if name == "regression":
                    scores, rank_deficient[s] = scores
                predictions[name][s] = -1 if scores is None else argmax_random_ties(scores, keys)
        return predictions, rank_deficient

    def _scores(self, name, P, b, substitution_sum):
        code = self.code_matrix_[:, :b]
        if name == "l1":
            return l1_scores(P, code)
        if name == "regression":
            return regression_scores(P, code)
        if name == "centroid":
            return centroid_scores(P, self.centroids_[:, :b])
        if name == "substitution":
            return substitution_sum / b
        return one_vs_rest_scores(P, code)

    def _tie_keys(self, X):
        if self.tie_break == "first":
            # Decreasing keys give the tie to the lowest class index.
            return np.broadcast_to(-np.arange(self.classes_.size, dtype=float), (X.shape[0],
                                   self.classes_.size))
        return row_keys(X, self.classes_.size, self._tie_seed)

    def _check_sizes(self, sizes):
        sizes = [int(b) for b in sizes]
        bad = [b for b in sizes if not 1 <= b <= self.n_columns_]
        if bad:
            raise ValueError(f"sizes must lie in [1, {self.n_columns_}]; got {bad}.")
        return sizes

    def decision_function(self, X):
        """Class scores of the estimator's decoder with all columns (higher is better).

        For ``decoder="l1"`` these are the thesis's ``D̄_i``, for ``"substitution"`` the
        probabilities ``p_i^S``. With two classes, as scikit-learn expects, the score of the
        second class minus that of the first.
        """
        scores = self._class_scores(X)
        return scores[:, 1] - scores[:, 0] if scores.shape[1] == 2 else scores

    def _class_scores(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        b = self.n_columns_
        name = self._decoder_name()
        sums = self._substitution_sums(X, [b])[0] if name == "substitution" else None
        scores = self._scores(name, self._column_probas(X), b, sums)
        if name == "regression":
            scores, _ = scores
            if scores is None:
                raise ValueError(
                    f"regression decoding needs at least n_classes={self.classes_.size} columns; "
                    f"got {b}."
                )
        return scores

    def predict(self, X):
        """Predicted class labels with all columns."""
        scores = self._class_scores(X)
        return self.classes_[argmax_random_ties(scores, self._tie_keys(np.asarray(X, float)))]

    def predict_prefixes(self, X, sizes):
        """Predicted labels of the first B columns for each B: shape (len(sizes), n_samples)."""
        indices = self.decode_prefixes(X, sizes)[0][self._decoder_name()]
        if (indices < 0).any():
            raise ValueError("regression decoding is undefined for B < n_classes.")
        return self.classes_[indices]


def _fit_column(base, X, y_encoded, column, seed, n_classes):
    """Fit one super-group learner; return it, its k-class leaf fractions and its training p̂."""
    target = column[y_encoded]
    used = target != 0
    group_one = (target[used] > 0).astype(np.int8)
    learner = clone(base)
    if "random_state" in learner.get_params():
        learner.set_params(random_state=seed)
    learner.fit(X[used], group_one)
    train_p = _probability_of_group_one(learner, X)
    fractions = None
    if hasattr(learner, "apply"):
        leaves = learner.apply(X[used])
        counts = np.zeros((_node_count(learner), n_classes))
        np.add.at(counts, (leaves, y_encoded[used]), 1.0)
        totals = counts.sum(axis=1, keepdims=True)
        fractions = np.divide(counts, totals, out=np.zeros_like(counts), where=totals > 0)
    return learner, fractions, train_p


def _node_count(learner):
    tree = learner.tree_
    return getattr(tree, "tree_", tree).node_count


def _probability_of_group_one(learner, X):
    """p̂ of super group one; a learner that saw one group gives that group's constant."""
    proba = learner.predict_proba(X)
    where = np.flatnonzero(learner.classes_ == 1)
    return proba[:, where[0]] if where.size else np.zeros(X.shape[0])
