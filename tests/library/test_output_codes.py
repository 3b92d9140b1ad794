"""Ternary output codes, margin losses and loss-based decoding (Allwein, Schapire & Singer 2000,
§2-§4; spec allwein2000 §2, §3, §4.3, §4.4)."""

import numpy as np
import pytest
from scipy.special import logsumexp

from mavl.output_codes import decoders
from mavl.output_codes.codes import (
    CODE_FAMILIES,
    all_pairs_code,
    code_distance,
    exhaustive_code,
    identity_code,
    random_code,
    row_distances,
    searched_random_code,
)
from mavl.output_codes.decoders import hamming_distances, loss_distances, tie_aware_error
from mavl.output_codes.losses import MARGIN_LOSSES, margin_loss

#: k of every data set of Table 1 (glass with the 6 classes present, spec A3).
TABLE_1_K = (6, 7, 8, 10, 11, 19, 20, 24, 26)


@pytest.mark.parametrize("loss", sorted(MARGIN_LOSSES))
def test_every_loss_meets_the_condition_of_theorem_1_eq_7(loss):
    z = np.linspace(-10, 10, 2001)
    at_zero = margin_loss(loss, 0.0)
    assert at_zero > 0
    assert ((margin_loss(loss, z) + margin_loss(loss, -z)) / 2 >= at_zero - 1e-12).all()


def test_losses_at_known_points_and_without_overflow():
    assert margin_loss("exp", 0) == 1 and margin_loss("l1", 0) == 0.5
    assert margin_loss("logistic", 0) == pytest.approx(np.log(2)) and margin_loss("hinge", 0.25) == 0.75
    assert margin_loss("square", 3) == 4
    assert margin_loss("hamming", -2) == 1 and margin_loss("hamming", 0) == 0.5
    with np.errstate(over="raise"):
        assert margin_loss("logistic", -500.0) == pytest.approx(1000.0)
        assert margin_loss("l1", -500.0) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="loss must be one of"):
        margin_loss("cubic", 0)


@pytest.mark.parametrize("k", [3, 4, 6, 8])
def test_fixed_families_have_the_papers_sizes_and_distances(k):
    ova, pairs, complete = identity_code(k), all_pairs_code(k), exhaustive_code(k)
    assert ova.shape == (k, k) and code_distance(ova) == 2
    ell = k * (k - 1) // 2
    assert pairs.shape == (k, ell) and code_distance(pairs) == (ell + 1) / 2
    assert (np.abs(pairs).sum(axis=0) == 2).all() and (pairs.sum(axis=0) == 0).all()
    assert complete.shape == (k, 2 ** (k - 1) - 1) and code_distance(complete) == 2 ** (k - 2)
    # every non-trivial split once: no duplicate and no negated duplicate column
    columns = {tuple(c) for c in complete.T} | {tuple(-c) for c in complete.T}
    assert len(columns) == 2 * complete.shape[1]


def test_row_distance_counts_a_zero_entry_as_a_half():
    code = np.array([[1, 0, -1, 1], [1, 1, 1, 0]])
    assert row_distances(code)[0, 1] == 0 + 0.5 + 1 + 0.5


@pytest.mark.parametrize("k", TABLE_1_K)
def test_random_code_search_finds_a_valid_code_for_every_k_of_table_1(k):
    rng = np.random.default_rng(k)
    dense = searched_random_code(k, "dense", rng, n_trials=2000)
    sparse = searched_random_code(k, "sparse", rng, n_trials=2000)
    assert dense.shape == (k, int(np.ceil(10 * np.log2(k)))) and set(np.unique(dense)) == {-1, 1}
    assert np.unique(dense, axis=1).shape[1] == dense.shape[1]
    assert not (dense == dense[:1]).all(axis=0).any()
    assert sparse.shape == (k, int(np.ceil(15 * np.log2(k))))
    assert (sparse != 0).any(axis=0).all() and (sparse != 0).any(axis=1).all()
    assert np.unique(sparse, axis=0).shape[0] == k and code_distance(sparse) > 0


