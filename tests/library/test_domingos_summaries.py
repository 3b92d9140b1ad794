"""domingos_summaries: a stack of decompositions, bit for bit those of domingos_decomposition."""

import numpy as np
import pytest

from mavl.bias_variance.domingos import SUMMARY, domingos_decomposition, domingos_summaries
from mavl.bias_variance.resampled import _VoteCounts, domingos_resampled_summaries


@pytest.mark.parametrize("ties", ["biased", "lowest_index"])
def test_the_same_numbers_as_one_decomposition_per_matrix(ties):
    rng = np.random.default_rng(11)
    for n, n_test in [(1, 7), (4, 1), (20, 300), (101, 2500)]:     # even n: main-prediction ties
        share = rng.random(n_test)
        predictions = np.where(rng.random((3, 2, n, n_test)) < share, 5, 2).astype(np.int8)
        y_true = rng.choice([2, 5], size=n_test)
        stacked = domingos_summaries(predictions, y_true, classes=(2, 5), ties=ties)
        assert stacked.shape == (3, 2, len(SUMMARY))
        for index in np.ndindex(3, 2):
            one = domingos_decomposition(predictions[index], y_true, classes=(2, 5), ties=ties).summary
            np.testing.assert_array_equal(stacked[index], one[list(SUMMARY)].to_numpy())


def test_three_classes_and_bad_labels():
    rng = np.random.default_rng(12)
    predictions, y_true = rng.integers(0, 3, size=(4, 9, 50)), rng.integers(0, 3, size=50)
    stacked = domingos_summaries(predictions, y_true, classes=(0, 1, 2))
    for k in range(4):
        one = domingos_decomposition(predictions[k], y_true, classes=(0, 1, 2)).summary
        np.testing.assert_array_equal(stacked[k], one[list(SUMMARY)].to_numpy())
    with pytest.raises(ValueError, match="labels outside classes"):
        domingos_summaries(predictions, y_true, classes=(0, 1))
    with pytest.raises(ValueError, match=r"\(\.\.\., n_classifiers, n_test\)"):
        domingos_summaries(predictions, y_true[:10], classes=(0, 1, 2))


@pytest.mark.parametrize("ties", ["biased", "lowest_index"])
@pytest.mark.parametrize("classes", [(2, 5), (0, 1, 2)])
def test_resampled_are_the_summaries_of_the_repeated_rows(ties, classes):
    # Resample b repeats classifier i weights[b, i] times: bit for bit domingos_summaries of that matrix.
    rng = np.random.default_rng(13)
    n, n_test = 10, 400
    predictions = rng.choice(classes, size=(3, n, n_test)).astype(np.int8)
    y_true = rng.choice(classes, size=n_test)
    weights = np.stack([np.bincount(rng.integers(0, n, n), minlength=n) for _ in range(6)])
    weights[0] = 0
    weights[0, 3] = 1                                # a resample of one classifier only
    resampled = domingos_resampled_summaries(predictions, y_true, weights, classes=classes, ties=ties)
    assert resampled.shape == (3, 6, len(SUMMARY))
    for b, row in enumerate(weights):
        repeated = np.repeat(predictions, row, axis=1)
        np.testing.assert_array_equal(resampled[:, b],
                                      domingos_summaries(repeated, y_true, classes=classes, ties=ties))
    # Bias and error alone (counted in integers for two classes): all eight's values to the last bit.
    alone = domingos_resampled_summaries(predictions, y_true, weights, classes=classes, ties=ties,
                                         summary=("bias", "error"))
    np.testing.assert_allclose(alone, resampled[..., [1, 0]], rtol=1e-14, atol=0)


def test_resampled_votes_exact_beyond_float32():
    # Votes are counted in float32 while a resample's total weight is below 2**24 (exact there), in
    # float64 beyond: both give the float64 product's numbers.
    rng = np.random.default_rng(14)
    mask = rng.random((5, 300)) < 0.5
    for scale in (1, 2**23, 2**30):
        weights = rng.integers(1, 4, size=(4, 5)) * scale
        np.testing.assert_array_equal(_VoteCounts(weights)(mask), weights.astype(float) @ mask.astype(float))
    assert _VoteCounts(np.full((1, 3), 2**23)).dtype == np.float64


def test_resampled_rejects_bad_weights_and_labels():
    predictions, y_true = np.zeros((4, 5), int), np.zeros(5, int)
    for bad in ([[1, 1, 1]], [[1, -1, 1, 1]], [[0.5, 1, 1, 1]], [[0, 0, 0, 0]]):
        with pytest.raises(ValueError, match="weights must be non-negative integers"):
            domingos_resampled_summaries(predictions, y_true, bad, classes=(0, 1))
    with pytest.raises(ValueError, match="labels outside classes"):
        domingos_resampled_summaries(predictions + 3, y_true, [[1, 1, 1, 1]], classes=(0, 1))
    with pytest.raises(ValueError, match="summary must name columns"):
        domingos_resampled_summaries(predictions, y_true, [[1, 1, 1, 1]], classes=(0, 1), summary=["eror"])
    with pytest.raises(ValueError, match="ties must be one of"):
        domingos_resampled_summaries(predictions, y_true, [[1, 1, 1, 1]], classes=(0, 1), ties="first")
