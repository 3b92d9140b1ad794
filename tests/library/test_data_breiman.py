"""Breiman (1997) data: the four generators and their Bayes rules, the UCI loaders (spec §5)."""

import importlib

import numpy as np
import pytest
from scipy.special import logsumexp
from scipy.stats import multivariate_normal, norm

from mavl.data import (
    GENERATORS,
    DataFileError,
    bayes_posterior,
    bayes_predict,
    load_glass,
    load_letter,
    load_soybean_large,
    load_uci,
    waveform,
    waveform_shapes,
)

fetch_module = importlib.import_module("mavl.data.fetch")
uci_module = importlib.import_module("mavl.data.uci")

N = 200_000
A2, A1 = 2 / np.sqrt(20), 1 / np.sqrt(20)
#: (generator, parameters) of every sample below; ringnorm twice (Breiman's a and DELVE's a).
CASES = {
    "waveform": ("waveform", {}),
    "twonorm": ("twonorm", {}),
    "threenorm": ("threenorm", {}),
    "ringnorm": ("ringnorm", {}),
    "ringnorm_delve": ("ringnorm", {"a": A2}),
}


@pytest.fixture(scope="module")
def samples():
    """One 200k-point sample of each case, each from its own seeded stream."""
    return {
        case: GENERATORS[name](N, np.random.default_rng([1997, i]), **params)
        for i, (case, (name, params)) in enumerate(CASES.items())
    }


def bound(m):
    """|z| limit for m simultaneous checks with the false-alarm rate of one 3-SE check (Bonferroni)."""
    return norm.isf(norm.sf(3.0) / m)


def _triangles():
    # Written out independently of the module: h1 peaks at m = 11, h2 = h1(m − 4), h3 = h1(m + 4).
    m = np.arange(1, 22)
    return [np.maximum(6 - np.abs(m - c), 0).astype(float) for c in (11, 15, 7)]


def true_moments(case):
    """[(mean, covariance)] of each class, from the definitions of spec §5.1."""
    name, params = CASES[case]
    eye, ones = np.eye(20), np.ones(20)
    if name == "waveform":
        h1, h2, h3 = _triangles()
        # x = second + u·(first − second) + ε with Var(u) = 1/12.
        pairs = ((h1, h2), (h1, h3), (h2, h3))
        return [((f + s) / 2, np.eye(21) + np.outer(f - s, f - s) / 12) for f, s in pairs]
    a = params.get("a", A1 if name == "ringnorm" else A2)
    if name == "twonorm":
        return [(a * ones, eye), (-a * ones, eye)]
    if name == "threenorm":
        return [(0 * ones, eye + a * a * np.outer(ones, ones)), (a * np.tile([1.0, -1.0], 10), eye)]
    return [(0 * ones, 4 * eye), (a * ones, eye)]


def test_waveform_shapes_follow_the_spec():
    h = waveform_shapes()
    np.testing.assert_array_equal(h, np.vstack(_triangles()))
    assert [int(np.argmax(row)) + 1 for row in h] == [11, 15, 7] and h.max() == 6


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generator_types_and_reproducibility(name):
    X, y = GENERATORS[name](50, np.random.default_rng(3))
    X2, y2 = GENERATORS[name](50, np.random.default_rng(3))
    assert X.dtype == np.float64 and X.shape == (50, 21 if name == "waveform" else 20)
    assert np.issubdtype(y.dtype, np.integer) and set(np.unique(y)) <= set(range(3))
    np.testing.assert_array_equal(X, X2)
    np.testing.assert_array_equal(y, y2)


@pytest.mark.parametrize("case", sorted(CASES))
def test_labels_iid_uniform(samples, case):
    _, y = samples[case]
    J = 3 if case == "waveform" else 2
    counts = np.bincount(y, minlength=J)
    assert counts.size == J
    z = (counts - N / J) / np.sqrt(N * (1 / J) * (1 - 1 / J))
    assert np.abs(z).max() < bound(J)
    assert counts.min() != counts.max()  # drawn, not exact shares


