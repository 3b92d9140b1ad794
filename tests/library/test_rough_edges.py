"""Rough edges of the estimators: arcing by resampling and its early-stop warning, the up-front
``sample_weight`` check, code-matrix errors, staged predictions of the ECOC family, private
scikit-learn imports in one module, and the ``estimator_`` attribute."""

import ast
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import make_blobs, make_classification
from sklearn.ensemble import AdaBoostClassifier
from sklearn.exceptions import NotFittedError
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from mavl import (
    AdaBoostM1Classifier,
    AdaBoostMOClassifier,
    ArcFsClassifier,
    ArcU1Classifier,
    ArcU2Classifier,
    ArcX4Classifier,
    CentroidClassifier,
    ECOCClassifier,
    NormalizedArcingClassifier,
    RegressionClassifier,
    STreeClassifier,
    UnnormalizedArcingClassifier,
)
from mavl.ensemble.boosting import EarlyStopWarning
from mavl.ensemble.threshold_boosting import DiscreteAdaBoostClassifier
from mavl.output_codes.codes import make_code
from mavl.trees import CategoricalTreeClassifier, PrunedTreeClassifier, WeightedSplitTreeClassifier

SRC = Path(__file__).resolve().parents[2] / "src" / "mavl"


@pytest.fixture(scope="module")
def noisy():
    """Binary data with label noise: an unpruned tree fits it exactly, but not a draw's left-outs."""
    return make_classification(300, 8, n_informative=4, flip_y=0.1, random_state=0)


@pytest.fixture(scope="module")
def letters():
    X, y = make_classification(240, 6, n_informative=4, n_classes=4, n_clusters_per_class=1,
                               random_state=1)
    return X, np.array(list("abcd"))[y]


# Arcing: resampling, and a warning when a run stops early.

def test_arc_x4_with_unpruned_trees_stops_after_one_round_and_says_why(noisy):
    X, y = noisy
    with pytest.warns(EarlyStopWarning, match=r"ArcX4Classifier stopped at round 1 of 20: ε = 0, the "
                                              r"member misclassifies no training point and would be refitted "
                                              r"in every later round \(zero_error='stop'; 'reset' drops it"):
        model = ArcX4Classifier(DecisionTreeClassifier(), n_estimators=20, random_state=0).fit(X, y)
    assert model.stopped_at_ == 1
    assert model.estimator_weights_.tolist() == [1.0] + [0.0] * 19
    assert all(member is model.estimators_[0] for member in model.estimators_)


def test_arc_x4_with_unpruned_trees_and_resampling_runs_every_round(noisy):
    X, y = noisy
    with warnings.catch_warnings():
        warnings.simplefilter("error", EarlyStopWarning)
        model = ArcX4Classifier(DecisionTreeClassifier(), n_estimators=20, weighting="resample",
                                random_state=0).fit(X, y)
    assert model.stopped_at_ is None and len(model.estimators_) == 20
    assert len({id(member) for member in model.estimators_}) == 20
    assert (model.estimator_weights_ == 1.0).all()
    assert model.train_misses_.any(axis=1).all()         # each tree misses points it did not draw
    # Still arc-x4: member t + 1 is drawn from weights 1 + m(n)^4, m(n) the misses of members ≤ t.
    misses = np.cumsum(model.train_misses_, axis=0)[:-1]
    expected = 1.0 + misses ** 4.0
    np.testing.assert_allclose(model.sample_weights_[1:], expected / expected.sum(axis=1, keepdims=True),
                               rtol=1e-12)
    again = ArcX4Classifier(DecisionTreeClassifier(), n_estimators=20, weighting="resample",
                            random_state=0).fit(X, y)
    np.testing.assert_array_equal(again.train_misses_, model.train_misses_)


def test_resampled_arc_fs_is_resampled_adaboost_m1(noisy):
    # The draw is AdaBoost.M1's (the engine's one _fit_member), from the same round seeds.
    X, y = noisy
    tree = DecisionTreeClassifier(min_samples_leaf=10)
    ada = AdaBoostM1Classifier(tree, n_estimators=30, weighting="resample", random_state=5).fit(X, y)
    arc = ArcFsClassifier(tree, n_estimators=30, weighting="resample", random_state=5).fit(X, y)
    assert ada.n_bad_rounds_ == 0 and arc.n_resets_ == 0 and arc.stopped_at_ is None
    np.testing.assert_array_equal(arc.train_misses_, ada.train_misses_)
    np.testing.assert_allclose(arc.estimator_weights_, ada.estimator_weights_, rtol=1e-10)
    sizes = range(1, 31)
    np.testing.assert_array_equal(arc.predict_prefixes(X, sizes), ada.predict_prefixes(X, sizes))


