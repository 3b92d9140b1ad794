"""STree (spec james-ch2 §3.1) and 1NN (§3.2)."""

import numpy as np
import pytest
from sklearn.tree import DecisionTreeClassifier

from mavl.neighbors import OneNearestNeighborClassifier
from mavl.trees import STreeClassifier, node_deviance


@pytest.fixture
def letters():
    from mavl.data import load_letter

    X, y = load_letter()
    rng = np.random.default_rng(0)
    take = np.concatenate([rng.choice(np.flatnonzero(y == c), 50, replace=False) for c in range(26)])
    return X[take], y[take]


def test_deviance_is_s_formula():
    X = np.arange(20.0)[:, None]
    y = np.r_[np.zeros(12), np.ones(8)]
    tree = STreeClassifier(mindev=0).fit(X, y)
    # Root: D = 2 Σ n_k log(n / n_k)
    expected = 2 * (12 * np.log(20 / 12) + 8 * np.log(20 / 8))
    assert node_deviance(tree.tree_.tree_)[0] == pytest.approx(expected)


def test_mindev_collapse_matches_s_rule(letters):
    X, y = letters
    deep = STreeClassifier(mindev=0).fit(X, y)
    pruned = STreeClassifier(mindev=0.01).fit(X, y)
    tree = pruned.tree_.tree_
    dev = node_deviance(tree)
    kept = np.flatnonzero(pruned.node_leaf_ == np.arange(tree.node_count))
    our_leaves = np.unique(pruned.node_leaf_[tree.children_left == -1])
    split = np.setdiff1d(kept, our_leaves)
    assert pruned.n_leaves_ < deep.n_leaves_
    assert (dev[split] >= 0.01 * dev[0]).all()
    collapsed = our_leaves[tree.children_left[our_leaves] != -1]
    assert collapsed.size and (dev[collapsed] < 0.01 * dev[0]).all()
    # Letter, 50 per class, default controls: about 60 leaves (thesis ≈60, spec pilot 59–60).
    assert 45 <= pruned.n_leaves_ <= 75


def test_counts_semantics_match_sklearn_tree(letters):
    X, y = letters
    ours = STreeClassifier(mindev=0, weight_semantics="counts", random_state=0).fit(X, y)
    ref = DecisionTreeClassifier(criterion="entropy", min_samples_leaf=5, min_samples_split=10,
                                 random_state=0).fit(X, y)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    assert ours.n_leaves_ == ref.get_n_leaves()


def test_fixed_leaf_count():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 2))
    y = rng.integers(0, 2, 200)
    for leaves in (2, 5, 10):
        assert STreeClassifier(mindev=0, max_leaf_nodes=leaves).fit(X, y).n_leaves_ == leaves


def test_one_class_training_set_predicts_it():
    X = np.arange(10.0)[:, None]
    tree = STreeClassifier().fit(X, np.ones(10))
    np.testing.assert_array_equal(tree.predict(X), np.ones(10))
    np.testing.assert_array_equal(tree.predict_proba(X), np.ones((10, 1)))


def test_weight_semantics_use_weight_fraction():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(100, 2))
    y = (X[:, 0] > 0).astype(int)
    w = np.r_[np.full(50, 1.9), np.full(50, 0.1)]
    tree = STreeClassifier(weight_semantics="weights", mindev=0).fit(X, y, sample_weight=w)
    leaf_weight = tree.tree_.tree_.weighted_n_node_samples[np.unique(tree.apply(X))]
    assert (leaf_weight >= 5 * w.sum() / 100 - 1e-9).all()


def test_1nn_majority_among_equidistant_points():
    X = np.array([[0.0], [2.0], [2.0], [-2.0]])
    y = np.array([0, 1, 1, 2])
    model = OneNearestNeighborClassifier(random_state=0).fit(X, y)
    # x = 0: one point at distance 0.
    assert model.predict([[0.0]])[0] == 0
    # x = 1: class 1 (two points at distance 1) beats class 0 (one point at distance 1).
    assert model.predict([[1.0]])[0] == 1


