"""AdaBoost.MO (spec allwein2000 §4.5 (b)) and the |x|-threshold discrete AdaBoost (§4.5 (a))."""

import itertools

import numpy as np
import pytest
from sklearn.exceptions import NotFittedError
from sklearn.utils.estimator_checks import parametrize_with_checks

from mavl.ensemble.threshold_boosting import AbsThresholdStump, DiscreteAdaBoostClassifier
from mavl.output_codes._stump_search import _BinnedSearch, _CompiledSearch
from mavl.output_codes.adaboost_mo import AdaBoostMOClassifier, _Pairs
from mavl.output_codes.bounds import hamming_decoding_bound, loss_decoding_bound
from mavl.output_codes.decoders import hamming_distances, loss_distances

STUMP_ATTRIBUTES = ("features_", "thresholds_", "signs_", "alphas_", "errors_")


def few_values(seed, m=240, d=4, k=5):
    """Integer features with few distinct values (many tied thresholds), one binary, one constant."""
    rng = np.random.default_rng(seed)
    X = rng.integers(0, 6, size=(m, d)).astype(float)
    X[:, 1] = rng.integers(0, 2, size=m)
    X[:, -1] = 3.0
    y = (X[:, 0] + rng.integers(0, 3, size=m)) % k
    return X, y


def continuous(seed, m=600, d=3, k=5):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(m, d))
    return X, np.digitize(X[:, 0] + 0.5 * rng.normal(size=m), [-1, -0.3, 0.3, 1]) % k


def fit_pair(X, y, **params):
    return (AdaBoostMOClassifier(algorithm="binned", **params).fit(X, y),
            AdaBoostMOClassifier(algorithm="naive", **params).fit(X, y))


@pytest.mark.parametrize("refresh", [1, 32], ids=["summed-each-round", "rescaled"])
@pytest.mark.parametrize("code", ["one_vs_all", "all_pairs", "sparse", "complete"])
@pytest.mark.parametrize("data", [few_values, continuous])
def test_compiled_equals_binned_bit_for_bit(data, code, refresh, monkeypatch):
    """Same stumps, and the same bits of α, ε and the outputs: the compiled update sums in numpy's order."""
    monkeypatch.setattr(_CompiledSearch, "REFRESH", refresh)
    X, y = data(4)
    compiled, binned = (AdaBoostMOClassifier(code=code, n_estimators=80, algorithm=a, random_state=1)
                        .fit(X, y) for a in ("compiled", "binned"))
    for name in STUMP_ATTRIBUTES:
        np.testing.assert_array_equal(getattr(compiled, name), getattr(binned, name), err_msg=name)
    np.testing.assert_array_equal(compiled.decision_function(X), binned.decision_function(X))


def test_compiled_route_with_a_one_column_class():
    """A class in one column only: its sums come from the product route's own einsum."""
    code = np.array([[1, 1, 0], [-1, 1, 1], [0, 0, -1], [1, -1, -1]])
    X, y = few_values(5, m=200, k=4)
    compiled, binned = (AdaBoostMOClassifier(code, n_estimators=40, algorithm=a).fit(X, y)
                        for a in ("compiled", "binned"))
    for name in STUMP_ATTRIBUTES:
        np.testing.assert_array_equal(getattr(compiled, name), getattr(binned, name), err_msg=name)


def test_pairwise_sum_has_numpys_bits():
    from mavl.output_codes._stump_kernel import _pairwise_sum

    rng = np.random.default_rng(0)
    for n in [*range(0, 300), 511, 1000, 4097]:
        a = rng.random(n) * rng.random(n) ** 8
        assert _pairwise_sum(a, 0, n) == a.sum() == a.reshape(1, -1).sum(), n


@pytest.mark.parametrize("per_class", [False, True], ids=["dense-product", "per-class-product"])
@pytest.mark.parametrize("code", ["one_vs_all", "all_pairs", "sparse", "complete"])
@pytest.mark.parametrize("data", [few_values, continuous])
@pytest.mark.parametrize("seed", [0, 1])
def test_binned_equals_naive(data, seed, code, per_class, monkeypatch):
    monkeypatch.setattr(_BinnedSearch, "_use_per_class", staticmethod(lambda *args: per_class))
    X, y = data(seed)
    binned, naive = fit_pair(X, y, code=code, n_estimators=80, random_state=seed)
    for name in STUMP_ATTRIBUTES:
        np.testing.assert_array_equal(getattr(binned, name), getattr(naive, name), err_msg=name)
    np.testing.assert_array_equal(binned.predict(X), naive.predict(X))
    assert (binned.predict(X) == y).mean() > 0.3  # chance is 0.2: they agree on a model that learned