def test_reweighting_is_the_default_and_draws_nothing(noisy):
    X, y = noisy
    tree = DecisionTreeClassifier(max_depth=3)
    default = ArcU2Classifier(tree, n_estimators=15, random_state=3).fit(X, y)
    explicit = ArcU2Classifier(tree, n_estimators=15, weighting="weights", random_state=3).fit(X, y)
    assert default.get_params()["weighting"] == "weights"
    np.testing.assert_array_equal(default.sample_weights_, explicit.sample_weights_)
    # Reweighted members see every row: their trees hold n samples at the root, all distinct.
    assert all(m.tree_.n_node_samples[0] == len(y) for m in default.estimators_)


def test_a_member_at_the_stopping_threshold_is_named_in_the_warning(noisy):
    X, y = noisy
    stump = DecisionTreeClassifier(max_depth=1)
    with pytest.warns(EarlyStopWarning, match=r"stopped at round 1 of 5: ε = 0\.\d+ ≥ φ = 0\.05, no vote"):
        model = UnnormalizedArcingClassifier(stump, n_estimators=5, phi=0.05, random_state=0).fit(X, y)
    assert model.stopped_at_ == 1 and model.estimator_errors_[0] >= 0.05


def test_a_stop_the_caller_asked_for_says_which_option_stopped_it(noisy):
    # Issue 33: AdaBoost.M1's zero_error="stop" warns too, naming the option and the alternative.
    X, y = noisy
    with pytest.warns(EarlyStopWarning, match=r"stopped at round 1 of 10: ε = 0, .*zero_error='stop'"):
        model = AdaBoostM1Classifier(DecisionTreeClassifier(), n_estimators=10, weighting="weights",
                                     zero_error="stop", random_state=0).fit(X, y)
    assert model.stopped_at_ == 1


def test_a_stop_warning_points_at_the_line_that_called_fit(noisy):
    # Issue 54: AdaBoost.M1's own fit wraps the engine's; its warning skips that frame too.
    X, y = noisy
    stops = [
        AdaBoostM1Classifier(DecisionTreeClassifier(), n_estimators=10, weighting="weights",
                             zero_error="stop", random_state=0),
        UnnormalizedArcingClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=5, phi=0.05,
                                     random_state=0),
    ]
    for model in stops:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", EarlyStopWarning)
            model.fit(X, y)
        (warning,) = [w for w in caught if w.category is EarlyStopWarning]
        assert Path(warning.filename) == Path(__file__), (type(model).__name__, warning.filename)


