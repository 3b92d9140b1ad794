"""The trees of Breiman (1997)'s decision-7 readings: CART's pruning chosen by cross-validation and
multiway splits on categorical inputs (spec README, decision 7)."""

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.tree import DecisionTreeClassifier

from mavl.trees import (
    CategoricalTreeClassifier,
    PrunedTreeClassifier,
    _collapse,
    _pruned_misses,
    pruning_alphas,
)


@pytest.fixture(scope="module")
def weighted():
    X, y = make_classification(500, 8, n_informative=5, n_classes=3, flip_y=0.1, random_state=0)
    return X.astype(np.float32), y, np.random.default_rng(0).exponential(size=500)


def _leaves_at(tree, prune_at, alpha):
    stops = (tree.children_left == -1) | (prune_at <= alpha)
    return _collapse(tree, stops)


@pytest.mark.parametrize("weights", [False, True])
def test_impurity_pruning_sequence_is_scikit_learns(weighted, weights):
    # With R(t) = weighted impurity the weakest-link sequence is scikit-learn's
    # cost_complexity_pruning_path, and the tree pruned between two α is its tree fitted with ccp_alpha.
    X, y, w = weighted
    w = w if weights else None
    full = DecisionTreeClassifier(min_samples_split=10, random_state=0).fit(X, y, sample_weight=w)
    prune_at, alphas = pruning_alphas(full.tree_, "impurity")
    path = full.cost_complexity_pruning_path(X, y, sample_weight=w).ccp_alphas
    np.testing.assert_allclose(alphas, np.unique(path), rtol=1e-9, atol=1e-15)
    for alpha in np.sqrt(alphas[1:] * alphas[:-1])[::3]:
        ref = DecisionTreeClassifier(min_samples_split=10, random_state=0, ccp_alpha=alpha).fit(
            X, y, sample_weight=w)
        node_leaf = _leaves_at(full.tree_, prune_at, alpha)
        assert np.unique(node_leaf[full.tree_.children_left == -1]).size == ref.get_n_leaves()
        np.testing.assert_array_equal(full.tree_.value[node_leaf[full.tree_.apply(X)], 0].argmax(1),
                                      ref.predict(X))


def test_pruned_misses_equal_refits_at_each_alpha(weighted):
    X, y, w = weighted
    train, test = np.arange(500) % 5 != 0, np.arange(500) % 5 == 0
    fold = DecisionTreeClassifier(min_samples_split=10, random_state=1).fit(X[train], y[train],
                                                                           sample_weight=w[train])
    _, alphas = pruning_alphas(fold.tree_, "impurity")
    betas = np.r_[np.sqrt(alphas[:-1] * alphas[1:]), np.finfo(float).max]
    misses = _pruned_misses(fold, X[test], y[test], betas, "impurity")
    for k, beta in enumerate(betas[:-1]):
        ref = DecisionTreeClassifier(min_samples_split=10, random_state=1, ccp_alpha=beta).fit(
            X[train], y[train], sample_weight=w[train])
        np.testing.assert_array_equal(misses[k], ref.predict(X[test]) != y[test])
    # At β = ∞ the tree is its root: every point gets the root's class.
    np.testing.assert_array_equal(misses[-1], fold.tree_.value[0, 0].argmax() != y[test])


def test_misclassification_sequence_by_hand():
    # A root with 6 cases (4 of class 0) split into two pure leaves: R(root) = 2/6, R(leaves) = 0,
    # so the one link is pruned at α = (2/6 - 0) / (2 - 1).
    X = np.array([[0.0], [0], [0], [0], [1], [1]])
    y = np.array([0, 0, 0, 0, 1, 1])
    tree = DecisionTreeClassifier().fit(X, y).tree_
    prune_at, alphas = pruning_alphas(tree, "misclassification")
    np.testing.assert_allclose(alphas, [0.0, 2 / 6])
    assert prune_at[0] == pytest.approx(2 / 6)