def test_binned_equals_naive_dense_code():
    X, y = few_values(3, m=300, k=7)
    binned, naive = fit_pair(X, y, code="dense", n_estimators=60, random_state=0)
    for name in STUMP_ATTRIBUTES:
        np.testing.assert_array_equal(getattr(binned, name), getattr(naive, name), err_msg=name)


# A 3-class code with a zero entry, so P leaves out the pairs (class 2, column 1).
TINY_CODE = np.array([[1, -1, 1], [-1, 1, 1], [1, 0, -1]])


def brute_force_round(X, y, D):
    """Every split and every sign table, by loops: (best error, first best (j, θ), its error via r)."""
    candidates = [(0, np.inf)]
    for j in range(X.shape[1]):
        v = np.unique(X[:, j])
        candidates += [(j, (a + b) / 2) for a, b in zip(v[:-1], v[1:], strict=True)]
    ell = TINY_CODE.shape[1]
    errors = []
    for j, theta in candidates:
        best = np.inf
        for table in itertools.product([-1, 1], repeat=2 * ell):
            c = np.reshape(table, (2, ell))
            err = sum(D[i, s] for i in range(len(y)) for s in range(ell)
                      if TINY_CODE[y[i], s] != 0 and TINY_CODE[y[i], s] != c[int(X[i, j] > theta), s])
            best = min(best, err)
        errors.append(best)
    errors = np.array(errors)
    first = int(np.argmax(errors <= errors.min() + 1e-12))
    return errors.min(), candidates[first]


@pytest.mark.parametrize("algorithm", ["binned", "naive", "compiled"])
def test_stump_error_is_the_brute_force_minimum_and_one_minus_sum_abs_r_over_two(algorithm):
    X = np.array([[0.0, 2.0], [1.0, 2.0], [1.0, 0.0], [2.0, 1.0], [3.0, 0.0], [4.0, 1.0], [4.0, 2.0]])
    y = np.array([0, 0, 1, 2, 1, 2, 0])
    model = AdaBoostMOClassifier(TINY_CODE, n_estimators=2, algorithm=algorithm).fit(X, y)
    pairs = TINY_CODE[y] != 0
    D = pairs / pairs.sum()
    for t in range(2):
        error, (j, theta) = brute_force_round(X, y, D)
        assert model.features_[t] == j and model.thresholds_[t] == theta
        np.testing.assert_allclose(model.errors_[t], error, atol=1e-15)
        R = D * TINY_CODE[y]
        right = X[:, j] > theta
        r = np.array([R[~right].sum(axis=0), R[right].sum(axis=0)])
        np.testing.assert_allclose(model.errors_[t], (1 - np.abs(r).sum()) / 2, atol=1e-15)
        np.testing.assert_array_equal(model.signs_[t], np.where(r >= 0, 1, -1))
        e0 = 1 / (2 * pairs.sum())
        alpha = 0.5 * np.log((1 - error + e0) / (error + e0))
        np.testing.assert_allclose(model.alphas_[t], alpha)
        h = model.signs_[t][right.astype(int)]  # Eq. 13 by hand for the next round
        D = D * np.exp(-alpha * TINY_CODE[y] * h)
        D /= D.sum()


@pytest.mark.parametrize("algorithm", ["binned", "naive", "compiled"])
def test_constant_features_give_no_split_stumps(algorithm):
    X, y = np.ones((12, 2)), np.repeat([0, 1, 2], [6, 4, 2])
    model = AdaBoostMOClassifier(n_estimators=3, algorithm=algorithm).fit(X, y)
    assert np.all(model.thresholds_ == np.inf) and np.all(model.features_ == 0)
    np.testing.assert_array_equal(model.signs_[:, 0], model.signs_[:, 1])
    # Each column's majority; column 0 is a 6–6 tie, so r = 0 and sign(0) := +1.
    np.testing.assert_array_equal(model.signs_[0, 0], [1, -1, -1])
    np.testing.assert_allclose(model.errors_[0], 12 / 36)


