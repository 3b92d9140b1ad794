"""scikit-learn's face of the estimators: ``predict_proba`` and ``staged_predict_proba`` of the
voting ensembles and the nearest-neighbour classifiers as (weighted) vote shares, recomputed here
from the members' own votes, with a tie settled as ``predict`` settles it; the labels and the class
indices of the ECOC prefixes; and an ``Examples`` section, run here, in the docstring of every
public estimator."""

import doctest
import inspect
import re
import warnings

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator, clone
from sklearn.datasets import load_iris, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.exceptions import NotFittedError
from sklearn.neighbors import NearestNeighbors
from sklearn.tree import DecisionTreeClassifier

import mavl
from mavl import (
    AdaBoostM1Classifier,
    AdaBoostMOClassifier,
    ArcFsClassifier,
    ArcU1Classifier,
    ArcU2Classifier,
    ArcX4Classifier,
    CategoricalTreeClassifier,
    CentroidClassifier,
    ECOCClassifier,
    KNearestNeighborsClassifier,
    LobagClassifier,
    NormalizedArcingClassifier,
    OneNearestNeighborClassifier,
    PrunedTreeClassifier,
    RandomAggregatingClassifier,
    RegressionClassifier,
    STreeClassifier,
    SubstitutionClassifier,
    UnnormalizedArcingClassifier,
    VoteBaggingClassifier,
    WeightedSplitTreeClassifier,
)
from mavl.ensemble.boosting import EarlyStopWarning
from mavl.ensemble.threshold_boosting import DiscreteAdaBoostClassifier

LABELS = np.array(["ant", "bee", "cat"])


@pytest.fixture(scope="module")
def noisy():
    """Three classes with label noise, string labels: training X, y and test X."""
    X, y = make_classification(240, 6, n_informative=4, n_classes=3, n_clusters_per_class=1, flip_y=0.2,
                               random_state=3)
    return X[:160], LABELS[y[:160]], X[160:]


def _stump():
    return DecisionTreeClassifier(max_depth=1)


WEIGHTED = {
    "adaboost_stumps": AdaBoostM1Classifier(_stump(), n_estimators=15, random_state=0),
    "adaboost_weights": AdaBoostM1Classifier(n_estimators=6, weighting="weights", random_state=1),
    "arc_fs": ArcFsClassifier(n_estimators=6, random_state=0),
    "arc_x4": ArcX4Classifier(n_estimators=6, random_state=0),
    "arc_u1": ArcU1Classifier(n_estimators=6, random_state=0),
    "arc_u2": ArcU2Classifier(n_estimators=6, random_state=0),
    "normalized": NormalizedArcingClassifier(n_estimators=6, random_state=0),
    "unnormalized": UnnormalizedArcingClassifier(n_estimators=6, loss="softplus", phi=0.4, random_state=0),
}
PLAIN = {
    "random_aggregating": RandomAggregatingClassifier(n_estimators=6, max_samples=40, random_state=0),
    "lobag": LobagClassifier(n_estimators=5, random_state=0),
}
BAGGING = {c: VoteBaggingClassifier(n_estimators=6, combiner=c, random_state=0)
           for c in ("vote_probtie", "prob_average", "vote_random")}
NEIGHBOURS = {"knn": KNearestNeighborsClassifier(4, random_state=0),
              "1nn": OneNearestNeighborClassifier(random_state=0)}
EVERY = {**WEIGHTED, **PLAIN, **BAGGING, **NEIGHBOURS}


