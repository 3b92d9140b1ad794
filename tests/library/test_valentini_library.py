"""Valentini (2003) library part: Domingos's decomposition, the OOB estimate, random aggregating, Lobag."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import check_estimator

from mavl.bias_variance import DEFINITIONS, decompose, prediction_distribution
from mavl.bias_variance.domingos import (
    domingos_decomposition,
    main_prediction,
    oob_bias_variance,
    svm_capacity,
)
from mavl.ensemble.aggregating import RandomAggregatingClassifier
from mavl.svm.lobag import LobagClassifier, select_setting


def one_hot(y, k):
    return np.eye(k)[np.asarray(y)]


def random_predictions(seed, n_classifiers=8, n_test=300, k=2):
    """Labels 0..k-1; each prediction is right with a point-specific probability."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n_test)
    right = rng.random((n_classifiers, n_test)) < rng.uniform(0, 1, n_test)
    wrong = (y + rng.integers(1, k, (n_classifiers, n_test))) % k
    return np.where(right, y, wrong), y


# --- Domingos's decomposition (spec §1.2-1.5) ---------------------------------------------------

def test_section_1_5_worked_example_and_tie_rule():
    # Point 0: 3 of 4 right; point 1: 1 of 4 right; point 2: 2 of 4 right (the AMB-15 tie: biased).
    preds = [[1, -1, 1], [1, -1, -1], [1, -1, 1], [-1, 1, -1]]
    r = domingos_decomposition(preds, [1, 1, 1])
    pp = r.per_point
    np.testing.assert_array_equal(pp["main_prediction"], [1, -1, -1])
    np.testing.assert_allclose(pp["error"], [0.25, 0.75, 0.5])
    np.testing.assert_allclose(pp["bias"], [0, 1, 1])
    np.testing.assert_allclose(pp["variance"], [0.25, 0.25, 0.5])
    np.testing.assert_allclose(pp["unbiased_variance"], [0.25, 0, 0])
    np.testing.assert_allclose(pp["biased_variance"], [0, 0.25, 0.5])
    np.testing.assert_allclose(pp["net_variance"], [0.25, -0.25, -0.5])
    np.testing.assert_allclose(r.summary[["error", "bias", "net_variance"]], [0.5, 2 / 3, -1 / 6])
    # With truth -1 at the tied point, the lowest-index rule picks y_m = -1 (unbiased); AMB-15 not.
    other = domingos_decomposition(preds, [1, 1, -1], ties="lowest_index").per_point
    assert other["bias"].iloc[2] == 0 and other["net_variance"].iloc[2] == 0.5
    default = domingos_decomposition(preds, [1, 1, -1]).per_point
    assert default["bias"].iloc[2] == 1 and default["net_variance"].iloc[2] == -0.5


def test_two_class_identities_hold_at_every_point_with_even_n():
    preds, y = random_predictions(0, n_classifiers=6)          # even n: ties occur
    pp = domingos_decomposition(preds, y).per_point
    assert ((pp["error"] == 0.5) & (pp["bias"] == 1)).any()
    np.testing.assert_allclose(pp["error"], pp["bias"] + pp["net_variance"], atol=1e-12)
    np.testing.assert_allclose(pp["error"], pp["bias"] + (1 - 2 * pp["bias"]) * pp["variance"],
                               atol=1e-12)
    np.testing.assert_allclose(pp["net_variance"], pp["unbiased_variance"] - pp["biased_variance"])
    np.testing.assert_allclose(pp["net_variance"], pp["effective_net_variance"], atol=1e-12)
    # B = 1 exactly when p_corr <= 0.5 (spec §1.3).
    np.testing.assert_array_equal(pp["bias"], (1 - pp["error"] <= 0.5).astype(float))


def test_multiclass_error_is_bias_plus_effective_net_variance():
    preds, y = random_predictions(1, n_classifiers=10, k=4)
    pp = domingos_decomposition(preds, y, classes=range(4)).per_point
    np.testing.assert_allclose(pp["error"], pp["bias"] + pp["effective_net_variance"], atol=1e-12)
    assert not np.allclose(pp["net_variance"], pp["effective_net_variance"])


