"""Worked examples of spec james-ch2 Appendix A and the decoder identities (Theorems 1, 4, 6)."""

import numpy as np
import pytest

from mavl.output_codes.codes import exhaustive_code, identity_code, random_code
from mavl.output_codes.decoders import l1_distances, l1_scores, one_vs_rest_scores, regression_scores


def code_from_rows(*rows):
    """0/1 rows as printed in the thesis → a {-1, +1} code matrix."""
    return 2 * np.array([[int(c) for c in r] for r in rows]) - 1


def test_appendix_a1_ecoc_decoding_example():
    code = code_from_rows("11000", "00110", "10011", "11110")
    P = np.array([[0.3, 0.2, 0.8, 0.9, 0.1]])
    np.testing.assert_allclose(l1_distances(P, code)[0], [3.3, 0.9, 2.7, 1.9])
    np.testing.assert_allclose(l1_scores(P, code)[0], [-0.32, 0.64, -0.08, 0.24])
    assert l1_scores(P, code)[0].argmax() == 1  # class 2


def test_appendix_a2_matrix_that_is_not_bayes_consistent():
    code = code_from_rows("011", "000", "110", "100")
    q = np.array([0.4, 0.1, 0.3, 0.2])
    Z = (code + 1) / 2
    P = (Z.T @ q)[None, :]
    np.testing.assert_allclose(P[0], [0.5, 0.7, 0.4])
    L = l1_distances(P, code)[0]
    np.testing.assert_allclose(L, [1.4, 1.6, 1.2, 1.6])  # AMB-21: 1.6, not the printed 1.7
    hamming = (Z[:, None, :] != Z[None, :, :]).sum(axis=2)
    np.testing.assert_allclose(L, hamming @ q - np.diag(hamming) * q)  # Lemma 1
    assert L.argmin() == 2 and q.argmax() == 0


ALL_COLUMNS_3 = np.array([[1 if (j >> i) & 1 else -1 for j in range(8)] for i in range(3)])


@pytest.mark.parametrize("code", [identity_code(4), ALL_COLUMNS_3], ids=["I4", "3x8 all columns"])
def test_appendix_a3_equidistant_rows_make_ecoc_bayes(code):
    rng = np.random.default_rng(0)
    q = rng.dirichlet(np.ones(code.shape[0]), size=1000)
    P = q @ ((code + 1) / 2)
    np.testing.assert_array_equal(l1_scores(P, code).argmax(axis=1), q.argmax(axis=1))


def test_appendix_a4_regression_recovers_q():
    code = code_from_rows("01100", "00011", "11001", "10000")
    q = np.array([0.4, 0.1, 0.3, 0.2])
    P = (q @ ((code + 1) / 2))[None, :]
    np.testing.assert_allclose(P[0], [0.5, 0.7, 0.4, 0.1, 0.4])
    scores, deficient = regression_scores(P, code)
    np.testing.assert_allclose(scores[0], q, atol=1e-12)
    assert not deficient


def test_regression_recovers_q_for_any_full_rank_random_code():
    rng = np.random.default_rng(1)
    code = np.where(rng.random((26, 60)) < 0.5, 1, -1)
    q = rng.dirichlet(np.ones(26), size=50)
    scores, deficient = regression_scores(q @ ((code + 1) / 2), code)
    np.testing.assert_allclose(scores, q, atol=1e-10)
    assert not deficient


def test_regression_undefined_below_k():
    scores, deficient = regression_scores(np.zeros((3, 5)), np.ones((26, 5)))
    assert scores is None and not deficient


def test_large_random_code_estimates_q():
    # Corollary 1: with B = 10^4 random columns, D̄_i is within 0.05 of q_i.
    rng = np.random.default_rng(2)
    code = np.where(rng.random((5, 10_000)) < 0.5, 1, -1)
    q = rng.dirichlet(np.ones(5), size=3)
    D = l1_scores(q @ ((code + 1) / 2), code)
    assert np.abs(D - q).max() < 0.05


def test_identity_code_l1_equals_one_vs_rest():
    rng = np.random.default_rng(3)
    P = rng.random((200, 6))
    code = identity_code(6)
    np.testing.assert_array_equal(l1_scores(P, code).argmax(1),
                                  one_vs_rest_scores(P, code).argmax(1))


def test_one_vs_rest_needs_identity():
    with pytest.raises(ValueError, match="identity"):
        one_vs_rest_scores(np.zeros((2, 3)), -np.ones((3, 3)))


def test_exhaustive_code_has_distinct_nonconstant_columns():
    code = exhaustive_code(5)
    assert code.shape == (5, 15)
    assert len({tuple(c) for c in code.T}) == 15
    assert (np.abs(code.sum(axis=0)) < 5).all()


def test_random_code_prefix_is_the_smaller_draw():
    big = random_code(11, 200, np.random.default_rng(7))
    small = random_code(11, 40, np.random.default_rng(7))
    np.testing.assert_array_equal(big[:, :40], small)
