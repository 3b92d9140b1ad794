"""Members that take ``check_input`` (scikit-learn's trees and mavl's) read X cast to float32 once
per ensemble, as scikit-learn's forests pass it; the ensembles must be those whose members check
X themselves."""

import numpy as np
import pytest
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from mavl import AdaBoostM1Classifier, ArcFsClassifier, ArcU2Classifier, VoteBaggingClassifier
from mavl._ensemble import member_input
from mavl.trees import STreeClassifier, WeightedSplitTreeClassifier


class _CheckingSTree(STreeClassifier):
    """The same tree whose methods take no ``check_input``: every member validates X itself."""

    def fit(self, X, y, sample_weight=None):
        return super().fit(X, y, sample_weight)

    def predict_proba(self, X):
        return super().predict_proba(X)


class _CheckingWeightedSplitTree(WeightedSplitTreeClassifier):
    def fit(self, X, y, sample_weight=None):
        return super().fit(X, y, sample_weight)

    def predict_proba(self, X):
        return super().predict_proba(X)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(7)
    centres = rng.normal(scale=1.5, size=(3, 5))
    y = rng.integers(0, 3, 260)
    X = centres[y] + rng.normal(size=(260, 5))
    X[:, 2] *= 1e4                                      # values float32 rounds
    return X[:180], y[:180], X[180:]


def test_member_input_casts_once_for_trees_only():
    X = np.array([[0.1, 2.0], [3.0, 1e-8]])
    for tree in (STreeClassifier(), WeightedSplitTreeClassifier(), DecisionTreeClassifier()):
        X32, options = member_input(tree, X)
        assert X32.dtype == np.float32 and options == {"check_input": False}
        np.testing.assert_array_equal(X32, X.astype(np.float32))
    same, options = member_input(KNeighborsClassifier(), X)
    assert same is X and options == {}
    huge = np.array([[1e39, 0.0]])                      # beyond float32: the members' checks say so
    same, options = member_input(STreeClassifier(), huge)
    assert same is huge and options == {}


@pytest.mark.parametrize("make, fast, checking", [
    (lambda tree: AdaBoostM1Classifier(tree, n_estimators=12, random_state=1),
     STreeClassifier(mindev=0.05), _CheckingSTree(mindev=0.05)),
    (lambda tree: ArcFsClassifier(tree, n_estimators=12, random_state=2),
     WeightedSplitTreeClassifier(min_weight_fraction_split=0.05),
     _CheckingWeightedSplitTree(min_weight_fraction_split=0.05)),
    (lambda tree: ArcU2Classifier(tree, n_estimators=12, weighting="resample", random_state=3),
     STreeClassifier(), _CheckingSTree()),
    (lambda tree: VoteBaggingClassifier(tree, n_estimators=12, random_state=4),
     STreeClassifier(), _CheckingSTree()),
])
def test_ensembles_of_trees_checked_once_equal_those_checked_per_member(data, make, fast, checking):
    X, y, X_test = data
    a, b = make(fast).fit(X, y), make(checking).fit(X, y)
    for ours, theirs in zip(a.estimators_, b.estimators_, strict=True):
        np.testing.assert_array_equal(ours.tree_.tree_.threshold, theirs.tree_.tree_.threshold)
        np.testing.assert_array_equal(ours.node_leaf_, theirs.node_leaf_)
    np.testing.assert_array_equal(a.predict_prefixes(X_test, range(1, 13)),
                                  b.predict_prefixes(X_test, range(1, 13)))
    np.testing.assert_array_equal(a.predict_proba(X_test), b.predict_proba(X_test))
    if hasattr(a, "train_misses_"):
        np.testing.assert_array_equal(a.train_misses_, b.train_misses_)
        np.testing.assert_array_equal(a.estimator_weights_, b.estimator_weights_)
        for ea, eb in zip(a.staged_edges(X, y), b.staged_edges(X, y), strict=True):
            np.testing.assert_array_equal(ea, eb)
