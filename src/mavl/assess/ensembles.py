"""The chapter's ensembles where the package has no equivalent (spec zaki-ch22 §2.8, §2.10).

Bagging (§2.7) is :class:`mavl.ensemble.bagging.VoteBaggingClassifier` and AdaBoost (§2.9) is
:class:`mavl.ensemble.boosting.AdaBoostM1Classifier` with ``bad_round="retry"`` and ``zero_error="stop"``:
the same algorithms, so they are not written twice. Here: the random forest with the chapter's
out-of-bag bookkeeping, and stacking on predicted classes.
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_predict
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ..random import draw_seeds

__all__ = ["StackingVoteClassifier", "random_forest_oob"]


def random_forest_oob(X, y, n_estimators, max_features, rng, X_test=None):
    r"""Algorithm 22.5: bootstrap trees with ``max_features`` random attributes per split.

    Out-of-bag votes are counted as the trees are grown, so the OOB error after every K comes from
    one pass. Points never out of bag are left out of :math:`\varepsilon_{oob}` (their count is
    returned).

    Returns
    -------
    dict with ``oob_error`` (array over K = 1..n_estimators), ``never_oob`` (count after all K),
    ``trees`` and ``samples`` (the bootstrap rows), and ``test_votes`` (K = n_estimators) if
    ``X_test`` is given.
    """
    X, y = np.asarray(X), np.asarray(y)
    classes, y_index = np.unique(y, return_inverse=True)
    n, k = len(y), classes.size
    votes = np.zeros((n, k))
    oob_error, trees, samples = [], [], []
    for seed in draw_seeds(rng.integers(2**31 - 1), n_estimators):
        rows = rng.integers(0, n, n)
        tree = DecisionTreeClassifier(max_features=max_features, random_state=int(seed))
        tree.fit(X[rows], y_index[rows])
        out = np.setdiff1d(np.arange(n), rows)
        if out.size:
            votes[out, tree.predict(X[out]).astype(int)] += 1     # out holds each point once
        seen = votes.sum(axis=1) > 0
        oob_error.append(float(np.mean(votes[seen].argmax(axis=1) != y_index[seen])) if seen.any()
                         else np.nan)
        trees.append(tree)
        samples.append(rows)
    out = {"oob_error": np.array(oob_error), "never_oob": int(np.sum(votes.sum(axis=1) == 0)),
           "trees": trees, "samples": samples, "classes": classes}
    if X_test is not None:
        test_votes = np.zeros((len(X_test), k))
        for tree in trees:
            test_votes[np.arange(len(X_test)), tree.predict(X_test).astype(int)] += 1
        out["test_votes"] = test_votes
    return out


class StackingVoteClassifier(ClassifierMixin, BaseEstimator):
    """Stacking on the base classifiers' predicted classes (Algorithm 22.7).

    Parameters
    ----------
    estimators : list of classifiers or None, default=None
        ``None`` means naive Bayes, a depth-3 tree and 5 nearest neighbours.
    combiner : classifier or None, default=None
        Trained on the one-hot encoded predicted classes; ``None`` means multinomial logistic
        regression.
    cv : int or None, default=None
        ``None``: the chapter-literal version, whose combiner sees in-sample predictions; an int:
        out-of-fold predictions from ``cv``-fold cross-validation (the usual safer variant).

    Attributes
    ----------
    classes_, estimators_, combiner_, encoder_, n_features_in_

    See Also
    --------
    sklearn.ensemble.StackingClassifier : scikit-learn's stacking, on the bases' probabilities or
        decision values.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl.assess import StackingVoteClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> stack = StackingVoteClassifier(cv=5).fit(X, y)       # out-of-fold predictions for the combiner
    >>> len(stack.estimators_), round(stack.score(X, y), 3)  # naive Bayes, a tree, 5 neighbours
    (3, 0.973)
    >>> stack.predict(X[[0, 60, 120]])
    array([0, 1, 2])
    """

    def __init__(self, estimators=None, *, combiner=None, cv=None):
        self.estimators = estimators
        self.combiner = combiner
        self.cv = cv

    def fit(self, X, y):
        """Fit every base on all of D, then the combiner on their predicted classes.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples, D.
        y : array-like of shape (n_samples,)
            The class labels.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y = validate_data(self, X, y)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        bases = self._bases()
        self.estimators_ = [clone(e).fit(X, y) for e in bases]
        if self.cv is None:
            Z = self._base_predictions(X)
        else:
            Z = np.column_stack([cross_val_predict(clone(e), X, y, cv=self.cv) for e in bases])
        self.encoder_ = OneHotEncoder(categories=[self.classes_] * len(bases),
                                      handle_unknown="ignore").fit(Z)
        combiner = LogisticRegression(max_iter=1000) if self.combiner is None else self.combiner
        self.combiner_ = clone(combiner).fit(self.encoder_.transform(Z), y)
        return self

    def _bases(self):
        if self.estimators is not None:
            return list(self.estimators)
        from sklearn.neighbors import KNeighborsClassifier

        from .bayes import NaiveBayesClassifier

        return [NaiveBayesClassifier(), DecisionTreeClassifier(max_depth=3, random_state=0),
                KNeighborsClassifier(5)]

    def _base_predictions(self, X):
        return np.column_stack([e.predict(X) for e in self.estimators_])

    def predict(self, X):
        """The combiner's class for the bases' predicted classes.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels.
        """
        check_is_fitted(self)
        X = validate_data(self, X, reset=False)
        return self.combiner_.predict(self.encoder_.transform(self._base_predictions(X)))
