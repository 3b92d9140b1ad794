"""domingos_summaries: a stack of decompositions, bit for bit those of domingos_decomposition."""

import numpy as np
import pytest

from mavl.bias_variance.domingos import SUMMARY, domingos_decomposition, domingos_summaries


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
