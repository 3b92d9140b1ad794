"""Single-call AdaBoost.MO with shared-split decision stumps (Allwein, Schapire & Singer 2000, §5;
spec allwein2000 §4.2, §4.5 (b), A5, A6, A12).

One boosting run learns f(x, s) for every column s of a code matrix M at once. The training pairs
are P = {(i, s): M(y_i, s) ≠ 0}; round t's stump splits one feature at one threshold, the same split
for every column, and outputs its own sign per side and column (the discrete AdaBoost.MH-style stump
of A12). Three routes find the stump and must agree exactly: ``"compiled"`` (the default) keeps
per-bin sums of the weights from round to round in numba-compiled loops (:mod:`._stump_kernel`);
``"binned"``, numpy only, ranks each feature's values into bins once and sums the weights per bin
with one sparse product a round; ``"naive"`` is the plain route timed in spec §9 (cumulative sums
of the weights in each feature's sorted order).

Products go through ``np.einsum`` (numpy's own loops, built for the baseline CPU) instead of BLAS,
and α through ``math.log``/``math.exp``: BLAS kernels and numpy's SIMD functions differ in the last
bit between CPUs, and a near-tie between stumps would turn that bit into another ensemble.
"""

import math
import numbers

import numpy as np
from scipy.special import softmax
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from .._ensemble import (
    available_if,
    check_sizes,
    checked_X,
    encode_targets,
    settle_ties,
    two_class_decision,
)
from .._sklearn import Interval, StrOptions, _fit_context
from ..random import draw_seeds
from ._stump_search import _BinnedSearch, _CompiledSearch, _NaiveSearch
from .codes import make_code
from .decoders import hamming_distances, loss_distances, require_probabilities

__all__ = ["AdaBoostMOClassifier"]

DECODERS = ("hamming", "loss_exp", "loss_l1", "loss_logistic", "loss_hinge", "loss_square")

#: Scores within TIE_RTOL·max(1, |best|) of the best count as tied: the two routes sum in different
#: orders, and exact ties (moving a point whose weights agree in sign with both sides' sums leaves
#: Σ|r| unchanged) are common.
TIE_RTOL = 1e-12

#: Rounds per matrix product when column outputs are summed; fixed, so that a prefix of T' rounds
#: is summed in the same order as a fit of T' rounds.
_ROUND_BLOCK = 64


def _product(a, b):
    return np.einsum("ij,jk->ik", a, b, optimize=False)   # a @ b in one order on every CPU (docstring)


def _pick(scores):
    """Index of the first score tied with the best (candidate 0 is "no split", then by feature and
    threshold)."""
    best = scores.max()
    return int(np.argmax(scores >= best - TIE_RTOL * max(1.0, abs(best))))


