"""ECOCClassifier as Allwein, Schapire & Singer's reduction to binary margin learners (spec
allwein2000 §1, §4.1, §4.3, §4.4, §9; claims B-1, B-4)."""

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_digits
from sklearn.svm import SVC

from mavl import ECOCClassifier, STreeClassifier
from mavl.output_codes.bounds import hamming_decoding_bound, loss_decoding_bound
from mavl.output_codes.codes import CODE_FAMILIES, all_pairs_code, identity_code, searched_random_code
from mavl.output_codes.decoders import hamming_distances, loss_distances
from mavl.output_codes.ecoc import MARGIN_DECODERS
from mavl.output_codes.losses import margin_loss

LOSSES = ("exp", "l1", "logistic", "hinge", "square")


@pytest.fixture(scope="module")
def digits():
    X, y = load_digits(return_X_y=True)
    X = X / 8.0 - 1.0                                      # pixels 0..16 scaled to [−1, 1]
    return X[:500], y[:500], X[500:800], y[500:800]


def svc():
    return SVC(kernel="poly", degree=4, gamma=1 / 64, coef0=1.0, C=1.0)


@pytest.fixture(scope="module")
def sparse10():
    return searched_random_code(10, "sparse", np.random.default_rng(0), n_trials=200)


@pytest.mark.parametrize("learner", ["svc", "tree"])
def test_decoding_is_eq_4_and_5_on_the_column_outputs_section_4_3(digits, sparse10, learner):
    X, y, Xt, _ = digits
    estimator = svc() if learner == "svc" else STreeClassifier(max_leaf_nodes=6)
    model = ECOCClassifier(estimator, code=sparse10, decoder="hamming", tie_break="first",
                           random_state=0).fit(X, y)
    F = model.column_outputs(Xt)
    if learner == "tree":                                  # no decision_function: f = 2p̂ − 1
        np.testing.assert_array_equal(F, 2 * model.column_probas(Xt) - 1)
    M = sparse10.astype(float)
    decoded, _ = model.decode_prefixes(Xt, [M.shape[1]], MARGIN_DECODERS)
    for loss in LOSSES:
        d = margin_loss(loss, M[None, :, :] * F[:, None, :]).sum(axis=2)       # Eq. 5
        model.set_params(decoder=f"loss_{loss}")
        scores = model.decision_function(Xt)
        np.testing.assert_allclose(np.exp(-scores) if loss == "exp" else -scores, d, rtol=1e-12)
        np.testing.assert_array_equal(decoded[f"loss_{loss}"][0], d.argmin(axis=1))
        np.testing.assert_array_equal(model.predict(Xt), model.classes_[d.argmin(axis=1)])
    d_hamming = ((1 - np.sign(M[None, :, :] * F[:, None, :])) / 2).sum(axis=2)  # Eq. 4
    model.set_params(decoder="hamming")
    np.testing.assert_array_equal(-model.decision_function(Xt), 2 * d_hamming)
    np.testing.assert_array_equal(model.predict(Xt), model.classes_[d_hamming.argmin(axis=1)])
    np.testing.assert_array_equal(decoded["hamming"][0], d_hamming.argmin(axis=1))


def test_hamming_decoding_is_loss_based_decoding_with_H_B4(digits, sparse10):
    X, y, Xt, _ = digits
    model = ECOCClassifier(svc(), code=sparse10, decoder="hamming", random_state=0).fit(X, y)
    F = model.column_outputs(Xt)
    np.testing.assert_array_equal(-model.decision_function(Xt) / 2,
                                  loss_distances(F, sparse10, "hamming"))


def test_outputs_are_decision_values_positive_for_the_plus_one_entries(digits):
    X, y, Xt, _ = digits
    model = ECOCClassifier(svc(), code="one_vs_all", decoder="loss_hinge").fit(X, y)
    F = model.column_outputs(Xt)
    for r in (0, 7):
        alone = clone(svc()).fit(X, (y == r).astype(int))
        np.testing.assert_allclose(F[:, r], alone.decision_function(Xt), rtol=1e-10, atol=1e-10)
    assert (F.argmax(axis=1) == model.predict(Xt)).mean() > 0.95