def _fit(model, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", EarlyStopWarning)
        return clone(model).fit(X, y)


def _index(model, labels):
    return np.searchsorted(model.classes_, labels)


def _weighted_shares(model, X):
    """Σ a_t [C_t(x) = i] / Σ a_t after each member, from the members' own ``predict``; a member with
    a_t < 0 counts |a_t| for each other class. Also the vote itself, to find its ties."""
    k, shares, votes = model.classes_.size, [], []
    running = np.zeros((X.shape[0], k))
    vote = np.zeros_like(running)
    for member, a in zip(model.estimators_, model.estimator_weights_, strict=True):
        onehot = np.eye(k)[member.predict(X).astype(int)]        # members learn labels 0..k-1
        running = running + (a * onehot if a >= 0 else -a * (1.0 - onehot))
        vote = vote + a * onehot
        total = running.sum(axis=1, keepdims=True)
        shares.append(np.divide(running, total, out=np.full_like(running, 1.0 / k), where=total > 0))
        votes.append(vote)
    return shares, votes


def _counted_shares(model, X):
    """Share of the members voting for each class after each member, counted from their ``predict``."""
    counts, out = np.zeros((X.shape[0], model.classes_.size)), []
    for b, member in enumerate(model.estimators_, start=1):
        counts[np.arange(X.shape[0]), member.predict(X).astype(int)] += 1
        out.append(counts / b)
    return out


def _settled(shares, winner):
    """The documented tie rule: where the first largest share is not ``predict``'s class, that class
    is raised to the largest share plus 1e-9 and the row renormalised."""
    out = shares.copy()
    for i in np.flatnonzero(shares.argmax(axis=1) != winner):
        out[i, winner[i]] = shares[i].max() + 1e-9
        out[i] /= out[i].sum()
    return out


def _untied(scores, rtol=1e-10):
    """Rows whose largest score is unique (``argmax_random_ties``'s tolerance)."""
    top = scores.max(axis=1, keepdims=True)
    return (scores >= top - rtol * (1.0 + np.abs(top))).sum(axis=1) == 1


def _assert_face(model, X, proba):
    """Shape, columns in classes_ order, rows summing to one, and argmax = ``predict``."""
    assert proba.shape == (X.shape[0], model.classes_.size)
    assert (proba >= 0).all() and (proba <= 1).all()
    np.testing.assert_allclose(proba.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(model.classes_[proba.argmax(axis=1)], model.predict(X))


@pytest.mark.parametrize("name", list(EVERY))
def test_predict_proba_is_a_share_per_class_and_predict_takes_a_largest(noisy, name):
    X, y, Xt = noisy
    model = _fit(EVERY[name], X, y)
    np.testing.assert_array_equal(model.classes_, LABELS)
    assert model.predict(Xt).dtype == LABELS.dtype
    for data in (X, Xt):
        _assert_face(model, data, model.predict_proba(data))
    # A point's shares do not depend on the batch it is in.
    np.testing.assert_array_equal(model.predict_proba(Xt[:7]), model.predict_proba(Xt)[:7])


@pytest.mark.parametrize("name", list(WEIGHTED))
def test_weighted_vote_shares_recounted_from_the_members(noisy, name):
    X, y, Xt = noisy
    model = _fit(WEIGHTED[name], X, y)
    staged = list(model.staged_predict_proba(Xt))
    assert len(staged) == len(model.estimators_)
    np.testing.assert_array_equal(staged[-1], model.predict_proba(Xt))
    shares, votes = _weighted_shares(model, Xt)
    for b, (got, want, vote, predicted) in enumerate(
            zip(staged, shares, votes, model.staged_predict(Xt), strict=True), start=1):
        np.testing.assert_array_equal(model.classes_[got.argmax(axis=1)], predicted)
        untied = _untied(vote)
        np.testing.assert_allclose(got[untied], want[untied], rtol=0, atol=1e-12, err_msg=f"stage {b}")
        np.testing.assert_allclose(got, _settled(want, _index(model, predicted)), rtol=0, atol=1e-12)
        if not isinstance(model, AdaBoostM1Classifier):
            # Arcing gives a tied vote to the lowest class (R11), as the argmax does: nothing to settle.
            np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)


def test_a_negative_vote_counts_for_the_other_classes(noisy):
    X, y, Xt = noisy
    model = _fit(WEIGHTED["adaboost_stumps"], X, y)       # bad_round="literal": a_t < 0 when ε_t > 1/2
    assert (model.estimator_weights_ < 0).any()
    proba, votes = model.predict_proba(Xt), model.decision_function(Xt)
    against = -model.estimator_weights_[model.estimator_weights_ < 0].sum()
    k = model.classes_.size
    shares = (votes + against) / (model.estimator_weights_.sum() + k * against)
    np.testing.assert_allclose(proba, _settled(shares, _index(model, model.predict(Xt))), rtol=0, atol=1e-12)
    untied = _untied(votes)
    assert untied.mean() > 0.8
    np.testing.assert_allclose(proba[untied], shares[untied], rtol=0, atol=1e-12)


def test_no_vote_cast_gives_uniform_shares(noisy):
    X, y, Xt = noisy
    # A constant member errs on 2/3 of the weight: bad_round="skip" discards every round (vote 0).
    model = AdaBoostM1Classifier(DummyClassifier(), n_estimators=3, weighting="weights",
                                 bad_round="skip", random_state=0).fit(X, y)
    assert (model.estimator_weights_ == 0).all()
    uniform = np.full((Xt.shape[0], 3), 1 / 3)
    for proba, predicted in zip(model.staged_predict_proba(Xt), model.staged_predict(Xt), strict=True):
        # Every class ties: predict draws one, which the shares settle on by 1e-9.
        np.testing.assert_allclose(proba, _settled(uniform, _index(model, predicted)), rtol=0, atol=1e-15)
        np.testing.assert_allclose(proba, uniform, rtol=0, atol=1e-9)


def test_a_frozen_run_keeps_the_shares_of_its_last_vote(noisy):
    X, y, Xt = noisy
    with pytest.warns(EarlyStopWarning):
        model = ArcX4Classifier(DecisionTreeClassifier(), n_estimators=4, random_state=0).fit(X, y)
    assert model.stopped_at_ == 1
    staged = list(model.staged_predict_proba(Xt))
    assert len(staged) == 4
    onehot = np.eye(3)[model.estimators_[0].predict(Xt).astype(int)]
    for proba in staged:
        np.testing.assert_array_equal(proba, onehot)


@pytest.mark.parametrize("name", list(PLAIN) + ["vote_random"])
def test_vote_shares_counted_from_the_members(noisy, name):
    X, y, Xt = noisy
    model = _fit({**PLAIN, **BAGGING}[name], X, y)
    staged = list(model.staged_predict_proba(Xt))
    assert len(staged) == len(model.estimators_)
    np.testing.assert_array_equal(staged[-1], model.predict_proba(Xt))
    counted = _counted_shares(model, Xt)
    for got, want, predicted in zip(staged, counted, model.staged_predict(Xt), strict=True):
        untied = _untied(want)
        np.testing.assert_array_equal(got[untied], want[untied])
        np.testing.assert_allclose(got, _settled(want, _index(model, predicted)), rtol=0, atol=1e-15)


@pytest.mark.parametrize("vote_ties", ["decision_sum", "last_class"])
def test_a_tied_vote_is_settled_as_vote_ties_settles_it(noisy, vote_ties):
    X, y, Xt = noisy
    model = _fit(PLAIN["random_aggregating"], X, y).set_params(vote_ties=vote_ties)
    counted = _counted_shares(model, Xt)[-1]
    tied = ~_untied(counted)
    assert tied.any()                                     # 6 members: 3-3 and 2-2-2 votes happen
    proba, predicted = model.predict_proba(Xt), model.predict(Xt)
    np.testing.assert_array_equal(model.classes_[proba.argmax(axis=1)], predicted)
    np.testing.assert_allclose(proba, counted, rtol=0, atol=1e-9)
    if vote_ties == "last_class":
        top = counted == counted.max(axis=1, keepdims=True)
        np.testing.assert_array_equal(_index(model, predicted), 2 - top[:, ::-1].argmax(axis=1))


def _member_probabilities(model, X):
    """Each member's probabilities aligned to the ensemble's classes 0..k-1."""
    out = []
    for member in model.estimators_:
        p = np.zeros((X.shape[0], model.classes_.size))
        p[:, member.classes_.astype(int)] = member.predict_proba(X)
        out.append(p)
    return out


def test_bagging_combiners_keep_their_documented_shares(noisy):
    X, y, Xt = noisy
    average = _fit(BAGGING["prob_average"], X, y)
    staged = list(average.staged_predict_proba(Xt))
    members = _member_probabilities(average, Xt)
    for b, (got, predicted) in enumerate(zip(staged, average.staged_predict(Xt), strict=True), start=1):
        want = _settled(np.mean(members[:b], axis=0), _index(average, predicted))
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(staged[-1], average.predict_proba(Xt))
    # vote_probtie: the vote shares plus the summed probabilities at 1e-6 of a vote, normalised.
    probtie = _fit(BAGGING["vote_probtie"], X, y)
    members = _member_probabilities(probtie, Xt)
    votes = sum(np.eye(3)[p.argmax(axis=1)] for p in members)
    total = votes + 1e-6 * sum(members)
    want = _settled(total / total.sum(axis=1, keepdims=True), _index(probtie, probtie.predict(Xt)))
    np.testing.assert_allclose(probtie.predict_proba(Xt), want, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(list(probtie.staged_predict_proba(Xt))[-1], probtie.predict_proba(Xt))


def _tied_iris():
    """Iris, and iris with noise: stumps and one-vs-all trees leave many votes and scores tied."""
    X, y = load_iris(return_X_y=True)
    return X, y, X + np.random.default_rng(0).normal(0, 0.5, X.shape)


#: An estimator of every class with ``predict_proba``, in every mode that changes how ties arise.
TIE_PRONE = {
    **{f"bagging_{c}": VoteBaggingClassifier(_stump(), n_estimators=10, combiner=c, random_state=0)
       for c in ("vote_random", "vote_probtie", "prob_average")},
    **{f"ecoc_logistic_{t}": ECOCClassifier(DecisionTreeClassifier(), code="one_vs_all",
                                             decoder="loss_logistic", tie_break=t, random_state=0)
       for t in ("first", "random")},
    "substitution": SubstitutionClassifier(n_estimators=10, random_state=0),
    "adaboost_mo_logistic": AdaBoostMOClassifier(n_estimators=5, decoder="loss_logistic"),
    **{f"{name}_stumps": clone(model).set_params(estimator=_stump()) for name, model in WEIGHTED.items()},
    **{f"{name}_resample": clone(model).set_params(weighting="resample")
       for name, model in WEIGHTED.items() if name.startswith(("arc", "normalized", "unnormalized"))},
    **PLAIN,
    **NEIGHBOURS,
    "stree": STreeClassifier(),
    "weighted_split_tree": WeightedSplitTreeClassifier(min_weight_fraction_split=0.3),
    "pruned_tree": PrunedTreeClassifier(min_samples_split=10, random_state=0),
    "categorical_tree": CategoricalTreeClassifier(min_samples_split=10),
}


@pytest.mark.parametrize("name", list(TIE_PRONE))
def test_argmax_of_predict_proba_is_predict_on_tied_data(name):
    # Issue 54: scikit-learn's contract, ties included, for every estimator with both methods.
    X, y, Xq = _tied_iris()
    model = _fit(TIE_PRONE[name], X, y)
    for data in (X, Xq):
        np.testing.assert_array_equal(model.classes_[model.predict_proba(data).argmax(axis=1)],
                                      model.predict(data))
        if hasattr(model, "staged_predict_proba") and hasattr(model, "staged_predict"):
            for proba, predicted in zip(model.staged_predict_proba(data), model.staged_predict(data),
                                        strict=True):
                np.testing.assert_array_equal(model.classes_[proba.argmax(axis=1)], predicted)


def test_the_tie_prone_estimators_meet_ties_and_cover_every_class_with_predict_proba():
    X, y, Xq = _tied_iris()
    # The reproducers of issue 54: 52 rows and 10 rows where the argmax used to differ.
    bagging = _fit(TIE_PRONE["bagging_vote_random"], X, y)
    assert (~_untied(_counted_shares(bagging, X)[-1])).sum() >= 40
    ecoc = _fit(TIE_PRONE["ecoc_logistic_first"], X, y)
    assert (~_untied(ecoc.decision_function(Xq))).sum() >= 10
    # Every public class whose default instance has predict_proba is among them, and ECOC, whose
    # probability decoders are not its default (Centroid and Regression have none: their scores are
    # not probabilities).
    with_proba = {cls for cls in PUBLIC if hasattr(cls(), "predict_proba")} | {ECOCClassifier,
                                                                               AdaBoostMOClassifier}
    assert with_proba == {type(model) for model in TIE_PRONE.values()}


@pytest.mark.parametrize("model, why", [
    (ECOCClassifier(), "the l1 decoder's class scores are the thesis's D̄_i"),
    (ECOCClassifier(decoder="loss_exp"), "likelihood for the logistic loss only"),
    (RegressionClassifier(), "least-squares coefficients, which may be negative"),
    (CentroidClassifier(), "distances to the classes' centroids"),
    (AdaBoostMOClassifier(), "the loss_exp decoder's class scores are distances under the exp loss"),
])
def test_predict_proba_is_missing_where_the_scores_are_no_probabilities_and_says_why(model, why):
    assert not hasattr(model, "predict_proba")
    # The reason is in the message a user reads, not only in the chained cause (issue 63).
    with pytest.raises(AttributeError) as error:
        model.predict_proba([[0.0]])
    assert re.fullmatch(f"This '{type(model).__name__}' has no attribute 'predict_proba': "
                        r"predict_proba needs decoder='substitution' or 'loss_logistic': .*" + re.escape(why)
                        + ".*", str(error.value))


def test_adaboost_mo_probabilities_are_the_softmax_of_the_logistic_distances(noisy):
    X, y, Xt = noisy
    model = AdaBoostMOClassifier(code="all_pairs", n_estimators=30, decoder="loss_logistic",
                                 random_state=0).fit(X, y)
    F = model.column_outputs(Xt)
    d = np.log1p(np.exp(-2 * F[:, None, :] * model.code_matrix_[None])).sum(axis=2)   # Eq. 5: log(1 + e^-2z)
    want = np.exp(-d) / np.exp(-d).sum(axis=1, keepdims=True)
    np.testing.assert_allclose(model.predict_proba(Xt), want, rtol=0, atol=1e-8)
    np.testing.assert_array_equal(model.classes_[model.predict_proba(Xt).argmax(axis=1)], model.predict(Xt))


def test_knn_shares_are_the_neighbours_classes(noisy):
    X, y, Xt = noisy
    model = _fit(NEIGHBOURS["knn"], X, y)
    neighbours = NearestNeighbors(n_neighbors=4).fit(X).kneighbors(Xt, return_distance=False)
    counts = np.stack([(_index(model, y)[neighbours] == c).sum(axis=1) for c in range(3)], axis=1)
    proba, predicted = model.predict_proba(Xt), _index(model, model.predict(Xt))
    untied = _untied(counts / 4)
    assert 0.5 < untied.mean() < 1                       # 4 neighbours of 3 classes: 2-2 ties happen
    np.testing.assert_array_equal(proba[untied], (counts / 4)[untied])
    np.testing.assert_allclose(proba, _settled(counts / 4, predicted), rtol=0, atol=1e-15)
    np.testing.assert_array_equal(proba.argmax(axis=1), predicted)
    # predict breaks a tie at random: not always towards the first tied class.
    assert (counts[~untied].argmax(axis=1) != predicted[~untied]).any()


def test_one_nn_is_one_hot_or_the_share_of_the_tied_nearest_points(noisy):
    X, y, Xt = noisy
    model = _fit(NEIGHBOURS["1nn"], X, y)
    nearest = cdist(Xt, X, "sqeuclidean").argmin(axis=1)
    np.testing.assert_array_equal(model.predict_proba(Xt), np.eye(3)[_index(model, y)[nearest]])
    # Three training points at the same place: the nearest class shares 2/3 and 1/3.
    dup = OneNearestNeighborClassifier(random_state=0).fit([[0.0], [0.0], [0.0], [2.0]], ["a", "a", "b", "c"])
    np.testing.assert_array_equal(dup.predict_proba([[0.4], [1.6]]), [[2 / 3, 1 / 3, 0], [0, 0, 1]])
    assert dup.predict([[0.4]])[0] == "a"


@pytest.mark.parametrize("name", list(EVERY))
def test_predict_proba_and_its_stages_need_a_fit(name):
    model = clone(EVERY[name])
    for method in (model.predict, model.predict_proba):
        with pytest.raises(NotFittedError):
            method(np.zeros((2, 6)))
    if hasattr(model, "staged_predict_proba"):
        with pytest.raises(NotFittedError):
            next(model.staged_predict_proba(np.zeros((2, 6))))


def test_discrete_adaboost_has_no_predict_proba():
    # An output code reads a column learner's predict_proba as p̂ (and then fits its centroids); the
    # column booster of allwein2000 keeps the decision values alone, as its published runs did.
    assert not hasattr(DiscreteAdaBoostClassifier(), "predict_proba")
    assert not hasattr(DiscreteAdaBoostClassifier(), "staged_predict_proba")


# The output codes: prefixes as class indices and as labels.

def test_ecoc_prefixes_give_indices_and_labels(noisy):
    X, y, Xt = noisy
    model = ECOCClassifier(n_estimators=8, random_state=0).fit(X, y)
    names = ["l1", "centroid", "hamming"]
    indices, _ = model.decode_prefixes(Xt, [2, 8], names)
    labels = model.decode_prefix_labels(Xt, [2, 8], names)
    assert labels.keys() == indices.keys() == set(names)
    for name in names:
        assert indices[name].dtype.kind == "i"
        np.testing.assert_array_equal(labels[name], model.classes_[indices[name]])
        assert labels[name].dtype == LABELS.dtype
    np.testing.assert_array_equal(model.predict_prefixes(Xt, [2, 8]), labels["l1"])
    np.testing.assert_array_equal(model.predict_prefixes(Xt, [8])[0], model.predict(Xt))


def test_an_undefined_regression_prefix_has_an_index_but_no_label(noisy):
    X, y, Xt = noisy
    model = RegressionClassifier(n_estimators=5, random_state=0).fit(X, y)
    indices, _ = model.decode_prefixes(Xt, [2, 5], ["regression"])
    assert (indices["regression"][0] == -1).all() and (indices["regression"][1] >= 0).all()
    for read in (lambda: model.decode_prefix_labels(Xt, [2, 5]), lambda: model.predict_prefixes(Xt, [2])):
        with pytest.raises(ValueError, match="undefined for B < n_classes"):
            read()
    np.testing.assert_array_equal(model.decode_prefix_labels(Xt, [5])["regression"][0], model.predict(Xt))


def test_ecoc_stages_its_probabilities_where_the_decoder_has_them(noisy):
    X, y, Xt = noisy
    boosting = DiscreteAdaBoostClassifier(_stump(), n_estimators=4)
    model = ECOCClassifier(boosting, n_estimators=6, decoder="loss_logistic", random_state=0).fit(X, y)
    staged = list(model.staged_predict_proba(Xt))
    assert len(staged) == 4
    np.testing.assert_allclose(staged[-1], model.predict_proba(Xt), rtol=0, atol=1e-12)
    for proba, scores in zip(staged, model.staged_decision_function(Xt), strict=True):
        np.testing.assert_allclose(proba.sum(axis=1), 1.0)
        np.testing.assert_array_equal(proba.argmax(axis=1), scores.argmax(axis=1))
    assert not hasattr(model.set_params(decoder="hamming"), "staged_predict_proba")
    with pytest.raises(NotFittedError):
        next(clone(model).set_params(decoder="loss_logistic").staged_predict_proba(Xt))


def test_adaboost_mo_prefixes_are_labels(noisy):
    X, y, Xt = noisy
    model = AdaBoostMOClassifier(n_estimators=6).fit(X, y)
    prefixes = model.predict_prefixes(Xt, [3, 6])
    assert prefixes.dtype == LABELS.dtype
    np.testing.assert_array_equal(prefixes[1], model.predict(Xt))


# Every public estimator documents itself with examples that run.

PUBLIC = [getattr(mavl, name) for name in mavl.__all__
          if inspect.isclass(getattr(mavl, name)) and issubclass(getattr(mavl, name), BaseEstimator)]


def test_every_estimator_of_mavl_all_is_seen():
    assert len(PUBLIC) == len(mavl.__all__) - 1           # all but EarlyStopWarning
    assert AdaBoostMOClassifier in PUBLIC and mavl.EarlyStopWarning not in PUBLIC


@pytest.mark.parametrize("cls", PUBLIC, ids=lambda cls: cls.__name__)
def test_every_public_estimator_has_an_examples_section_that_runs(cls, run_doctest):
    docstring = inspect.getdoc(cls)
    assert re.search(r"^Examples\n-{8}\n", docstring, re.MULTILINE), f"{cls.__name__} has no Examples section"
    examples = docstring[docstring.index("Examples\n--------"):]
    test = doctest.DocTestParser().get_doctest(examples, {}, cls.__name__, inspect.getsourcefile(cls), 0)
    assert len(test.examples) >= 3
    result, report = run_doctest(test)
    assert result.failed == 0, report