def test_search_keeps_the_largest_distance_among_its_draws():
    best = searched_random_code(5, "sparse", np.random.default_rng(1), n_trials=300)
    fewer = searched_random_code(5, "sparse", np.random.default_rng(1), n_trials=30)
    assert code_distance(best) >= code_distance(fewer)      # the same first 30 draws, and more
    np.testing.assert_array_equal(best, CODE_FAMILIES["sparse"](5, np.random.default_rng(1), 300))


def _search_one_draw_at_a_time(k, family, rng, n_trials):
    # The paper's search written plainly: a draw, its validity by np.unique, its ρ, the first best.
    n_columns = int(np.ceil((10 if family == "dense" else 15) * np.log2(k)))
    best, best_rho = None, -np.inf
    for _ in range(n_trials):
        code = random_code(k, n_columns, rng, 0.0 if family == "dense" else 0.5)
        if family == "dense":
            valid = (not (code == code[:1]).all(axis=0).any()
                     and np.unique(code, axis=1).shape[1] == n_columns)
        else:
            valid = ((code != 0).any(axis=0).all() and (code != 0).any(axis=1).all()
                     and np.unique(code, axis=0).shape[0] == k)
        if valid and code_distance(code) > best_rho:
            best, best_rho = code, code_distance(code)
    return best


@pytest.mark.parametrize(("k", "family", "n_trials"),
                         [(5, "sparse", 1234), (7, "dense", 1234), (11, "sparse", 600), (26, "dense", 700)])
def test_batched_search_draws_and_keeps_what_one_draw_at_a_time_does(k, family, n_trials):
    batched, plain = np.random.default_rng(k), np.random.default_rng(k)
    np.testing.assert_array_equal(searched_random_code(k, family, batched, n_trials),
                                  _search_one_draw_at_a_time(k, family, plain, n_trials))
    assert batched.random() == plain.random()               # the generator left in the same state


@pytest.mark.parametrize(("k", "needed", "available"), [(2, 10, 2), (3, 16, 6), (4, 20, 14)])
def test_a_dense_code_that_cannot_exist_says_so(k, needed, available):
    # ⌈10 log2 k⌉ distinct non-constant ±1 columns of length k: only 2^k − 2 exist for k ≤ 4.
    with pytest.raises(ValueError, match=f"no dense code exists for k = {k}: it needs {needed} "
                                         f"distinct non-constant ±1 columns and only {available} exist"):
        searched_random_code(k, "dense", np.random.default_rng(1))


def test_hamming_decoding_is_loss_based_decoding_with_H_B4():
    rng = np.random.default_rng(0)
    code = searched_random_code(7, "sparse", rng, n_trials=200)
    F = rng.normal(size=(50, code.shape[1]))
    F[rng.random(F.shape) < 0.1] = 0.0                      # exact zeros cost ½ too
    np.testing.assert_array_equal(hamming_distances(F, code) / 2, loss_distances(F, code, "hamming"))


def test_exp_decoding_picks_the_same_rows_and_does_not_overflow():
    rng = np.random.default_rng(2)
    code = all_pairs_code(5)
    F = rng.normal(scale=3, size=(40, code.shape[1]))
    direct = np.exp(-F[:, None, :] * code[None]).sum(axis=2)
    np.testing.assert_array_equal(loss_distances(F, code, "exp").argmin(1), direct.argmin(1))
    with np.errstate(over="raise"):
        assert np.isfinite(loss_distances(400 * F, code, "exp")).all()


@pytest.mark.parametrize("loss", ["exp", "logistic", "hinge", "square", "l1", "hamming"])
def test_loss_decoding_in_blocks_of_examples_gives_the_bits_of_one_pass(loss, monkeypatch):
    """The blocks that bound the memory of loss_distances change no bit (against the formula of
    Eq. 5 evaluated on all examples at once)."""
    rng = np.random.default_rng(4)
    code = CODE_FAMILIES["sparse"](6, rng, 50)
    F = rng.normal(scale=2, size=(103, code.shape[1]))
    margins = F[:, None, :] * code[None].astype(float)
    one_pass = (logsumexp(-F[:, None, :] * code[None].astype(float), axis=2) if loss == "exp"
                else margin_loss(loss, margins).sum(axis=2))
    monkeypatch.setattr(decoders, "_BLOCK_ENTRIES", 7 * code.size)          # 15 blocks, the last of 5
    np.testing.assert_array_equal(loss_distances(F, code, loss), one_pass)


