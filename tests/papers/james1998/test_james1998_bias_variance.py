"""Bias/variance for 0-1 loss: worked examples, exact identities, and the Gaussian simulations."""

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.neighbors import KNeighborsClassifier

from mavl.bias_variance import (
    DEFINITIONS,
    TABLE_ROWS,
    bias_variance,
    decompose,
    general_decomposition,
    prediction_distribution,
)
from mavl.data.gaussian import calibrate_scale, gaussian_problem, posterior
from mavl.papers.james1998.case_study import shrinkage_estimates
from mavl.papers.james1998.gaussian_study import prediction_counts, select_seed

OPTIONS = {"tree_weight_semantics": "counts", "bagging_combiner": "vote_probtie", "tie_break": "random"}


def random_distributions(rng, n=500, k=4, concentration=0.3):
    q = rng.dirichlet(np.full(k, concentration), size=n)
    p = rng.dirichlet(np.full(k, concentration), size=n)
    return q, p


def test_worked_example_of_section_3_3():
    # James (1998) §3.3.1, q = (0.5, 0.4, 0.1); C1, C2 as in the text (spec §1.7).
    q = [[0.5, 0.4, 0.1]] * 2
    p = [[0.4, 0.5, 0.1], [0.1, 0.5, 0.4]]
    pp = decompose(q, p).per_point
    np.testing.assert_allclose(pp["james.systematic_effect"], [0.1, 0.1])
    np.testing.assert_allclose(pp["james.variance"], [0.5, 0.5])
    np.testing.assert_allclose(pp["prediction_error"], [0.59, 0.71])
    np.testing.assert_allclose(pp["james.variance_effect"], [-0.01, 0.11])
    np.testing.assert_allclose(pp["james.bias"], [1, 1])
    np.testing.assert_allclose(pp["dietterich_kong.variance"], [-0.41, -0.29])
    np.testing.assert_allclose(pp["breiman.bias"], [0.09, 0.21])
    np.testing.assert_allclose(pp["breiman.variance"], [0, 0])
    np.testing.assert_allclose(pp["kohavi_wolpert.bias2"], [0.01, 0.13])
    np.testing.assert_allclose(pp["kohavi_wolpert.variance"], [0.29, 0.29])
    np.testing.assert_allclose(pp["kohavi_wolpert.noise"], [0.29, 0.29])
    # P(Y != SC) = 0.6 = Bayes + SE.
    np.testing.assert_allclose(pp["bayes_error"] + pp["james.systematic_effect"], [0.6, 0.6])


def test_absolute_loss_example():
    # §3.2: P(Y = 0, 1, 2) = (a/4, 1/2, (2 - a)/4), Ŷ = 2 always; a = 1.
    out = general_decomposition([0, 1, 2], [0.25, 0.5, 0.25], [0, 0, 1], lambda a, b: np.abs(a - b))
    assert out["SY"] == 1 and out["SYhat"] == 2
    assert out["bias"] == 1 and out["variance"] == 0 and out["variance_effect"] == 0
    assert out["systematic_effect"] == pytest.approx(0.5)
    assert out["irreducible"] == pytest.approx(0.5)


def test_general_form_agrees_with_zero_one_specialisation():
    rng = np.random.default_rng(0)
    zero_one = lambda a, b: (a != b).astype(float)  # noqa: E731
    for q, p in zip(*random_distributions(rng, n=50, k=5), strict=True):
        general = general_decomposition(np.arange(5), q, p, zero_one)
        pp = decompose(q, p).per_point.iloc[0]
        assert general["error"] == pytest.approx(pp["prediction_error"])
        assert general["systematic_effect"] == pytest.approx(pp["james.systematic_effect"])
        assert general["variance_effect"] == pytest.approx(pp["james.variance_effect"])
        assert general["variance"] == pytest.approx(pp["james.variance"])