class _Pairs:
    """The weights D over P, held as one dense block per class.

    Rows are sorted by class, and every row of class c is in P exactly on the columns J_c where
    M(c, ·) ≠ 0, so D restricted to class c is a dense (m_c, |J_c|) array and R = D ⊙ M[y] on it is
    that block times the row M(c, J_c). Each round then costs O(|P|), not O(mℓ), for sparse codes.
    """

    def __init__(self, y, code, compiled=False):
        self.code = code
        self.bounds = np.concatenate([[0], np.cumsum(np.bincount(y, minlength=code.shape[0]))])
        self.cols = [np.flatnonzero(row) for row in code]
        self.row_signs = [row[cols].astype(np.float64) for row, cols in zip(code, self.cols, strict=True)]
        sizes = np.diff(self.bounds) * np.array([c.size for c in self.cols])
        self.n_pairs = int(sizes.sum())
        if self.n_pairs == 0:
            raise ValueError("the code leaves every training example out of every column (P is empty).")
        self.flat_weights = np.full(self.n_pairs, 1.0 / self.n_pairs)
        self.block_start = np.concatenate([[0], np.cumsum(sizes)]).astype(np.intp)
        self.blocks = [self.flat_weights[self.block_start[c]:self.block_start[c + 1]].reshape(-1, cols.size)
                       for c, cols in enumerate(self.cols)]
        # J_c and M(c, J_c) of every class, one after another, for the compiled route's loops.
        self.col_ptr = np.concatenate([[0], np.cumsum([cols.size for cols in self.cols])]).astype(np.intp)
        self.flat_cols = np.concatenate(self.cols).astype(np.intp)
        self.flat_signs = np.concatenate(self.row_signs)
        self.compiled = compiled
        self.totals = None       # set by each compiled update
        self._signs = None       # M(y_i, s) over P in D's order, built by the first dense_margin_weights

    def dense_margin_weights(self, out):
        """R = D ⊙ M[y] as an (m, ℓ) array written into ``out`` (zero outside P).

        One product over D's flat storage (the blocks in class order), then put in P's places of
        ``out``; when every class has every column, those places are all of ``out`` in D's order.
        (The products of the per-block loop, at a third of its cost on thyroid's sparse code.)
        """
        if self._signs is None:
            ell = self.code.shape[1]
            self._signs = np.concatenate([np.tile(signs, block.shape[0])
                                          for signs, block in zip(self.row_signs, self.blocks, strict=True)])
            every = all(cols.size == ell for cols in self.cols)
            self._places = None if every else np.concatenate(
                [(np.arange(self.bounds[c], self.bounds[c + 1])[:, None] * ell + cols).ravel()
                 for c, cols in enumerate(self.cols)])
            self._products = None if every else np.empty(self.n_pairs)
        if self._places is None:
            np.multiply(self.flat_weights, self._signs, out=out.reshape(-1))
        else:
            np.multiply(self.flat_weights, self._signs, out=self._products)
            out.reshape(-1)[self._places] = self._products
        return out

    def boost(self, side, no_split, e0):
        """Signs, ε and α of the stump that puts the rows ``side`` (bool) on its right, and the D
        update of Eq. 13. Shared by the routes, so equal stumps give bit-equal weights."""
        if self.compiled:
            return self._compiled_boost(side, no_split, e0)
        ell = self.code.shape[1]
        r = np.zeros((2, ell))
        sums = []
        for c, (block, cols) in enumerate(zip(self.blocks, self.cols, strict=True)):
            right = side[self.bounds[c]:self.bounds[c + 1]]
            # W[b] = Σ_{i ∈ class c, side b} D(i, ·); within a class M(y_i, s) is constant, so
            # r[b, J_c] gains W[b] · M(c, J_c). (Row-by-row sums: the same bits on any CPU.)
            w = _product(np.stack([~right, right]).astype(np.float64), block)
            r[:, cols] += w * self.row_signs[c]
            sums.append(w)
        signs = np.where(r >= 0, 1, -1).astype(np.int8)  # sign(0) := +1
        if no_split:
            signs[1] = signs[0]  # the right block is empty; keep the stump constant
        misses = [self.code[c, cols] != signs[:, cols] for c, cols in enumerate(self.cols)]
        epsilon = float(sum(float((w * miss).sum()) for w, miss in zip(sums, misses, strict=True)))
        alpha = 0.5 * math.log((1.0 - epsilon + e0) / (epsilon + e0))       # libm, not numpy's SIMD
        factors = [np.where(miss, math.exp(alpha), math.exp(-alpha)) for miss in misses]
        z = sum(float((w * f).sum()) for w, f in zip(sums, factors, strict=True))
        for c, block in enumerate(self.blocks):
            right = side[self.bounds[c]:self.bounds[c + 1]].astype(np.intp)
            block *= (factors[c] / z)[right]
        return signs, epsilon, float(alpha)

    def _compiled_boost(self, side, no_split, e0):
        """:meth:`boost` in compiled loops (:mod:`._stump_kernel`), every sum in the order of the
        numpy code above, so the bits are the same. The einsum above sums the rows of a block one by
        one for blocks of two columns or more, but in another order for one column: such a block's
        sums come from the same product here. Keeps the update's factors in ``last_factors`` and the
        columns' margin weights after it, Σ_i D(i, s) M(y_i, s), in ``totals``."""
        from ._stump_kernel import (  # numba: this route only
            reweight,
            side_sums,
            stump_error,
            update_factors,
            updated_totals,
        )

        ell, ptr = self.code.shape[1], self.col_ptr
        sums = np.empty(2 * ptr[-1])
        side_sums(self.flat_weights, self.block_start, self.bounds, ptr, side, sums)
        for c in np.flatnonzero(np.diff(ptr) == 1):
            right = side[self.bounds[c]:self.bounds[c + 1]]
            sums[2 * ptr[c]:2 * ptr[c + 1]] = _product(np.stack([~right, right]).astype(np.float64),
                                                       self.blocks[c]).ravel()
        signs, missed = np.empty((2, ell), dtype=np.int8), np.empty_like(sums)
        epsilon = stump_error(sums, ptr, self.flat_cols, self.flat_signs, ell, no_split, signs, missed)
        alpha = 0.5 * math.log((1.0 - epsilon + e0) / (epsilon + e0))
        self.last_factors = np.empty_like(sums)
        update_factors(sums, ptr, missed, math.exp(alpha), math.exp(-alpha), self.last_factors)
        self.totals = np.empty(ell)
        updated_totals(sums, self.last_factors, ptr, self.flat_cols, self.flat_signs, self.totals)
        reweight(self.flat_weights, self.block_start, self.bounds, ptr, side, self.last_factors)
        return signs, float(epsilon), float(alpha)