def test_staged_outputs_equal_fresh_fits():
    X, y = continuous(5)
    sizes = [1, 63, 64, 70, 150]
    full = AdaBoostMOClassifier("all_pairs", n_estimators=150, decoder="hamming").fit(X, y)
    staged = full.staged_column_outputs(X, sizes)
    prefixes = full.predict_prefixes(X, sizes)
    for i, size in enumerate(sizes):
        fresh = AdaBoostMOClassifier("all_pairs", n_estimators=size, decoder="hamming").fit(X, y)
        np.testing.assert_array_equal(staged[i], fresh.column_outputs(X))
        np.testing.assert_array_equal(prefixes[i], fresh.predict(X))
    with pytest.raises(ValueError, match="sizes"):
        full.staged_column_outputs(X, [151])
    with pytest.raises(NotFittedError):
        AdaBoostMOClassifier().staged_column_outputs(X, [1])


def test_section_4_6_exp_loss_decoding_is_argmax_nu():
    X, y = few_values(2)
    model = AdaBoostMOClassifier("sparse", n_estimators=60, decoder="loss_exp", random_state=0).fit(X, y)
    F, M = model.column_outputs(X), model.code_matrix_
    eta = model.alphas_.sum()
    f_bar = F / eta  # Eqs. 16–17
    nu = -np.log(np.mean(np.exp(-eta * M[None, :, :] * f_bar[:, None, :]), axis=2)) / eta  # Eq. 18
    assert np.abs(nu).max() <= 1 + 1e-12
    np.testing.assert_array_equal(model.classes_[nu.argmax(axis=1)], model.predict(X))


@pytest.mark.parametrize("code", ["one_vs_all", "all_pairs"])
def test_training_error_bounds_and_exp_loss_identity(code):
    X, y = few_values(4)
    model = AdaBoostMOClassifier(code, n_estimators=40).fit(X, y)
    F, M = model.column_outputs(X), model.code_matrix_
    y_index = np.searchsorted(model.classes_, y)
    z = M[y_index] * F
    # (1/|P|) Σ_P exp(−M f) = Π_t Z_t with Z_t = (1 − ε_t) e^{−α_t} + ε_t e^{α_t} (Eq. 13 unrolled).
    eps, alpha = model.errors_, model.alphas_
    np.testing.assert_allclose(np.exp(-z[M[y_index] != 0]).mean(),
                               np.prod((1 - eps) * np.exp(-alpha) + eps * np.exp(alpha)), rtol=1e-9)
    for loss in ("exp", "l1"):
        d = loss_distances(F, M, loss)
        rivals = np.where(np.arange(M.shape[0]) == y_index[:, None], np.inf, d)
        err = np.mean(rivals.min(axis=1) <= d[np.arange(len(y)), y_index])  # ties count as errors
        assert err <= loss_decoding_bound(F, M, y_index, loss)
    d = hamming_distances(F, M)
    rivals = np.where(np.arange(M.shape[0]) == y_index[:, None], np.iinfo(np.int64).max, d)
    hamming_error = np.mean(rivals.min(axis=1) <= d[np.arange(len(y)), y_index])
    assert hamming_error <= hamming_decoding_bound(F, M, y_index)


@pytest.mark.parametrize("decoder", ["hamming", "loss_l1", "loss_logistic", "loss_hinge", "loss_square"])
def test_decoders_and_string_labels(decoder):
    X, _ = continuous(6)
    labels = np.array(["ant", "bee", "cat"])[np.digitize(X[:, 0] + 0.3 * X[:, 1], [-0.5, 0.5])]
    model = AdaBoostMOClassifier(n_estimators=30, decoder=decoder).fit(X, labels)
    assert model.code_matrix_.dtype == np.int8 and model.signs_.shape == (30, 2, 3)
    scores = model.decision_function(X)
    np.testing.assert_array_equal(model.predict(X), model.classes_[scores.argmax(axis=1)])
    assert set(model.predict(X)) <= set(labels) and (model.predict(X) == labels).mean() > 0.8


