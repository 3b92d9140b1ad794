"""The seeded streams: one generator per (master seed, experiment, replicate, purpose)."""

import binascii

import numpy as np
import pytest

from mavl.random import STREAMS, experiment_code, stream


def test_a_stream_depends_on_each_part_of_its_identity_and_on_nothing_else():
    first = stream(1998, "L50", 3, "split").random(5)
    assert np.array_equal(first, stream(1998, "L50", 3, "split").random(5))
    for other in [(1999, "L50", 3, "split"), (1998, "L10", 3, "split"), (1998, "L50", 4, "split"),
                  (1998, "L50", 3, "code")]:
        assert not np.array_equal(first, stream(*other).random(5)), other
    # The stream is the SeedSequence of the four codes, as spec james-ch2 §0 defines it.
    spec = np.random.default_rng(np.random.SeedSequence([1998, binascii.crc32(b"L50"), 3, STREAMS["split"]]))
    assert np.array_equal(first, spec.random(5))
    assert experiment_code("L50") == binascii.crc32(b"L50")


def test_an_unknown_purpose_names_the_purposes_there_are():
    with pytest.raises(ValueError, match=r"no random stream for the purpose 'fit': the purposes are "
                                         r"'split', 'code', 'bagging', 'boosting', 'ties', 'tree', 'data'"):
        stream(1998, "L50", 0, "fit")


def test_no_two_purposes_share_a_code():
    assert len(set(STREAMS.values())) == len(STREAMS)
