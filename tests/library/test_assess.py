"""mavl.assess against scikit-learn and scipy, and the chapter's identities (spec zaki-ch22 §5)."""

import numpy as np
import pytest
from scipy import stats
from sklearn.datasets import load_iris
from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
from sklearn.metrics import (
    confusion_matrix,
    f1_score,
    precision_score,
    recall_score,
    roc_auc_score,
    roc_curve,
)
from sklearn.model_selection import KFold
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from mavl.assess import (
    FullBayesClassifier,
    NaiveBayesClassifier,
    StackingVoteClassifier,
    auc_mann_whitney,
    binary_measures,
    bootstrap_estimates,
    class_measures,
    contingency_matrix,
    cross_validation_estimates,
    kfold_indices,
    mcnemar_test,
    overall_measures,
    paired_cv_test,
    paired_t_test,
    random_forest_oob,
    roc_points,
    squared_loss_decomposition,
    t_interval,
    z_interval,
)
from mavl.ensemble.bagging import VoteBaggingClassifier
from mavl.ensemble.boosting import AdaBoostM1Classifier


@pytest.fixture(scope="module")
def iris():
    return load_iris(return_X_y=True)


def random_labels(seed, n=200, k=3):
    rng = np.random.default_rng(seed)
    return rng.integers(0, k, n), rng.integers(0, k, n)


def test_contingency_matrix_is_sklearns_transposed_and_measures_agree():
    y, p = random_labels(0)
    N = contingency_matrix(y, p)
    np.testing.assert_array_equal(N.to_numpy(), confusion_matrix(y, p).T)
    m = class_measures(y, p)
    np.testing.assert_allclose(m["precision"], precision_score(y, p, average=None))
    np.testing.assert_allclose(m["recall"], recall_score(y, p, average=None))
    np.testing.assert_allclose(m["F"], f1_score(y, p, average=None))
    overall = overall_measures(y, p)
    assert overall["macro_F"] == pytest.approx(f1_score(y, p, average="macro"))
    # Z-1: accuracy = 1 - error = sum_i (m_i / n) acc_i.
    assert overall["accuracy"] == pytest.approx(1 - overall["error"])
    assert overall["accuracy"] == pytest.approx(float((m["m"] / len(y) * m["precision"]).sum()))
    # Z-2: F_i = 2 n_ii / (n_i + m_i) equals the harmonic mean of precision and recall.
    harmonic = 2 / (1 / m["precision"] + 1 / m["recall"])
    np.testing.assert_allclose(m["F"], harmonic)
    assert N.to_numpy().sum() == len(y)                       # Z-3 (second half)


def test_undefined_precision_is_nan_and_f_stays_defined():
    m = class_measures([0, 0, 1, 2], [0, 0, 0, 0], labels=[0, 1, 2])
    assert np.isnan(m.loc[1, "precision"]) and m.loc[1, "F"] == 0.0


def test_binary_measures():
    y, p = random_labels(1, k=2)
    b = binary_measures(y, p, positive=1)
    assert b["FNR"] == pytest.approx(1 - b["TPR"]) and b["FPR"] == pytest.approx(1 - b["TNR"])   # Z-3
    assert b["TPR"] == pytest.approx(recall_score(y, p, pos_label=1))
    assert b["prec_P"] == pytest.approx(precision_score(y, p, pos_label=1))
    assert b["TP"] + b["FP"] + b["FN"] + b["TN"] == len(y)


def test_roc_matches_sklearn_and_mann_whitney():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 300)
    scores = np.round(rng.normal(size=300) + y, 1)          # rounding makes ties
    points, auc = roc_points(y, scores, positive=1)
    assert auc == pytest.approx(roc_auc_score(y, scores), abs=1e-12)          # Z-4
    assert auc == pytest.approx(auc_mann_whitney(y, scores, 1), abs=1e-12)
    fpr, tpr, _ = roc_curve(y, scores, drop_intermediate=False)
    np.testing.assert_allclose(points[["FPR", "TPR"]].to_numpy(), np.column_stack([fpr, tpr]))
    ends = points[["FPR", "TPR"]].to_numpy()[[0, -1]]
    np.testing.assert_array_equal(ends, [[0, 0], [1, 1]])
    assert (np.diff(points["FPR"]) >= 0).all() and (np.diff(points["TPR"]) >= 0).all()
    assert roc_points(y, -scores, 1)[1] == pytest.approx(1 - auc, abs=1e-12)   # Z-5 inversion