def test_domingos_theorem_with_noise_and_two_class_coefficients():
    rng = np.random.default_rng(2)
    for k in (2, 5):
        q, p = rng.dirichlet(np.full(k, 0.5), 400), rng.dirichlet(np.full(k, 0.5), 400)
        pp = decompose(q, p, ["domingos"]).per_point
        np.testing.assert_allclose(pp["domingos.loss"], pp["prediction_error"], atol=1e-12)
        np.testing.assert_allclose(pp["domingos.noise"], pp["bayes_error"])
    q2, p2 = rng.dirichlet([1, 1], 400), rng.dirichlet([1, 1], 400)
    pp = decompose(q2, p2, ["domingos"]).per_point
    p_star = p2[np.arange(400), q2.argmax(axis=1)]
    np.testing.assert_allclose(pp["domingos.c1"], 2 * p_star - 1)
    np.testing.assert_allclose(pp["domingos.c2"], 1 - 2 * pp["domingos.bias"])


def test_agreement_with_the_other_registry_entries():
    assert "domingos" in DEFINITIONS
    preds, y = random_predictions(3, n_classifiers=6)
    q, p = one_hot(y, 2), prediction_distribution(preds, 2)
    pp = decompose(q, p).per_point
    # Two classes, no noise: Dietterich-Kong's I(PE >= 1/2) is Domingos's bias with AMB-15's tie
    # rule, ties included, and their variance is the net variance.
    np.testing.assert_array_equal(pp["dietterich_kong.bias"], pp["domingos.bias"])
    np.testing.assert_allclose(pp["dietterich_kong.variance"], pp["domingos.net_variance"], atol=1e-12)
    # James's bias and variance use the lowest-index mode: equal under that tie rule, at k classes.
    preds, y = random_predictions(4, n_classifiers=6, k=3)
    b = decompose(one_hot(y, 3), prediction_distribution(preds, 3)).per_point
    low = DEFINITIONS["domingos"]({"q": one_hot(y, 3), "p": prediction_distribution(preds, 3)},
                                  ties="lowest_index")
    np.testing.assert_array_equal(b["james.bias"], low["bias"])
    np.testing.assert_allclose(b["james.variance"], low["variance"])
    # With odd n and two classes (no ties), James's effects are Domingos's bias and net variance.
    preds, y = random_predictions(5, n_classifiers=7)
    b = decompose(one_hot(y, 2), prediction_distribution(preds, 2)).per_point
    np.testing.assert_allclose(b["james.systematic_effect"], b["domingos.bias"])
    np.testing.assert_allclose(b["james.variance_effect"], b["domingos.net_variance"], atol=1e-12)


def test_label_estimate_equals_the_registry_entry():
    preds, y = random_predictions(6, n_classifiers=5, k=3)
    labels = np.array(["a", "b", "c"])
    r = domingos_decomposition(labels[preds], labels[y])
    reg = decompose(one_hot(y, 3), prediction_distribution(preds, 3), ["domingos"]).per_point
    for name in ("bias", "variance", "net_variance", "biased_variance", "effective_net_variance"):
        np.testing.assert_allclose(r.per_point[name], reg[f"domingos.{name}"])
    np.testing.assert_array_equal(r.per_point["main_prediction"],
                                  labels[reg["domingos.main_prediction"]])


def test_main_prediction_ties_and_bad_input():
    p = np.array([[0.5, 0.5, 0.0], [0.4, 0.4, 0.2], [0.2, 0.4, 0.4]])
    np.testing.assert_array_equal(main_prediction(p, np.array([0, 1, 0])), [1, 0, 1])
    np.testing.assert_array_equal(main_prediction(p, np.array([0, 1, 0]), "lowest_index"), [0, 0, 1])
    with pytest.raises(ValueError, match="ties"):
        main_prediction(p, np.zeros(3, int), "random")
    with pytest.raises(ValueError, match="outside classes"):
        domingos_decomposition([[0, 2]], [0, 1], classes=[0, 1])
    with pytest.raises(ValueError, match="n_classifiers"):
        domingos_decomposition([0, 1], [0, 1])


# --- Out-of-bag estimate (spec §1.8) ------------------------------------------------------------