def test_1nn_remaining_ties_are_random_but_reproducible():
    X = np.array([[-1.0], [1.0]])
    y = np.array([0, 1])
    queries = np.zeros((1, 1)) + np.arange(400)[:, None] * 0.0
    keys_differ = np.c_[np.zeros(400), np.arange(400)]  # distinct points, all equidistant in x1
    model = OneNearestNeighborClassifier(random_state=3).fit(np.c_[X, [0.0, 0.0]], y)
    picks = model.predict(keys_differ)
    assert 120 < picks.sum() < 280  # both classes chosen, about evenly
    np.testing.assert_array_equal(picks, model.predict(keys_differ))
    np.testing.assert_array_equal(picks[:10], model.predict(keys_differ[:10]))
    assert queries.shape == (400, 1)


def test_weighted_split_tree_splits_exactly_the_nodes_holding_enough_weight():
    from sklearn.datasets import make_classification
    from sklearn.tree import DecisionTreeClassifier

    from mavl.trees import WeightedSplitTreeClassifier

    X, y = make_classification(300, 6, n_informative=4, flip_y=0.1, random_state=5)
    # equal weights: scikit-learn's min_samples_split = 10 tree, leaf for leaf
    equal = WeightedSplitTreeClassifier(min_weight_fraction_split=10 / 300, random_state=0).fit(X, y)
    cases = DecisionTreeClassifier(min_samples_split=10, random_state=0).fit(X, y)
    assert equal.n_leaves_ == cases.get_n_leaves()
    np.testing.assert_array_equal(equal.predict_proba(X), cases.predict_proba(X))
    # skewed weights (as after boosting rounds): every node the collapsed tree still splits holds at
    # least 10/N of the weight, and every node it stops holds less (or is pure / a leaf of the full tree)
    w = np.random.default_rng(0).exponential(size=300) ** 3
    w *= 300 / w.sum()
    tree = WeightedSplitTreeClassifier(min_weight_fraction_split=10 / 300, random_state=0).fit(X, y, w)
    full = tree.tree_.tree_
    weight, internal = full.weighted_n_node_samples, full.children_left != -1
    leaves = np.unique(tree.node_leaf_[~internal])            # the collapsed tree's leaves
    stopped = leaves[internal[leaves]]                        # split in the full tree, not here
    assert stopped.size and (weight[stopped] < 10 * (1 + 1e-9)).all()
    nodes = np.arange(full.node_count)
    kept = nodes[internal & (tree.node_leaf_ == nodes) & ~np.isin(nodes, leaves)]
    assert kept.size and (weight[kept] >= 10 * (1 - 1e-9)).all()
    # the limit counts weight, not cases: on these weights the tree differs from the cases rule
    by_cases = DecisionTreeClassifier(min_samples_split=10, random_state=0).fit(X, y, sample_weight=w)
    assert tree.n_leaves_ != by_cases.get_n_leaves()



@pytest.mark.parametrize("name", ["STreeClassifier", "WeightedSplitTreeClassifier"])
def test_trees_checked_once_grow_scikit_learns_checked_tree(name):
    """The trees validate X as float32 once and grow scikit-learn's tree without its second check:
    node for node the tree that a fully checked fit grows on the same float64 data and weights."""
    from mavl import trees

    rng = np.random.default_rng(1)
    X = rng.normal(size=(150, 4)) * [1, 1e3, 1e-3, 7]
    y = rng.integers(0, 3, 150)
    w = rng.exponential(size=150)
    options = {"mindev": 0} if name == "STreeClassifier" else {}
    ours = getattr(trees, name)(random_state=3, **options).fit(X, y, sample_weight=w).tree_
    ref = DecisionTreeClassifier(**ours.get_params()).fit(X, y, sample_weight=w)
    for field in ("children_left", "children_right", "feature", "threshold", "value",
                  "weighted_n_node_samples"):
        np.testing.assert_array_equal(getattr(ours.tree_, field), getattr(ref.tree_, field), err_msg=field)


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
def test_trees_reject_values_beyond_float32():
    with pytest.raises(ValueError, match="too large for dtype\\('float32'\\)"):
        STreeClassifier().fit([[1e39], [0.0], [1.0]], [0, 1, 1])