def test_degenerate_columns_are_constants_section_4_1(digits):
    X, y, Xt, _ = digits
    k = 10
    code = np.hstack([identity_code(k), np.zeros((k, 2), dtype=np.int8)])
    code[:, k] = np.where(np.arange(k) < 4, 1, 0)          # one sign only: every example is +1
    code[:3, k + 1] = [0, -1, 0]                           # one sign, and its class only
    code[3:, k + 1] = 0
    model = ECOCClassifier(svc(), code=code, decoder="loss_hinge").fit(X, y)
    F = model.column_outputs(Xt)
    np.testing.assert_array_equal(F[:, k], 1.0)
    np.testing.assert_array_equal(F[:, k + 1], -1.0)
    hinge = loss_distances(F, code, "hinge")
    np.testing.assert_allclose(-model.decision_function(Xt), hinge)


def test_a_class_missing_from_training_makes_its_columns_degenerate_A8(digits):
    X, y, Xt, _ = digits
    keep = y != 3
    code = all_pairs_code(10)
    model = ECOCClassifier(svc(), code=code, decoder="loss_hinge", classes=np.arange(10))
    model.fit(X[keep], y[keep])
    np.testing.assert_array_equal(model.classes_, np.arange(10))
    F = model.column_outputs(Xt)
    for s, column in enumerate(code.T):
        if column[3] != 0:                                 # the pair (3, r): only r's examples
            other = np.flatnonzero(column)[column[np.flatnonzero(column)] != column[3]]
            np.testing.assert_array_equal(F[:, s], column[other[0]])
    empty = ECOCClassifier(svc(), code=np.array([[1, 0], [-1, 0], [0, 1], [0, -1]]),
                           decoder="hamming", classes=[0, 1, 2, 3]).fit(X[y < 2], y[y < 2])
    np.testing.assert_array_equal(empty.column_outputs(Xt)[:, 1], 0.0)   # no example: f ≡ 0
    sub = ECOCClassifier(STreeClassifier(), code=code, decoder="centroid", classes=np.arange(10),
                         random_state=0).fit(X[keep], y[keep])
    assert np.isnan(sub.centroids_[3]).all() and 3 not in sub.predict(Xt)
    np.testing.assert_array_equal(sub.column_probas(Xt)[:, code[3] != 0],
                                  (1 + sub.column_outputs(Xt)[:, code[3] != 0]) / 2)
    with pytest.raises(ValueError, match="not in classes"):
        ECOCClassifier(classes=[0, 1]).fit(X, y)


@pytest.mark.parametrize("learner", ["svc", "tree"])
def test_prefix_is_a_fresh_fit_of_the_first_B_columns(digits, sparse10, learner):
    X, y, Xt, _ = digits
    base = svc() if learner == "svc" else STreeClassifier()
    names = list(MARGIN_DECODERS) + (["l1", "centroid"] if learner == "tree" else [])
    big = ECOCClassifier(base, code=sparse10, decoder="hamming", random_state=4).fit(X, y)
    decoded, _ = big.decode_prefixes(Xt, [12, 30, sparse10.shape[1]], names)
    for s, b in enumerate([12, 30]):
        small = ECOCClassifier(base, code=sparse10[:, :b], decoder="hamming", random_state=4)
        small.fit(X, y)
        fresh, _ = small.decode_prefixes(Xt, [b], names)
        for name in names:
            np.testing.assert_array_equal(decoded[name][s], fresh[name][0])


def test_predict_proba_of_logistic_loss_decoding_is_the_normalised_likelihood(digits, sparse10):
    X, y, Xt, _ = digits
    model = ECOCClassifier(svc(), code=sparse10, decoder="loss_logistic", tie_break="first")
    proba = model.fit(X, y).predict_proba(Xt)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    np.testing.assert_array_equal(model.classes_[proba.argmax(axis=1)], model.predict(Xt))
    likelihood = np.exp(-loss_distances(model.column_outputs(Xt), sparse10, "logistic"))
    np.testing.assert_allclose(proba, likelihood / likelihood.sum(axis=1, keepdims=True))
    for decoder in ("hamming", "loss_hinge", "l1"):
        assert not hasattr(model.set_params(decoder=decoder), "predict_proba")
    assert hasattr(model.set_params(decoder="substitution"), "predict_proba")