def test_normalized_arcing_by_resampling_goes_on_after_a_perfect_member():
    # Issue 54: every resampled tree fits these blobs; the run went on to stop at round 2, where
    # ε = 0 met the limit (the Q-weighted mean edge, 0 while no point is missed).
    X, y = make_blobs(60, centers=[[0, 0], [8, 0], [0, 8]], cluster_std=.5, random_state=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", EarlyStopWarning)
        model = NormalizedArcingClassifier(DecisionTreeClassifier(), n_estimators=10, weighting="resample",
                                           random_state=0).fit(X, y)
    assert model.stopped_at_ is None
    np.testing.assert_array_equal(model.estimator_weights_, np.ones(10))
    assert not model.train_misses_.any()
    # On the weighted points the same member would come back forever: that run still stops.
    with pytest.warns(EarlyStopWarning, match="stopped at round 1 of 10: ε = 0"):
        weighted = NormalizedArcingClassifier(DecisionTreeClassifier(), n_estimators=10,
                                              random_state=0).fit(X, y)
    assert weighted.stopped_at_ == 1


@pytest.mark.parametrize("cls", [ArcFsClassifier, ArcU1Classifier, ArcU2Classifier, ArcX4Classifier,
                                 NormalizedArcingClassifier, UnnormalizedArcingClassifier])
def test_arcing_by_resampling_refuses_sample_weight(noisy, cls):
    # Issue 54: drawn rows make a weight of 2 differ from a repeated row, as for AdaBoost.M1.
    X, y = noisy
    model = cls(n_estimators=3, weighting="resample", random_state=0)
    with pytest.raises(ValueError, match=r"^sample_weight is not supported with weighting='resample'"):
        model.fit(X, y, sample_weight=np.ones(len(y)))
    assert not hasattr(model, "estimators_")
    weighted = cls(n_estimators=3, random_state=0).fit(X, y, sample_weight=np.ones(len(y)))
    plain = cls(n_estimators=3, random_state=0).fit(X, y)
    np.testing.assert_array_equal(weighted.predict(X), plain.predict(X))


# The base learner must take sample_weight when members are fitted on weighted points.

@pytest.mark.parametrize("model", [
    AdaBoostM1Classifier(KNeighborsClassifier(), weighting="weights"),
    ArcX4Classifier(KNeighborsClassifier()),
    ArcFsClassifier(KNeighborsClassifier()),
])
def test_a_learner_without_sample_weight_is_refused_up_front(noisy, model):
    X, y = noisy
    with pytest.raises(ValueError, match=r"^KNeighborsClassifier doesn't support sample_weight\. "
                                         r"Use weighting='resample'\.$"):
        model.fit(X, y)
    assert not hasattr(model, "estimators_")
    model.set_params(weighting="resample", n_estimators=3).fit(X, y)
    assert len(model.estimators_) == 3


def test_discrete_adaboost_refuses_it_without_a_resampling_hint(noisy):
    X, y = noisy
    with pytest.raises(ValueError, match=r"^KNeighborsClassifier doesn't support sample_weight\.$"):
        DiscreteAdaBoostClassifier(KNeighborsClassifier()).fit(X, y)


# Code matrices.

@pytest.mark.parametrize("cls", [ECOCClassifier, AdaBoostMOClassifier])
def test_a_code_entry_outside_the_ternary_set_is_named(letters, cls):
    X, y = letters
    code = np.array([[1, -1, 2], [-1, 1, 0], [1, 1, -1], [-1, -1, 1]])
    with pytest.raises(ValueError, match=r"code entries must be -1, 0 or \+1; got \[2\]\.") as error:
        cls(code=code).fit(X, y)
    assert "shape" not in str(error.value)
    with pytest.raises(ValueError, match=r"code entries must be -1, 0 or \+1; got \[0\.5, 3\.0\]"):
        make_code([[1, 0.5], [3, -1]], 2)
    with pytest.raises(ValueError, match=r"shape \(n_classes=4, ℓ\); got shape \(3, 3\)"):
        cls(code=code[:3]).fit(X, y)


def test_equal_code_rows_warn_naming_the_classes(letters):
    X, y = letters
    code = [[1, -1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, -1]]
    with pytest.warns(UserWarning, match=r"the classes \['a', 'b'\] share a code word"):
        model = ECOCClassifier(code=code, random_state=0).fit(X, y)
    np.testing.assert_array_equal(model.code_matrix_, code)          # accepted as given
    with pytest.warns(UserWarning, match=r"the rows \[0, 2\]; \[1, 3\] share a code word"):
        make_code([[1, 0], [1, -1], [1, 0], [1, -1]], 4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        make_code([[1, 0], [1, -1], [-1, 0]], 3)


# Staged predictions of the ECOC family.

def _stump_boosting(n_estimators):
    return DiscreteAdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=n_estimators)


@pytest.mark.parametrize("cls", [AdaBoostM1Classifier, UnnormalizedArcingClassifier, ArcFsClassifier,
                                 NormalizedArcingClassifier, ArcX4Classifier, ArcU1Classifier,
                                 ArcU2Classifier,
                                 DiscreteAdaBoostClassifier])
def test_two_class_stages_have_the_shape_of_decision_function(noisy, cls):
    # scikit-learn's two-class decision is (n,), its stages too; the per-class votes stay staged_votes.
    X, y = noisy
    model = cls(DecisionTreeClassifier(max_depth=2), n_estimators=5).fit(X, y)
    stages, votes = list(model.staged_decision_function(X)), list(model.staged_votes(X))
    assert len(stages) == len(votes) == len(model.estimators_)
    assert all(stage.shape == (len(y),) for stage in stages) and votes[-1].shape == (len(y), 2)
    np.testing.assert_array_equal(stages[-1], model.decision_function(X))
    for stage, vote in zip(stages, votes, strict=True):
        np.testing.assert_array_equal(stage, vote[:, 1] - vote[:, 0])


class _NeverFitted(DecisionTreeClassifier):
    """A column learner that fails the test if any column is fitted."""

    def fit(self, X, y, sample_weight=None, check_input=True):
        raise AssertionError("a column was fitted before the set-up was refused")


@pytest.mark.parametrize("model, why", [
    (ECOCClassifier(_NeverFitted(), code="random", n_estimators=6, decoder="one_vs_rest"),
     r"one-vs-rest decoding needs the identity code \(code='identity'\); code='random' is a 4 x 6"),
    (RegressionClassifier(_NeverFitted(), n_estimators=2),
     "regression decoding needs at least n_classes=4 columns .*; got 2"),
])
def test_a_set_up_the_decoder_cannot_read_is_refused_before_any_column_fits(letters, model, why):
    X, y = letters
    with pytest.raises(ValueError, match=why):
        model.fit(X, y)


@pytest.mark.parametrize("decoder", ["hamming", "loss_exp"])
def test_ecoc_stage_t_is_a_fresh_fit_with_t_rounds_and_the_last_is_predict(letters, decoder):
    X, y = letters
    params = {"code": "random", "n_estimators": 7, "decoder": decoder, "random_state": 2}
    model = ECOCClassifier(_stump_boosting(6), **params).fit(X, y)
    stages = list(model.staged_predict(X))
    assert len(stages) == 6
    np.testing.assert_array_equal(stages[-1], model.predict(X))
    scores = list(model.staged_decision_function(X))
    np.testing.assert_array_equal(scores[-1], model.decision_function(X))
    for t in (1, 3):
        fresh = ECOCClassifier(_stump_boosting(t), **params).fit(X, y)
        np.testing.assert_array_equal(stages[t - 1], fresh.predict(X))
        np.testing.assert_array_equal(scores[t - 1], fresh.decision_function(X))


@pytest.mark.parametrize("cls, params", [(ECOCClassifier, {"decoder": "l1"}), (RegressionClassifier, {})])
def test_probability_decoders_stage_the_learners_predict_proba(letters, cls, params):
    X, y = letters
    learner = AdaBoostClassifier(n_estimators=4)
    model = cls(learner, n_estimators=8, random_state=0, **params).fit(X, y)
    stages = list(model.staged_predict(X))
    assert len(stages) == 4
    np.testing.assert_array_equal(stages[-1], model.predict(X))
    assert np.mean(stages[0] == y) <= np.mean(stages[-1] == y)


@pytest.mark.parametrize("model, why", [
    (ECOCClassifier(decoder="hamming"), "staged_predict_proba, which STreeClassifier does not have"),
    (ECOCClassifier(_stump_boosting(3)), "staged_predict_proba, which DiscreteAdaBoostClassifier does not"),
    (CentroidClassifier(AdaBoostClassifier()), "the centroid decoder has no stages"),
])
def test_staged_methods_say_why_they_are_missing(letters, model, why):
    X, _ = letters
    assert not hasattr(model, "staged_predict") and not hasattr(model, "staged_decision_function")
    # The reason is in the message a user reads, not only in the chained cause (issue 63).
    with pytest.raises(AttributeError, match="has no attribute 'staged_predict': ") as error:
        model.staged_predict(X)
    assert why in str(error.value) and why in str(error.value.__cause__)


def test_staged_predict_needs_a_fit():
    with pytest.raises(NotFittedError):
        next(ECOCClassifier(_stump_boosting(3), decoder="hamming").staged_predict(np.zeros((2, 3))))


# Private scikit-learn imports, and scikit-learn's attribute names.

def test_private_sklearn_names_are_imported_only_by_mavl_sklearn():
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sklearn"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                if private or "._" in node.module:
                    found.append((path.relative_to(SRC).as_posix(), node.module, private))
    assert {p for p, _, _ in found} == {"_sklearn.py"}, found


def test_the_resolved_base_learner_is_estimator_(letters, noisy):
    X, y = noisy
    knn = KNeighborsClassifier()
    assert AdaBoostM1Classifier(knn, n_estimators=2).fit(X, y).estimator_ is knn
    assert isinstance(AdaBoostM1Classifier(n_estimators=2).fit(X, y).estimator_, STreeClassifier)
    arc = ArcX4Classifier(n_estimators=2).fit(X, y)
    assert arc.estimator_.get_params()["max_depth"] == 3 and not hasattr(arc, "_base")
    X, y = letters
    assert isinstance(ECOCClassifier(n_estimators=5).fit(X, y).estimator_, STreeClassifier)
    boosting = _stump_boosting(2)
    assert ECOCClassifier(boosting, n_estimators=5, decoder="hamming").fit(X, y).estimator_ is boosting


@pytest.mark.parametrize("tree", [STreeClassifier(), WeightedSplitTreeClassifier(),
                                  PrunedTreeClassifier(cv=3), CategoricalTreeClassifier()],
                         ids=lambda tree: type(tree).__name__)
def test_trees_refuse_negative_sample_weight_as_scikit_learns_estimators_do(noisy, tree):
    X, y = noisy
    w = np.ones(len(y))
    w[3] = -0.5
    with pytest.raises(ValueError, match="Negative values in data passed to `sample_weight`"):
        tree.fit(X, y, sample_weight=w)