def test_identities_of_section_1_6():
    q, p = random_distributions(np.random.default_rng(1))
    pp = decompose(q, p).per_point
    pe, bayes = pp["prediction_error"], pp["bayes_error"]
    np.testing.assert_allclose(pp["dietterich_kong.bias"] + pp["dietterich_kong.variance"], pe)
    reducible = pe - bayes
    np.testing.assert_allclose(pp["breiman.bias"] + pp["breiman.variance"], reducible, atol=1e-12)
    np.testing.assert_allclose(pp["james.systematic_effect"] + pp["james.variance_effect"], reducible,
                               atol=1e-12)
    np.testing.assert_allclose(pp["kohavi_wolpert.noise"] + pp["kohavi_wolpert.bias2"]
                               + pp["kohavi_wolpert.variance"], pe, atol=1e-12)
    tol = 1e-12
    assert (pp["james.systematic_effect"] >= -tol).all()
    assert (pp["james.systematic_effect"] <= pp["james.bias"] + tol).all()
    assert (pp["breiman.bias"] <= pp["james.bias"] + tol).all()
    assert (pp["james.variance_effect"] <= pp["james.variance"] + tol).all()
    assert (pp["breiman.variance"] <= pp["james.variance"] + tol).all()
    assert (pp["james.variance_effect"] >= -pp["james.systematic_effect"] - tol).all()
    # Tibshirani's terms are James's SE, Var and VE under other names.
    np.testing.assert_array_equal(pp["tibshirani.bias"], pp["james.systematic_effect"])
    np.testing.assert_array_equal(pp["tibshirani.aggregation_effect"], pp["james.variance_effect"])


def test_two_class_coincidences():
    q, p = random_distributions(np.random.default_rng(2), n=2000, k=2, concentration=1.0)
    pp = decompose(q, p).per_point
    # For k = 2, PE >= 1/2 exactly when SC != SY (spec §1.4; ties have probability zero here).
    np.testing.assert_array_equal(pp["dietterich_kong.bias"], pp["james.bias"])
    # Kohavi-Wolpert reduces to the thesis's 2-class form.
    np.testing.assert_allclose(pp["kohavi_wolpert.bias2"], (q[:, 1] - p[:, 1]) ** 2)
    np.testing.assert_allclose(pp["kohavi_wolpert.variance"], p[:, 1] * (1 - p[:, 1]))
    # Friedman's identity: PE - Bayes = |2 q1 - 1| P(C != SY).
    sy = q.argmax(axis=1)
    np.testing.assert_allclose(pp["prediction_error"] - pp["bayes_error"],
                               np.abs(2 * q[:, 1] - 1) * (1 - p[np.arange(len(p)), sy]), atol=1e-12)


def test_table_rows_are_point_means_in_percent():
    q, p = random_distributions(np.random.default_rng(3), n=50)
    result = decompose(q, p)
    assert list(result.table.index) == list(TABLE_ROWS)
    mean_pe = result.per_point["prediction_error"].mean()
    assert result.table["Prediction Error"] == pytest.approx(100 * mean_pe)
    assert result.table["Bias less Bayes Error"] == pytest.approx(
        result.table["Bias (Dietterich)"] - result.table["Bayes Error"])


def test_a_new_definition_is_one_registry_entry(monkeypatch):
    monkeypatch.setitem(DEFINITIONS, "constant", lambda b: {"half": np.full(b["PE"].shape, 0.5)})
    q, p = random_distributions(np.random.default_rng(4), n=10)
    assert (decompose(q, p).per_point["constant.half"] == 0.5).all()


def test_mode_ties_go_to_lowest_index_and_bad_input_is_rejected():
    pp = decompose([[0.2, 0.5, 0.3]], [[0.0, 0.5, 0.5]]).per_point
    assert pp["james.bias"].iloc[0] == 0.0           # SC = 1 (lowest of the tied modes) = SY
    with pytest.raises(ValueError, match="probability distribution"):
        decompose([[0.5, 0.6]], [[0.5, 0.5]])
    with pytest.raises(ValueError, match="same shape"):
        decompose([[0.5, 0.5]], [[0.2, 0.3, 0.5]])


def test_prediction_distribution():
    p = prediction_distribution([[0, 1, 2], [0, 2, 2], [1, 2, 2], [0, 2, 2]], 3)
    np.testing.assert_allclose(p, [[0.75, 0.25, 0], [0, 0.25, 0.75], [0, 0, 1]])
    with pytest.raises(ValueError, match="class indices"):
        prediction_distribution([[0, 3]], 3)