def test_cv_choice_follows_the_one_se_rule(weighted):
    X, y, w = weighted
    one_se = PrunedTreeClassifier(min_samples_split=10, random_state=0).fit(X, y, sample_weight=w)
    least = PrunedTreeClassifier(min_samples_split=10, random_state=0, selection="min").fit(
        X, y, sample_weight=w)
    k_min = np.flatnonzero(least.cv_errors_ == least.cv_errors_.min())[-1]
    assert least.ccp_alpha_ == least.ccp_alphas_[k_min]
    k = np.flatnonzero(one_se.ccp_alphas_ == one_se.ccp_alpha_)[0]
    assert one_se.cv_errors_[k] <= one_se.cv_errors_[k_min] + one_se.cv_se_[k_min]
    assert (one_se.cv_errors_[k + 1:] > one_se.cv_errors_[k_min] + one_se.cv_se_[k_min]).all()
    # The same folds: the 1-SE tree is never larger than the least-error tree, both below the full tree.
    assert one_se.n_leaves_ <= least.n_leaves_ < one_se.tree_.get_n_leaves()
    # Equal weights: the SE is CART's sqrt(R (1 - R) / N) at every α.
    plain = PrunedTreeClassifier(min_samples_split=10, random_state=0).fit(X, y)
    r = plain.cv_errors_
    np.testing.assert_allclose(plain.cv_se_, np.sqrt(r * (1 - r) / y.size), rtol=1e-12)


def test_pruned_tree_is_deterministic_given_its_seed(weighted):
    X, y, w = weighted
    a = PrunedTreeClassifier(random_state=3).fit(X, y, sample_weight=w)
    b = PrunedTreeClassifier(random_state=3).fit(X, y, sample_weight=w)
    np.testing.assert_array_equal(a.cv_errors_, b.cv_errors_)
    np.testing.assert_array_equal(a.predict_proba(X), b.predict_proba(X))


def test_multiway_split_impurity_by_hand():
    # Column 0 has three categories, classes (0, 0 | 1, 1 | 0, 1); column 1 two, classes (0, 0, 1 |
    # 1, 0, 1). Weights 1 but the last case's, 3. Weighted Gini after the multiway split on column 0:
    # children weigh 2, 2, 4 with Gini 0, 0, 1 - (1/4)^2 - (3/4)^2 = 3/8, so (4 · 3/8)/8 = 3/16;
    # on column 1: weights 3 and 5 with Gini 1 - (2/3)^2 - (1/3)^2 = 4/9 and 1 - (1/5)^2 - (4/5)^2
    # = 8/25, so (3 · 4/9 + 5 · 8/25)/8 = 0.367 > 3/16: the root splits on column 0.
    X = np.array([[0, 0], [0, 0], [1, 0], [1, 1], [2, 1], [2, 1]], dtype=float)
    y = np.array([0, 0, 1, 1, 0, 1])
    w = np.array([1, 1, 1, 1, 1, 3.0])
    tree = CategoricalTreeClassifier().fit(X, y, sample_weight=w)
    assert tree.feature_[0] == 0
    assert tree.impurity_[0] == pytest.approx(1 - (3 / 8) ** 2 - (5 / 8) ** 2)
    kids = tree.children_[0]
    np.testing.assert_allclose(tree.weighted_n_node_samples_[kids], [2, 2, 4])
    np.testing.assert_allclose(tree.impurity_[kids], [0, 0, 3 / 8])
    # The last child is split no further on column 0 (one category) but on column 1 it is constant
    # too: it stays a leaf whose weighted majority is class 1.
    assert tree.feature_[kids[2]] == -1 and tree.predict([[2, 1]])[0] == 1


def test_multiway_node_size_rule_counts_cases():
    X = np.repeat(np.arange(3.0), 4)[:, None]
    y = np.tile([0, 1], 6)
    assert CategoricalTreeClassifier(min_samples_split=13).fit(X, y).feature_.size == 1   # root too small
    assert CategoricalTreeClassifier(min_samples_split=12).fit(X, y).feature_.size == 4   # root split


def test_two_category_inputs_grow_scikit_learns_tree():
    # On 0/1 columns a multiway split is a binary split, so the tree is CART's (continuous weights:
    # no ties between columns).
    rng = np.random.default_rng(0)
    X = rng.integers(0, 2, size=(400, 12)).astype(float)
    y = (X[:, 0] + 2 * X[:, 3] + rng.integers(0, 2, 400)) % 3
    w = rng.exponential(size=400)
    mine = CategoricalTreeClassifier(min_samples_split=10).fit(X, y, sample_weight=w)
    cart = DecisionTreeClassifier(min_samples_split=10, random_state=0).fit(X, y, sample_weight=w)
    assert mine.feature_.size == cart.tree_.node_count
    np.testing.assert_allclose(mine.predict_proba(X), cart.predict_proba(X), rtol=1e-12)


def test_unseen_category_stops_at_its_node():
    X = np.array([[0.0], [0], [1], [1]])
    y = np.array([0, 0, 1, 1])
    tree = CategoricalTreeClassifier().fit(X, y)
    np.testing.assert_allclose(tree.predict_proba([[5.0]]), [[0.5, 0.5]])