def test_binary_decision_function_sign_and_seeded_random_code():
    X, y = few_values(7, k=2)
    model = AdaBoostMOClassifier(n_estimators=20).fit(X, y)
    np.testing.assert_array_equal(model.predict(X), model.classes_[(model.decision_function(X) > 0) * 1])
    X, y = few_values(8, k=7)
    codes = [AdaBoostMOClassifier("dense", n_estimators=1, random_state=s).fit(X, y).code_matrix_
             for s in (3, 3, 4)]
    np.testing.assert_array_equal(codes[0], codes[1])
    assert not np.array_equal(codes[0], codes[2])


# --- §4.5 (a): |x|-threshold stumps and discrete AdaBoost ------------------------------------------

@pytest.mark.parametrize("polarity", ["single", "both"])
@pytest.mark.parametrize("seed", range(4))
def test_abs_threshold_stump_finds_the_brute_force_optimum(polarity, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(-6, 7, size=40) / 2.0  # repeated |x| values and both signs
    y = np.where(rng.random(40) < 0.5, "a", "b")
    w = rng.random(40) * (rng.random(40) > 0.1)
    stump = AbsThresholdStump(polarity=polarity).fit(x[:, None], y, sample_weight=w)
    v = np.unique(np.abs(x[w > 0]))
    candidates = [0.0] + [(a + b) / 2 for a, b in zip(v[:-1], v[1:], strict=True)] + [np.inf]
    signs = [1, -1] if polarity == "both" else [1]
    errors = [(np.sum(w * (np.where(np.abs(x) < t, p, -p) != np.where(y == "b", 1, -1))) / w.sum(), t, p)
              for t in candidates for p in signs]
    best = min(e for e, _, _ in errors)
    _, t, p = next(c for c in errors if c[0] <= best + 1e-12)
    assert (stump.threshold_, stump.polarity_) == (t, p)
    np.testing.assert_allclose(stump.error_, best)
    np.testing.assert_array_equal(stump.predict(x[:, None]) == "b", stump.decision_function(x[:, None]) > 0)


def test_discrete_adaboost_two_rounds_by_hand():
    X = np.array([[0.1], [-0.2], [0.3], [0.4], [-0.5]])
    y = np.array([1, 1, -1, 1, -1])
    model = DiscreteAdaBoostClassifier(n_estimators=2).fit(X, y)
    # Round 1: D = 1/5; t = 0.25 and t = 0.45 both miss one point, the smaller wins; ε = 1/5,
    # e0 = 1/10, α = ½ ln(0.9/0.3). D_2 ∝ (1, 1, 1, √3·√3, 1) = (1, 1, 1, 3, 1)/7.
    # Round 2: t = 0.45 misses only x = 0.3 (weight 1/7), α = ½ ln((6/7 + 1/10)/(1/7 + 1/10)).
    assert [m.threshold_ for m in model.estimators_] == [pytest.approx(0.25), pytest.approx(0.45)]
    np.testing.assert_allclose(model.estimator_errors_, [1 / 5, 1 / 7])
    np.testing.assert_allclose(model.estimator_weights_, [0.5 * np.log(3), 0.5 * np.log(67 / 17)])
    np.testing.assert_allclose(model.sample_weights_, [np.full(5, 0.2), np.array([1, 1, 1, 3, 1]) / 7])
    a1, a2 = model.estimator_weights_
    np.testing.assert_allclose(model.decision_function(X), [a1 + a2, a1 + a2, -a1 + a2, -a1 + a2, -a1 - a2])
    np.testing.assert_array_equal(model.predict(X), [1, 1, 1, 1, -1])  # −α1 + α2 > 0
    assert list(model.classes_) == [-1, 1]


def test_discrete_adaboost_is_a_non_increasing_step_function_of_abs_x():
    rng = np.random.default_rng(0)
    x = rng.normal(size=300)
    y = np.where(np.abs(x) < 0.7, 1, -1)
    y[rng.random(300) < 0.1] *= -1
    model = DiscreteAdaBoostClassifier(n_estimators=10).fit(x[:, None], y)
    grid = np.linspace(0, 4, 200)
    f = model.decision_function(grid[:, None])
    assert np.all(np.diff(f) <= 0) and np.all(model.estimator_weights_ >= 0)
    np.testing.assert_array_equal(f, model.decision_function(-grid[:, None]))
    with pytest.raises(ValueError, match="Only binary classification is supported"):
        DiscreteAdaBoostClassifier().fit(x[:, None], np.digitize(x, [-1, 1]))


@parametrize_with_checks([AdaBoostMOClassifier(), AdaBoostMOClassifier(n_estimators=30, algorithm="naive")])
def test_check_estimator_with_default_parameters(estimator, check):
    check(estimator)


#: CPU variants a job can meet below the pinned kernels (mavl.reproduction.environment): numpy at
#: its x86-64-v2 baseline and OpenBLAS's Sandybridge (AVX) and Nehalem (SSE4.2) kernels.
CPU_VARIANTS = [{}, {"NPY_DISABLE_CPU_FEATURES": "X86_V3"}, {"OPENBLAS_CORETYPE": "Sandybridge"},
                {"NPY_DISABLE_CPU_FEATURES": "X86_V3", "OPENBLAS_CORETYPE": "Nehalem"},
                {"NUMBA_CPU_NAME": "generic", "NUMBA_CACHE_DIR": "{tmp}/generic"},
                {"NUMBA_CPU_NAME": "nehalem", "NUMBA_CACHE_DIR": "{tmp}/nehalem"}]
_FIT_DIGEST = """
import hashlib, numpy as np
from mavl.data import load_vowel
from mavl.output_codes import AdaBoostMOClassifier
v, digest = load_vowel(), hashlib.sha256()
for code, algorithm in [(c, a) for a in ("binned", "compiled") for c in ("all_pairs", "sparse")]:
    clf = AdaBoostMOClassifier(code, n_estimators=200, algorithm=algorithm, random_state=0)
    clf.fit(v.X_train, v.y_train)
    for part in (clf.alphas_, clf.features_, clf.signs_, clf.staged_column_outputs(v.X_test, [7, 200])):
        digest.update(np.ascontiguousarray(part).tobytes())
print(digest.hexdigest())
"""


def test_a_fit_gives_the_same_bytes_under_every_simd_level_and_blas_kernel(tmp_path):
    """The fit and its outputs use no BLAS product and no SIMD exp/log (module docstring), so a child
    process under each emulated CPU gives the same bytes; BLAS itself does not (the control)."""
    import os
    import subprocess
    import sys

    def run(code, variant):
        pins = ("NPY_DISABLE_CPU_FEATURES", "OPENBLAS_CORETYPE", "NUMBA_CPU_NAME")
        env = {k: v for k, v in os.environ.items() if k not in pins}
        variant = {k: v.format(tmp=tmp_path) for k, v in variant.items()}
        return subprocess.run([sys.executable, "-c", code], env={**env, **variant}, capture_output=True,
                              text=True, check=True).stdout

    assert len({run(_FIT_DIGEST, variant) for variant in CPU_VARIANTS}) == 1
    blas = ("import hashlib, numpy as np; x = np.random.default_rng(0).random((300, 300));"
            "print(hashlib.sha256((x @ x).tobytes()).hexdigest())")
    assert len({run(blas, variant) for variant in CPU_VARIANTS}) > 1


def test_compiled_route_with_a_column_of_one_sign():
    """A column whose classes all have M(c, s) = +1 or 0 leaves the (−, s) slot of the by-sign histogram
    unused: its factors must still be finite, or 0 × a NaN would turn a threshold's score into NaN."""
    code = np.array([[1, 1, -1], [-1, 1, 1], [1, 0, -1], [-1, 1, 0]])
    X, y = few_values(6, m=200, k=4)
    pairs = _Pairs(np.sort(y.astype(int)), code, compiled=True)
    search = _CompiledSearch(X[np.argsort(y, kind="stable")], pairs)
    search.use_slots(pairs, by_sign=True)
    pairs.last_factors = np.full(2 * pairs.col_ptr[-1], 0.5)
    factors = search._slot_factors(pairs)
    assert np.isfinite(factors).all() and factors[:, code.shape[1] + 1].tolist() == [1.0, 1.0]
    compiled, binned = (AdaBoostMOClassifier(code, n_estimators=40, algorithm=a).fit(X, y)
                        for a in ("compiled", "binned"))
    for name in STUMP_ATTRIBUTES:
        np.testing.assert_array_equal(getattr(compiled, name), getattr(binned, name), err_msg=name)