def test_oob_estimate_by_hand():
    # 4 members, 4 points; point 3 is in every bag and is left out. -1 marks ignored in-bag entries.
    in_bag = [[0, 0, 3], [1, 3, 3], [0, 2, 3], [1, 2, 3, 3]]
    preds = np.array([[-1, 1, 1, -1],
                      [1, -1, 0, -1],
                      [-1, 0, -1, -1],
                      [1, -1, -1, -1]])
    y = np.array([1, 1, 0, 0])
    # OOB votes: point 0 -> {1 (m1), 1 (m3)}: unbiased, V = 0; point 1 -> {1 (m0), 0 (m2)}: tie,
    # biased (AMB-15), V_b = 1/2; point 2 -> {1 (m0), 0 (m1)}: tie, biased, V_b = 1/2.
    r = oob_bias_variance(in_bag, preds, y, classes=[0, 1])
    pp = r.per_point
    assert pp.index.tolist() == [0, 1, 2]
    np.testing.assert_array_equal(pp["n_oob"], [2, 2, 2])
    np.testing.assert_array_equal(pp["main_prediction"], [1, 0, 1])
    np.testing.assert_allclose(pp["bias"], [0, 1, 1])
    np.testing.assert_allclose(pp["biased_variance"], [0, 0.5, 0.5])
    np.testing.assert_allclose(pp["error"], [0, 0.5, 0.5])
    np.testing.assert_allclose(r.summary[["error", "bias", "net_variance"]], [1 / 3, 2 / 3, -1 / 3])
    mask = np.zeros((4, 4), bool)
    for b, rows in enumerate(in_bag):
        mask[b, rows] = True
    assert oob_bias_variance(mask, preds, y, classes=[0, 1]).summary.equals(r.summary)


def test_oob_bias_is_the_oob_error_of_the_bagged_vote():
    rng = np.random.default_rng(7)
    n, B = 60, 25
    y = rng.integers(0, 2, n)
    in_bag = [rng.integers(0, n, n) for _ in range(B)]
    preds = np.where(rng.random((B, n)) < 0.55, y, 1 - y)
    r = oob_bias_variance(in_bag, preds, y)
    oob = np.ones((B, n), bool)
    for b, rows in enumerate(in_bag):
        oob[b, rows] = False
    used = oob.any(axis=0)
    right = (oob & (preds == y)).sum(axis=0)[used]
    votes = oob.sum(axis=0)[used]
    # The ensemble is wrong on its OOB vote when at most half the OOB votes are right (ties lose).
    assert r.summary["bias"] == pytest.approx(np.mean(right <= votes / 2))
    assert r.summary["error"] == pytest.approx(np.mean(1 - right / votes))
    np.testing.assert_allclose(r.per_point["error"], r.per_point["bias"] + r.per_point["net_variance"],
                               atol=1e-12)


# --- §1.10 per-SVM quantities ---------------------------------------------------------------------

def test_svm_capacity():
    X, y = make_classification(60, 4, random_state=0)
    lin = SVC(kernel="linear", C=1.0).fit(X, y)
    out = svm_capacity(lin, X, y)
    r2 = (X**2).sum(axis=1).max()
    assert out["vc_estimate"] == pytest.approx(r2 * (lin.coef_**2).sum() + 1, rel=1e-8)
    assert out["sv_fraction"] == lin.support_.size / 120
    assert out["training_error"] == np.mean(lin.predict(X) != y)
    rbf = SVC(gamma="scale").fit(X, y)
    K = rbf_kernel(X, gamma=1 / (X.shape[1] * X.var()))           # what gamma="scale" means
    sv = rbf.support_
    w2 = (rbf.dual_coef_ @ K[np.ix_(sv, sv)] @ rbf.dual_coef_.T).item()
    assert svm_capacity(rbf, X, y)["vc_estimate"] == pytest.approx(w2 + 1, rel=1e-8)   # R² = 1
    with pytest.raises(ValueError, match="two-class"):
        svm_capacity(SVC().fit(X[:45], np.arange(45) % 3), X[:45], np.arange(45) % 3)


# --- Random aggregating and Lobag (spec §1.7, §1.9) ----------------------------------------------

@pytest.fixture(scope="module")
def data():
    return make_classification(80, 5, n_informative=3, flip_y=0.1, random_state=1)