def test_random_scores_give_half_and_class_skew_changes_nothing():
    rng = np.random.default_rng(3)
    y, scores = rng.integers(0, 2, 10_000), rng.random(10_000)
    assert roc_points(y, scores, 1)[1] == pytest.approx(0.5, abs=0.02)       # Z-5
    y, scores = rng.integers(0, 2, 200), np.round(rng.normal(size=200), 1)
    negatives = y == 0
    y3 = np.concatenate([y, y[negatives], y[negatives]])
    s3 = np.concatenate([scores, scores[negatives], scores[negatives]])
    p1, a1 = roc_points(y, scores, 1)
    p3, a3 = roc_points(y3, s3, 1)                                              # Z-6
    assert a1 == pytest.approx(a3, abs=1e-12)
    np.testing.assert_allclose(p1.to_numpy(), p3.to_numpy())


def test_folds_are_a_random_partition_like_kfold():
    folds = kfold_indices(23, 5, np.random.default_rng(4))
    assert sorted(np.concatenate(folds).tolist()) == list(range(23))
    assert sorted(len(f) for f in folds) == sorted(len(t) for _, t in KFold(5).split(np.zeros(23)))


def test_cross_validation_and_bootstrap(iris):
    X, y = iris
    theta = cross_validation_estimates(NaiveBayesClassifier(), X, y, 5, np.random.default_rng(5))
    assert theta.shape == (5,) and (0 <= theta).all() and theta.mean() < 0.1
    boot = bootstrap_estimates(NaiveBayesClassifier(), X, y, 30, np.random.default_rng(6))
    assert boot["theta"].mean() <= boot["theta_oob"].mean() + 1e-12       # testing on D is optimistic
    assert boot["distinct"].mean() == pytest.approx(1 - (1 - 1 / 150) ** 150, abs=0.02)


def test_bootstrap_distinct_fraction():                                     # Z-7
    rng = np.random.default_rng(7)
    distinct = [np.unique(rng.integers(0, 150, 150)).size / 150 for _ in range(10_000)]
    assert np.mean(distinct) == pytest.approx(0.632, abs=0.005)
    assert (1 - 1 / 100_000) ** 100_000 == pytest.approx(np.exp(-1), abs=1e-5)


def test_intervals_and_quantiles():
    theta = np.array([0.1, 0.12, 0.08, 0.11, 0.09])
    lo, hi = z_interval(theta, 0.05)
    mu, sd = theta.mean(), theta.std()
    assert hi - mu == pytest.approx(1.959964 * sd / np.sqrt(5), rel=1e-6)
    tlo, thi = t_interval(theta, 0.05)
    assert thi - mu == pytest.approx(2.776445 * sd / np.sqrt(5), rel=1e-6)
    assert thi - tlo > hi - lo                                               # Z-8, K = 5
    big = np.random.default_rng(8).normal(0.1, 0.02, 50)
    ratio = np.diff(t_interval(big))[0] / np.diff(z_interval(big))[0]
    assert ratio == pytest.approx(stats.t.ppf(0.975, 49) / stats.norm.ppf(0.975)) and ratio < 1.03
    # The textbook (K - 1) interval is scipy's.
    ref = stats.t.interval(0.95, 4, loc=mu, scale=stats.sem(theta))
    np.testing.assert_allclose(t_interval(theta, 0.05, ddof=1), ref)


def test_paired_t_test_agrees_with_scipy():
    rng = np.random.default_rng(9)
    a, b = rng.normal(0.2, 0.03, 10), rng.normal(0.18, 0.03, 10)
    out = paired_t_test(a, b)
    ref = stats.ttest_rel(a, b)
    assert out["t_textbook"] == pytest.approx(ref.statistic)
    assert out["p_value"] == pytest.approx(ref.pvalue)
    assert out["z_star"] == pytest.approx(ref.statistic * np.sqrt(10 / 9))
    same = paired_t_test([0.1, 0.2], [0.1, 0.2])
    assert not same["reject"] and same["p_value"] == 1.0
    assert paired_t_test([0.2, 0.3], [0.1, 0.2])["reject"]                    # sd 0, mean 0.1