def test_string_labels_and_james_decoders_need_predict_proba(digits):
    X, y, Xt, yt = digits
    names = np.array(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"])
    model = ECOCClassifier(svc(), code="all_pairs", decoder="hamming").fit(X, names[y])
    assert model.predict(Xt).dtype == names.dtype
    assert np.mean(model.predict(Xt) == names[yt]) > 0.9
    with pytest.raises(ValueError, match="predict_proba"):
        ECOCClassifier(svc(), code="all_pairs").fit(X, y)        # decoder="l1" reads p̂
    with pytest.raises(ValueError, match="predict_proba"):
        model.column_probas(Xt)


@pytest.mark.parametrize("family", ["sparse", "complete"])
def test_shared_kernel_gives_the_per_column_predictions_section_9(digits, sparse10, family):
    X, y, Xt, _ = digits
    code = sparse10
    if family == "complete":                               # 6 classes: 31 columns
        X, y, code = X[y < 6], y[y < 6], "complete"
    kw = {"code": code, "decoder": "loss_hinge", "random_state": 1}
    for gamma in (1 / 64, "auto"):
        per_column = ECOCClassifier(svc().set_params(gamma=gamma), **kw).fit(X, y)
        shared = ECOCClassifier(svc().set_params(gamma=gamma), share_kernel=True, **kw).fit(X, y)
        np.testing.assert_array_equal(per_column.code_matrix_, shared.code_matrix_)
        np.testing.assert_allclose(shared.column_outputs(Xt), per_column.column_outputs(Xt),
                                   rtol=0, atol=1e-8)
        np.testing.assert_array_equal(shared.predict(Xt), per_column.predict(Xt))
    rbf = ECOCClassifier(SVC(kernel="rbf", gamma=0.02), share_kernel=True, **kw).fit(X, y)
    np.testing.assert_array_equal(
        rbf.predict(Xt), ECOCClassifier(SVC(kernel="rbf", gamma=0.02), **kw).fit(X, y).predict(Xt))


@pytest.mark.filterwarnings("ignore:The `probability` parameter was deprecated:FutureWarning")
def test_shared_kernel_probabilities_for_james_decoders(digits, sparse10):
    X, y, Xt, _ = digits
    kw = {"code": sparse10, "decoder": "l1", "random_state": 2}
    learner = SVC(kernel="rbf", gamma="auto", probability=True)
    per_column = ECOCClassifier(learner, **kw).fit(X[:300], y[:300])
    shared = ECOCClassifier(learner, share_kernel=True, **kw).fit(X[:300], y[:300])
    np.testing.assert_allclose(shared.column_probas(Xt), per_column.column_probas(Xt), atol=1e-8)
    np.testing.assert_allclose(shared.centroids_, per_column.centroids_, atol=1e-8)


def test_shared_kernel_refuses_what_it_cannot_share(digits):
    X, y, _, _ = digits
    for estimator in (None, SVC(gamma="scale"), SVC(kernel="precomputed")):
        with pytest.raises(ValueError, match="share_kernel"):
            ECOCClassifier(estimator, decoder="hamming", share_kernel=True).fit(X, y)


@pytest.mark.parametrize("family", ["one_vs_all", "all_pairs", "complete", "dense", "sparse"])
def test_training_error_bounds_hold_for_real_fits_B1(digits, family):
    """Theorem 1 and Corollary 2 on the training data of fitted models (ties count as errors)."""
    X, y, _, _ = digits
    k = 6 if family == "complete" else 10
    X, y = X[y < k], y[y < k]
    rng = np.random.default_rng(5)
    make = CODE_FAMILIES[family]
    code = make(k, rng, 300) if family in ("dense", "sparse") else make(k)
    rows = np.arange(len(y))
    for estimator in (STreeClassifier(max_leaf_nodes=3), SVC(kernel="linear", C=1e-3)):
        model = ECOCClassifier(estimator, code=code, decoder="hamming", random_state=0).fit(X, y)
        F = model.column_outputs(X)
        hamming = hamming_distances(F, code)
        err = ((hamming <= hamming[rows, y][:, None]).sum(axis=1) > 1).mean()
        assert err <= hamming_decoding_bound(F, code, y) + 1e-12
        for loss in LOSSES:
            d = loss_distances(F, code, loss)
            err = ((d <= d[rows, y][:, None] + 1e-12).sum(axis=1) > 1).mean()
            assert 0 < err <= loss_decoding_bound(F, code, y, loss) + 1e-12