def test_posterior_matches_scipy_densities():
    means = np.array([[0.0, 0.0], [1.0, 2.0], [-3.0, 0.5]])
    X = np.random.default_rng(5).normal(size=(20, 2))
    dens = np.column_stack([multivariate_normal(m, np.eye(2)).pdf(X) for m in means])
    np.testing.assert_allclose(posterior(X, means), dens / dens.sum(axis=1, keepdims=True))


def test_calibration_hits_the_target_bayes_error():
    # The spec's prototype found s = 2.1438 for seed 55 (26 classes) and 1.2074 for seed 870.
    assert calibrate_scale(26, 40, 55, 0.231) == pytest.approx(2.1438, abs=1e-4)
    assert calibrate_scale(10, 104, 870, 0.205) == pytest.approx(1.2074, abs=1e-4)
    problem = gaussian_problem(10, 5, 104, 870, target_bayes=0.205)
    assert problem.bayes_error == pytest.approx(0.205, abs=1e-8)
    X, y = problem.training_set(3)
    assert X.shape == (50, 2) and np.bincount(y).tolist() == [5] * 10
    np.testing.assert_array_equal(problem.training_set(3)[0], X)    # a pure function of t
    with pytest.raises(ValueError, match="pinned scale"):
        gaussian_problem(10, 5, 104, 870)


def test_bias_variance_of_any_classifier_does_not_depend_on_n_jobs():
    problem = gaussian_problem(5, 10, 20, 0, target_bayes=0.2)
    one = bias_variance(KNeighborsClassifier(3), problem, 12, n_jobs=1)
    two = bias_variance(KNeighborsClassifier(3), problem, 12, n_jobs=2)
    assert one.table.equals(two.table)
    lda = bias_variance(LinearDiscriminantAnalysis(), problem, 12)
    # LDA is near-Bayes on Gaussian classes with shared covariance: small bias, PE above Bayes.
    assert lda.table["Bias"] < 5.0
    assert lda.table["Prediction Error"] > lda.table["Bayes Error"]


def test_prediction_counts_sum_to_the_number_of_training_sets():
    problem = gaussian_problem(4, 5, 10, 1, target_bayes=0.2)
    trees = {"default": {"mincut": 2, "minsize": 4, "mindev": 0.01}, "fixed": {"mincut": 1, "minsize": 2}}
    for method in ("LDA", "Tree", "Tree_5", "ECOC", "Bagging", "5NN"):
        counts = prediction_counts(problem, method, 3, trees, OPTIONS, n_columns=5)
        assert counts.sum(axis=1).tolist() == [3] * 40


def test_shrinkage_estimates_recover_a_known_model():
    # p = alpha q + noise with known variances: the estimators return alpha, Var and rho.
    rng = np.random.default_rng(6)
    q = rng.dirichlet(np.ones(3), size=400)
    T, B = 30, 40
    shared = rng.normal(0, 0.1, size=(T, 1, 400, 3))                  # between-set part
    ps = 0.4 * q + 0.1 + shared + rng.normal(0, 0.2, size=(T, B, 400, 3))
    pt = 0.9 * q + rng.normal(0, 0.3, size=(T, 400, 3))
    out = shrinkage_estimates(q, pt, ps, mask_threshold=0.0)
    assert out["alpha_S"] == pytest.approx(0.4, abs=0.02)
    assert out["alpha_T"] == pytest.approx(0.9, abs=0.02)
    assert out["var_S"] == pytest.approx(0.05, rel=0.05)
    assert out["rho"] == pytest.approx(0.01 / 0.05, abs=0.03)
    assert out["b_star"] == pytest.approx((1 - out["rho"]) / (out["gamma"] - out["rho"]))


def test_seed_search_returns_the_best_scanned_seed():
    best, scanned = select_seed(4, 5, 10, 0.2, (10.0, 25.0, 30.0, 28.0), range(6), OPTIONS,
                                n_training_sets=5)
    assert best["J"] == scanned["J"].min()
    assert best["seed"] == scanned.sort_values(["J", "seed"])["seed"].iloc[0]