class AdaBoostMOClassifier(ClassifierMixin, BaseEstimator):
    r"""AdaBoost.MO: one boosting run over all columns of a code, with shared-split stumps.

    Round t fits the stump :math:`h_t(x, s) = c_{b(x), s}`,
    :math:`b(x) \in \{x_j \le \theta, x_j > \theta\}`, of largest :math:`\sum_b \sum_s |r_{b,s}|` with
    :math:`r_{b,s} = \sum_{i \in b} D(i, s) M(y_i, s)` and :math:`c = \operatorname{sign} r`
    (sign 0 := +1); its error is :math:`\varepsilon_t = (1 - \sum |r|)/2`, its weight
    :math:`\alpha_t = \frac{1}{2} \ln((1 - \varepsilon_t + e_0)/(\varepsilon_t + e_0))` with
    :math:`e_0 = 1/(2|P|)` (A6), and D is updated by Eq. 13. All ``n_estimators`` rounds are run.

    Candidates are "no split" and, per feature, the midpoints between consecutive distinct training
    values. Ties (within ``TIE_RTOL``) go to "no split" first, then the lowest feature, then the
    lowest threshold.

    Parameters
    ----------
    code : {"one_vs_all", "all_pairs", "complete", "dense", "sparse"} or array, default="one_vs_all"
        Coding matrix, or a matrix of shape (n_classes, ℓ); the random families are drawn from
        ``random_state``.
    n_estimators : int, default=1000
        Rounds T.
    decoder : str, default="loss_exp"
        One of "hamming", "loss_exp", "loss_l1", "loss_logistic", "loss_hinge", "loss_square": the
        decoding used by :meth:`predict` and :meth:`decision_function` (spec §4.3); with
        "loss_logistic" the distances give :meth:`predict_proba`, with the others there is none
        (their distances are not likelihoods).
    algorithm : {"compiled", "binned", "naive"}, default="compiled"
        Stump search and update; all three give the same stumps and the same bits. "compiled"
        runs numba-compiled loops on histograms kept from round to round (2-11x faster than
        "binned" on Table 2's large sets, benchmarks/adaboost_mo_compiled.py); "binned" is the
        numpy route (sparse products on per-feature bins); "naive" the plain route of spec §9.
    random_state : int, RandomState instance or None, default=None
        Seeds the random code families ("dense", "sparse"); the rounds themselves are deterministic.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    code_matrix_ : ndarray of shape (n_classes, ℓ), int8
    features_ : ndarray of shape (n_estimators,)
        Split feature of each round (0 for "no split").
    thresholds_ : ndarray of shape (n_estimators,)
        Split threshold :math:`\theta` (+inf for "no split": every point is on the left side).
    signs_ : ndarray of shape (n_estimators, 2, ℓ), int8
        :math:`c_{b,s}` for the sides :math:`x_j \le \theta` (0) and :math:`x_j > \theta` (1); equal
        rows for "no split".
    alphas_, errors_ : ndarray of shape (n_estimators,)
        :math:`\alpha_t` and :math:`\varepsilon_t`.
    n_features_in_ : int

    See Also
    --------
    mavl.ECOCClassifier : One learner fitted per column of a code, any decoder.
    mavl.ensemble.threshold_boosting.DiscreteAdaBoostClassifier : Binary discrete AdaBoost, a column
        learner of such a code.
    mavl.AdaBoostM1Classifier : AdaBoost.M1, multiclass without a code.

    References
    ----------
    Allwein, E. L., Schapire, R. E. and Singer, Y. (2000). Reducing multiclass to binary: a unifying
    approach for margin classifiers. JMLR 1, 113–141, §5.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import AdaBoostMOClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = AdaBoostMOClassifier(code="one_vs_all", n_estimators=20).fit(X, y)
    >>> clf.predict_prefixes(X[[0, 50, 100]], [5, 20])       # labels after 5 and 20 rounds
    array([[0, 1, 2],
           [0, 1, 2]])
    >>> round(clf.score(X, y), 3)
    0.973
    """

    _parameter_constraints = {
        "code": [StrOptions({"one_vs_all", "all_pairs", "complete", "dense", "sparse"}), "array-like"],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "decoder": [StrOptions(set(DECODERS))],
        "algorithm": [StrOptions({"compiled", "binned", "naive"})],
        "random_state": ["random_state"],
    }

    def __init__(self, code="one_vs_all", *, n_estimators=1000, decoder="loss_exp", algorithm="compiled",
                 random_state=None):
        self.code = code
        self.n_estimators = n_estimators
        self.decoder = decoder
        self.algorithm = algorithm
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y):
        """Draw or check the code and run ``n_estimators`` rounds.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels, of at least two classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y_encoded = encode_targets(self, X, y)
        (code_seed,) = draw_seeds(self.random_state, 1)
        self.code_matrix_ = make_code(self.code, self.classes_.size, np.random.default_rng(int(code_seed)),
                                      classes=self.classes_)
        # Rows sorted by class so that D is one dense block per class (see _Pairs).
        order = np.argsort(y_encoded, kind="stable")
        X = np.ascontiguousarray(X[order])
        pairs = _Pairs(y_encoded[order], self.code_matrix_, compiled=self.algorithm == "compiled")
        search = {"compiled": _CompiledSearch, "binned": _BinnedSearch,
                  "naive": lambda X, pairs: _NaiveSearch(X)}[self.algorithm](X, pairs)
        dense_R = None if not search.needs_R else np.zeros((X.shape[0], pairs.code.shape[1]))
        e0 = 1.0 / (2 * pairs.n_pairs)
        T = self.n_estimators
        self.features_ = np.zeros(T, dtype=np.intp)
        self.thresholds_ = np.full(T, np.inf)
        self.signs_ = np.empty((T, 2, pairs.code.shape[1]), dtype=np.int8)
        self.alphas_, self.errors_ = np.empty(T), np.empty(T)
        for t in range(T):
            R = None if dense_R is None else pairs.dense_margin_weights(dense_R)
            best = _pick(search.scores(pairs, R))
            j, theta = search.features[best], search.thresholds[best]
            side = X[:, j] > theta
            search.observe(pairs, side)
            self.signs_[t], self.errors_[t], self.alphas_[t] = pairs.boost(side, best == 0, e0)
            self.features_[t], self.thresholds_[t] = j, theta
        return self

    def _rounds(self, X, a, b):
        """Σ_{a ≤ t < b} α_t h_t(x, ·) as one product: [x on the left | x on the right] @ [α c_0; α c_1]."""
        right = X[:, self.features_[a:b]] > self.thresholds_[a:b]
        sides = np.concatenate([~right, right], axis=1).astype(np.float64)
        votes = self.alphas_[a:b, None, None] * self.signs_[a:b]
        return _product(sides, np.concatenate([votes[:, 0], votes[:, 1]]))

    def staged_column_outputs(self, X, sizes):
        r""":math:`f(x, s) = \sum_{t \le T'} \alpha_t h_t(x, s)` for each T' in ``sizes``, in one pass over
        the rounds.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        sizes : sequence of int
            Numbers of rounds T', each between 1 and ``n_estimators``.

        Returns
        -------
        F : ndarray of shape (len(sizes), n_samples, ℓ)
            ``F[i]`` holds the column outputs of the first ``sizes[i]`` rounds.
        """
        X = checked_X(self, X)
        n_rounds = self.alphas_.size
        sizes = check_sizes(sizes, n_rounds)
        out = np.empty((len(sizes), X.shape[0], self.code_matrix_.shape[1]))
        F = np.zeros(out.shape[1:])
        for a in range(0, max(sizes), _ROUND_BLOCK):
            b = min(a + _ROUND_BLOCK, n_rounds)
            for i, size in enumerate(sizes):
                if a < size < b:
                    out[i] = F + self._rounds(X, a, size)
            if b <= max(sizes):
                F = F + self._rounds(X, a, b)
                for i, size in enumerate(sizes):
                    if size == b:
                        out[i] = F
        return out

    def column_outputs(self, X):
        """The column outputs f(x, s) of all rounds.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        F : ndarray of shape (n_samples, ℓ)
            Column s holds f(x, s).
        """
        check_is_fitted(self)
        return self.staged_column_outputs(X, [self.alphas_.size])[0]

    def _distances(self, F):
        if self.decoder == "hamming":
            return hamming_distances(F, self.code_matrix_).astype(np.float64)
        return loss_distances(F, self.code_matrix_, self.decoder.removeprefix("loss_"))

    def decision_function(self, X):
        """Minus the decoder's distance to each class row (higher is better; for ``loss_exp`` the log
        of the distance).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        scores : ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            The class scores, columns in ``classes_`` order; with two classes, as scikit-learn
            expects, the second class's score minus the first's.
        """
        return two_class_decision(-self._distances(self.column_outputs(X)))

    @available_if(lambda self: require_probabilities(self.decoder))
    def predict_proba(self, X):
        r"""Class probabilities with ``decoder="loss_logistic"``: the likelihoods :math:`\exp(-d_L)`
        of the code rows normalised to sum to one (the softmax of :math:`-d_L`, as
        :meth:`mavl.ECOCClassifier.predict_proba`).

        The other decoders' distances are not likelihoods, so they have none. The argmax is
        :meth:`predict`, ties included (the class ``predict`` picks among tied distances gets 1e-9
        above the others).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The class probabilities, columns in ``classes_`` order; rows sum to one.
        """
        distances = self._distances(self.column_outputs(X))
        return settle_ties(softmax(-distances, axis=1), np.argmin(distances, axis=1))

    def predict(self, X):
        """The class at the smallest distance; ties go to the lowest class index.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        distances = self._distances(self.column_outputs(X))
        return self.classes_[np.argmin(distances, axis=1)]

    def predict_prefixes(self, X, sizes):
        """Labels predicted by the first T' rounds for each T' in ``sizes``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.
        sizes : sequence of int
            Numbers of rounds T', each between 1 and ``n_estimators``.

        Returns
        -------
        y : ndarray of shape (len(sizes), n_samples)
            Row i holds the labels the first ``sizes[i]`` rounds predict.
        """
        indices = [np.argmin(self._distances(F), axis=1) for F in self.staged_column_outputs(X, sizes)]
        return self.classes_[np.stack(indices)]