def test_paired_cv_test_on_iris(iris):
    X, y = iris
    out = paired_cv_test(FullBayesClassifier(), NaiveBayesClassifier(), X, y, 5, np.random.default_rng(10))
    assert out["mean_delta"] == pytest.approx(np.mean(out["theta_a"] - out["theta_b"]))
    assert out["K"] == 5
    if out["sd_delta"] > 0:
        assert out["p_value"] == pytest.approx(stats.ttest_rel(out["theta_a"], out["theta_b"]).pvalue)
    # The same folds for both: fold i's test set sizes are those of kfold_indices with this seed.
    again = paired_cv_test(FullBayesClassifier(), NaiveBayesClassifier(), X, y, 5, np.random.default_rng(10))
    np.testing.assert_array_equal(again["theta_a"], out["theta_a"])


def test_mcnemar_matches_the_binomial_and_chi2():
    a = np.array([1] * 30 + [0] * 5 + [1] * 40 + [0] * 25, bool)
    b = np.array([0] * 30 + [1] * 5 + [1] * 40 + [0] * 25, bool)
    exact = mcnemar_test(a, b)
    assert (exact["b"], exact["c"]) == (30, 5)
    assert exact["p_value"] == pytest.approx(stats.binomtest(30, 35, 0.5).pvalue)
    approx = mcnemar_test(a, b, exact=False)
    assert approx["statistic"] == pytest.approx((25 - 1) ** 2 / 35)


def test_bayes_classifiers_match_sklearn(iris):
    X, y = iris
    naive = NaiveBayesClassifier().fit(X, y)
    gnb = GaussianNB(var_smoothing=0.0).fit(X, y)
    np.testing.assert_allclose(naive.predict_proba(X), gnb.predict_proba(X), atol=1e-6)
    full = FullBayesClassifier().fit(X, y)
    qda = QuadraticDiscriminantAnalysis().fit(X, y)
    assert np.mean(full.predict(X) == qda.predict(X)) > 0.97


def test_squared_loss_decomposition_and_the_bayes_rule():                   # Z-9, Z-14
    rng = np.random.default_rng(11)
    y = rng.choice([-1, 1], 40)
    M = rng.choice([-1, 1], (25, 40))
    d = squared_loss_decomposition(y, M)
    np.testing.assert_allclose(d["loss"], d["bias"] + d["variance"], atol=1e-12)
    np.testing.assert_allclose(d["loss"] / 4, np.mean(M != y, axis=0))
    np.testing.assert_allclose(d["variance"], 1 - M.mean(axis=0) ** 2)
    q = rng.dirichlet(np.ones(4), 100)
    expected_loss = 1 - q                     # predicting c_i costs sum_{y != c_i} P(y|x)
    np.testing.assert_array_equal(expected_loss.argmin(axis=1), q.argmax(axis=1))


def test_random_forest_with_all_features_is_bagging(iris):                  # Z-11
    X, y = iris
    forest = random_forest_oob(X, y, 15, None, np.random.default_rng(12), X_test=X)
    votes = np.zeros((len(y), 3))
    for rows, tree in zip(forest["samples"], forest["trees"], strict=True):
        bagged = DecisionTreeClassifier(random_state=tree.random_state).fit(X[rows], y[rows])
        votes[np.arange(len(y)), bagged.predict(X)] += 1
    np.testing.assert_array_equal(votes, forest["test_votes"])
    assert forest["oob_error"].shape == (15,) and forest["oob_error"][-1] < 0.15


def test_chapter_adaboost_and_bagging_reuse_the_package(iris):              # Z-13
    X, y = iris
    boost = AdaBoostM1Classifier(DecisionTreeClassifier(max_depth=1), n_estimators=20, bad_round="retry",
                                 zero_error="stop", random_state=0).fit(X, y)
    errors, weights = boost.estimator_errors_, boost.estimator_weights_
    ok = np.isfinite(errors) & (weights > 0)
    # a_t = ln((1 - eps_t) / eps_t): misclassified weights grow by 1/eps_t - 1 before normalising.
    np.testing.assert_allclose(weights[ok], np.log((1 - errors[ok]) / errors[ok]))
    assert (errors[ok] < 0.5).all()
    bag = VoteBaggingClassifier(DecisionTreeClassifier(), n_estimators=5, combiner="vote_random",
                                random_state=0).fit(X, y)
    assert bag.score(X, y) > 0.9


def test_stacking_variants(iris):
    X, y = iris
    bases = [NaiveBayesClassifier(), DecisionTreeClassifier(max_depth=2, random_state=0)]
    literal = StackingVoteClassifier(bases).fit(X, y)
    folded = StackingVoteClassifier(bases, cv=5).fit(X, y)
    assert literal.score(X, y) > 0.9 and folded.score(X, y) > 0.9