def test_loss_decoding_names_an_unknown_loss():
    with pytest.raises(ValueError, match="loss must be one of"):
        loss_distances(np.zeros((2, 3)), identity_code(3), "cubic")


def test_ties_are_shared_out_evenly_A1():
    distances = np.array([[1, 1, 3], [2, 0, 5], [4, 4, 4]])
    error, lowest, tie_rate = tie_aware_error(distances, np.array([0, 0, 2]))
    assert error == pytest.approx((0.5 + 1 + 2 / 3) / 3)
    np.testing.assert_array_equal(lowest, [0, 1, 0])
    assert tie_rate == pytest.approx(2 / 3)


@pytest.mark.parametrize("loss", ["exp", "logistic", "hinge", "square", "l1"])
def test_theorem_1_bound_holds_for_any_outputs(loss):
    """err ≤ ℓ ε / (ρ L(0)) with ties counted as errors, for any f (a theorem, spec B-1)."""
    rng = np.random.default_rng(3)
    for family in ("one_vs_all", "all_pairs", "sparse"):
        k = 6
        code = CODE_FAMILIES[family](k, rng, 300) if family == "sparse" else CODE_FAMILIES[family](k)
        y = rng.integers(0, k, 300)
        F = code[y] * rng.normal(0.3, 1.0, (300, code.shape[1]))    # noisy, partly right outputs
        d = loss_distances(F, code, loss)
        if loss == "exp":
            d = np.exp(d)
        rows = np.arange(len(y))
        wrong = (d <= d[rows, y][:, None] + 1e-12).sum(axis=1) > 1   # a tie with y is an error
        eps = margin_loss(loss, code[y] * F).mean()
        bound = code.shape[1] * eps / (code_distance(code) * margin_loss(loss, 0.0))
        assert wrong.mean() <= bound + 1e-12


@pytest.mark.parametrize("family", ["one_vs_all", "all_pairs", "complete", "dense", "sparse"])
def test_training_error_bounds_of_section_4_4_hold_B1(family):
    """The q-forms of Theorem 1 and Corollary 2 bound the training error of both decodings."""
    from mavl.output_codes.bounds import average_binary_loss, hamming_decoding_bound, loss_decoding_bound

    rng = np.random.default_rng(4)
    k, m = 6, 400
    make = CODE_FAMILIES[family]
    code = make(k, rng, 10_000) if family in ("dense", "sparse") else make(k)   # k = 6 dense: few valid
    y = rng.integers(0, k, m)
    rows = np.arange(m)
    for scale in (0.2, 1.0, 3.0):
        F = code[y] * rng.normal(scale, 1.0, (m, code.shape[1]))
        F[rng.random(F.shape) < 0.05] = 0.0
        hamming = hamming_distances(F, code)
        err_h = ((hamming <= hamming[rows, y][:, None]).sum(axis=1) > 1).mean()
        assert err_h <= hamming_decoding_bound(F, code, y) + 1e-12
        for loss in ("exp", "logistic", "hinge", "square"):
            d = loss_distances(F, code, loss)
            err_l = ((d <= d[rows, y][:, None] + 1e-12).sum(axis=1) > 1).mean()
            bound = loss_decoding_bound(F, code, y, loss)
            assert err_l <= bound + 1e-12
            if not (code == 0).any():      # without zero entries the q-form is ℓ ε / (ρ L(0))
                eps = average_binary_loss(F, code, y, loss)
                expected = code.shape[1] * eps / (code_distance(code) * margin_loss(loss, 0))
                assert bound == pytest.approx(expected)


@pytest.mark.parametrize("zero_probability", [0.0, 0.5])
def test_mean_row_distance_of_a_random_code_is_half_its_length_B3(zero_probability):
    # Each position adds ½ on average: ±1 pairs disagree half the time, and a zero costs ½ (spec §7 B-3).
    code = random_code(26, 400, np.random.default_rng(3), zero_probability)
    distances = row_distances(code)[~np.eye(26, dtype=bool)]
    assert distances.mean() == pytest.approx(200, rel=0.02)