@pytest.mark.parametrize("case", sorted(CASES))
def test_class_means_and_covariances(samples, case):
    X, y = samples[case]
    z_scores = []
    for k, (mean, cov) in enumerate(true_moments(case)):
        Xk = X[y == k]
        n = len(Xk)
        centred = Xk - Xk.mean(axis=0)
        S = centred.T @ centred / n
        # SEs from the sample itself: Var(x_i) / n for means, Var(c_i c_j) / n for covariances.
        se_mean = np.sqrt(np.diag(S) / n)
        squares = centred**2
        se_cov = np.sqrt(np.maximum(squares.T @ squares / n - S**2, 0) / n)
        upper = np.triu_indices(len(mean))
        z_scores.append((Xk.mean(axis=0) - mean) / se_mean)
        z_scores.append((S[upper] - cov[upper]) / se_cov[upper])
    z = np.concatenate(z_scores)
    assert np.abs(z).max() < bound(z.size), f"worst |z| = {np.abs(z).max():.2f}"


#: Bayes errors in %: the spec's values (the generators' checks, ±0.3 pp) and our precise reference.
#: The references are mean(1 − max posterior) over 2·10⁷ points (SE ≤ 0.003 pp), except twonorm's
#: exact Φ(−2). Waveform's exact rule gives 13.29 %, not the spec's "about 14 %" (the CART book's
#: rounded value); the test holds it to the integral's own value.
BAYES = {
    "waveform": (13.29, 13.293),
    "twonorm": (2.3, 100 * norm.cdf(-2.0)),
    "threenorm": (10.5, 10.463),
    "ringnorm": (1.5, 1.495),
    "ringnorm_delve": (1.2, 1.239),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bayes_error(samples, case):
    X, y = samples[case]
    name, params = CASES[case]
    published, reference = BAYES[case]
    error = 100 * np.mean(bayes_predict(name, X, **params) != y)
    assert abs(error - published) <= 0.3, f"{case}: Bayes-rule error {error:.3f} %"
    # The posterior's own estimate of the error has a smaller SE: it must agree with the reference.
    loss = 1 - bayes_posterior(name, X, **params).max(axis=1)
    se = 100 * loss.std() / np.sqrt(N)
    assert abs(100 * loss.mean() - reference) < 3 * se + 0.01
    np.testing.assert_array_equal(bayes_posterior(name, X[:1000], **params).argmax(axis=1),
                                  bayes_predict(name, X[:1000], **params))


def test_waveform_posterior_matches_gauss_legendre():
    X, _ = waveform(2000, np.random.default_rng(11))
    nodes, weights = np.polynomial.legendre.leggauss(200)
    u, w = (nodes + 1) / 2, weights / 2
    h1, h2, h3 = _triangles()
    loglik = []
    for first, second in ((h1, h2), (h1, h3), (h2, h3)):
        means = u[:, None] * first + (1 - u[:, None]) * second
        sq = ((X[:, None, :] - means[None]) ** 2).sum(axis=2)
        loglik.append(logsumexp(-0.5 * sq + np.log(w), axis=1))
    loglik = np.column_stack(loglik)
    expected = np.exp(loglik - logsumexp(loglik, axis=1, keepdims=True))
    np.testing.assert_allclose(bayes_posterior("waveform", X), expected, atol=1e-10)


@pytest.mark.parametrize("case", ["twonorm", "threenorm", "ringnorm", "ringnorm_delve"])
def test_gaussian_posteriors_match_densities(samples, case):
    X = samples[case][0][:3000]
    name, params = CASES[case]
    loglik = np.column_stack([multivariate_normal(mean, cov).logpdf(X) for mean, cov in true_moments(case)])
    if name == "threenorm":  # class 0 is a mixture: its density, not the Gaussian with its moments
        parts = [multivariate_normal(sign * A2 * np.ones(20)).logpdf(X) for sign in (1, -1)]
        loglik[:, 0] = np.logaddexp(*parts) - np.log(2)
    expected = np.exp(loglik - logsumexp(loglik, axis=1, keepdims=True))
    np.testing.assert_allclose(bayes_posterior(name, X, **params), expected, atol=1e-9)


def test_unknown_generator_is_refused():
    with pytest.raises(ValueError, match="unknown generator"):
        bayes_predict("fournorm", np.zeros((1, 20)))



#: rows (train, test), variables, class counts in label order (spec §5.2; counts from the files).
SHAPES = {
    "breast cancer": ((699, None), 9, [458, 241]),
    "ionosphere": ((351, None), 34, [126, 225]),
    "diabetes": ((768, None), 8, [500, 268]),
    "glass": ((214, None), 9, [70, 76, 17, 13, 9, 29]),
    "soybean": ((683, None), 35, None),
    "letters": ((15000, 5000), 16, None),
    "satellite": ((4435, 2000), 36, [1072, 479, 961, 415, 470, 1038]),
    "DNA": ((2000, 1186), 180, [464, 485, 1051]),
    "statlog_heart": ((270, None), 13, [150, 120]),
}


@pytest.mark.parametrize("name", list(SHAPES))
def test_uci_shapes_and_classes(name):
    (n_train, n_test), n_vars, counts = SHAPES[name]
    data = load_uci(name)
    assert data.X.dtype == np.float64 and data.y.dtype == np.int64
    assert data.X.shape == (n_train, n_vars) and data.has_test == (n_test is not None)
    J = data.n_classes
    assert sorted(set(data.y)) == list(range(J)) and list(data.classes) == sorted(data.classes)
    if n_test is not None:
        assert data.X_test.shape == (n_test, n_vars) and set(data.y_test) <= set(range(J))
    if counts is not None:
        assert np.bincount(data.y).tolist() == counts


def test_missing_values_are_minus_one():
    bc = load_uci("breast cancer")
    rows, cols = np.nonzero(bc.X == -1)
    assert rows.size == 16 and set(cols) == {5}  # Bare Nuclei, the 6th attribute after the id
    assert set(np.unique(np.delete(bc.X, rows, axis=0))) <= set(range(1, 11))
    soy = load_soybean_large()
    assert set(np.unique(soy.X)) == set(range(-1, 7)) and (soy.X == -1).sum() == 2337
    assert soy.n_classes == 19 and np.bincount(soy.y).sum() == 683
    # .data (307 rows) first, then .test: both files start with a diaporthe-stem-canker row.
    assert soy.classes[soy.y[0]] == soy.classes[soy.y[307]] == "diaporthe-stem-canker"
    assert soy.X[307, :3].tolist() == [6, 0, 2] and soy.X[0, :3].tolist() == [6, 0, 2]
    assert soy.X[1, 0] == 4 and soy.X[308, 0] == 3


def test_dna_classes_in_spec_order():
    dna = load_uci("dna")
    order = [dna.classes.index(c) for c in ("N", "IE", "EI")]
    assert np.bincount(dna.y)[order].tolist() == [1051, 485, 464]
    assert np.bincount(dna.y_test)[order].tolist() == [603, 280, 303]
    assert set(np.unique(dna.X)) == {0.0, 1.0} and "180 binary" in dna.note


def test_glass_drops_id_and_heart_is_a_labelled_proxy():
    glass = load_glass()
    assert 1.5 < glass.X[:, 0].min() and glass.X[:, 0].max() < 1.54  # refractive index, not the Id
    assert glass.classes == ("1", "2", "3", "5", "6", "7")
    assert "proxy" in load_uci("statlog_heart").note
    with pytest.raises(ValueError, match="not available"):
        load_uci("heart")
    with pytest.raises(ValueError, match="unknown data set"):
        load_uci("iris")


def test_letter_split_keeps_file_order():
    letters = load_uci("letters")
    assert letters.classes[letters.y[0]] == "T" and letters.X[0, :4].tolist() == [2, 8, 3, 5]
    _, y_sorted = load_letter()
    np.testing.assert_array_equal(np.bincount(np.r_[letters.y, letters.y_test]), np.bincount(y_sorted))


def test_corrupt_or_missing_file_is_named(no_packaged_copies, tmp_path):
    (tmp_path / "glass").mkdir()
    (tmp_path / "glass" / "glass.data").write_text("1,1.5,13,4,1,71,0,8,0,0,1\n")
    with pytest.raises(DataFileError, match=r"glass/glass\.data"):
        load_glass(mirror=tmp_path)
    with pytest.raises(DataFileError, match=r"soybean/soybean-large\.data.*missing"):
        load_soybean_large(mirror=tmp_path)


def test_count_mismatch_names_file_and_counts(monkeypatch, tmp_path):
    short = tmp_path / "glass.data"
    short.write_text("".join(f"{i},1.5,13,4,1,71,0,8,0,0,{1 + i % 3}\n" for i in range(10)))
    monkeypatch.setattr(uci_module, "fetch", lambda relpath, mirror=None: short)
    with pytest.raises(ValueError, match=r"glass/glass\.data: expected 214 rows, found 10"):
        load_glass()