def test_random_aggregating_samples_and_prefixes(data):
    X, y = data
    ra = RandomAggregatingClassifier(n_estimators=6, max_samples=20, random_state=3).fit(X, y)
    assert ra.max_samples_ == 20 and all(m.shape_fit_[0] == 20 for m in ra.estimators_)
    assert RandomAggregatingClassifier(max_samples=0.5).fit(X, y).max_samples_ == 40
    small = RandomAggregatingClassifier(n_estimators=4, max_samples=20, random_state=3).fit(X, y)
    np.testing.assert_array_equal(ra.predict_prefixes(X, [4])[0], small.predict(X))
    with pytest.raises(ValueError, match="max_samples"):
        RandomAggregatingClassifier(max_samples=-1).fit(X, y)


def test_vote_ties_follow_the_summed_decision_values(data):
    X, y = data
    ra = RandomAggregatingClassifier(n_estimators=2, max_samples=15, random_state=0).fit(X, y)
    d = sum(m.decision_function(X) for m in ra.estimators_)
    votes = sum(m.predict(X) for m in ra.estimators_)              # encoded 0/1: 1 = a tie
    expected = np.where(votes == 1, (d >= 0).astype(int), votes // 2)
    assert (votes == 1).any()
    np.testing.assert_array_equal(ra.predict(X), ra.classes_[expected])
    last = clone(ra).set_params(vote_ties="last_class").fit(X, y)
    np.testing.assert_array_equal(last.predict(X), ra.classes_[np.where(votes == 1, 1, votes // 2)])


def test_lobag_keeps_the_setting_of_lowest_oob_bias():
    # XOR: a stump cannot fit it (high bias), a full tree can.
    rng = np.random.default_rng(8)
    X = rng.uniform(-1, 1, (120, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    grid = {"max_depth": [1, None, 2]}
    lob = LobagClassifier(DecisionTreeClassifier(random_state=0), param_grid=grid, n_estimators=15,
                          random_state=0).fit(X, y)
    bias = lob.oob_results_["bias"]
    assert lob.best_params_ == {"max_depth": None} and lob.best_index_ == int(np.argmin(bias))
    assert bias[0] > 0.3 > bias[lob.best_index_] and lob.oob_error_ == bias[lob.best_index_]
    # Shared replicates: the Lobag ensemble is the bag of the chosen setting with the same seed.
    bag = RandomAggregatingClassifier(DecisionTreeClassifier(random_state=0, max_depth=None),
                                      n_estimators=15, random_state=0).fit(X, y)
    np.testing.assert_array_equal(lob.predict(X), bag.predict(X))
    loss = lob.set_params(criterion="loss").fit(X, y)
    assert loss.best_index_ == int(np.argmin(loss.oob_results_["error"]))


def test_select_setting_ties():
    assert select_setting([0.2, 0.1, 0.1], [0.3, 0.4, 0.35]) == 2        # bias tie -> lower loss
    assert select_setting([0.1, 0.1], [0.3, 0.3]) == 0                    # full tie -> grid order
    assert select_setting([0.2, 0.1, 0.1], [0.3, 0.4, 0.35], "loss") == 0
    assert select_setting([np.nan, 0.5], [np.nan, 0.5]) == 1


def test_lobag_is_deterministic_under_a_fixed_random_state(data):
    X, y = data
    est = LobagClassifier(n_estimators=6, param_grid={"C": [0.5, 5.0]}, random_state=11)
    a, b = clone(est).fit(X, y), clone(est).fit(X, y)
    np.testing.assert_array_equal(a.predict(X), b.predict(X))
    np.testing.assert_array_equal(a.oob_results_["bias"], b.oob_results_["bias"])
    unshared = clone(est).set_params(shared_bootstrap=False).fit(X, y)
    assert not np.array_equal(unshared.oob_results_["error"], a.oob_results_["error"])
    with pytest.raises(ValueError, match="criterion"):
        clone(est).set_params(criterion="variance").fit(X, y)


@pytest.mark.parametrize("estimator", [RandomAggregatingClassifier(), LobagClassifier()],
                         ids=lambda e: type(e).__name__)
def test_check_estimator(estimator):
    check_estimator(estimator)
