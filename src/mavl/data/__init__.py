"""Data: checksummed UCI files, the canonical Letter and Vowel tables, simulated data, splits."""

from .abs_threshold import abs_threshold_edges, abs_threshold_labels, abs_threshold_sample
from .concentric import bayes_error, sample_concentric
from .fetch import DataFileError, fetch, registry
from .loaders import VowelData, load_letter, load_vowel
from .splits import stratified_indices
from .synthetic import (
    GENERATORS,
    bayes_posterior,
    bayes_predict,
    ringnorm,
    threenorm,
    twonorm,
    waveform,
    waveform_shapes,
)
from .uci import (
    UCI_LOADERS,
    Dataset,
    load_breast_cancer_wisconsin,
    load_dna,
    load_glass,
    load_ionosphere,
    load_letter_split,
    load_pima,
    load_satellite,
    load_soybean_large,
    load_statlog_heart,
    load_uci,
)

__all__ = [
    "abs_threshold_edges",
    "abs_threshold_labels",
    "abs_threshold_sample",
    "GENERATORS",
    "UCI_LOADERS",
    "DataFileError",
    "Dataset",
    "VowelData",
    "bayes_error",
    "bayes_posterior",
    "bayes_predict",
    "fetch",
    "load_breast_cancer_wisconsin",
    "load_dna",
    "load_glass",
    "load_ionosphere",
    "load_letter",
    "load_letter_split",
    "load_pima",
    "load_satellite",
    "load_soybean_large",
    "load_statlog_heart",
    "load_uci",
    "load_vowel",
    "registry",
    "ringnorm",
    "sample_concentric",
    "stratified_indices",
    "threenorm",
    "twonorm",
    "waveform",
    "waveform_shapes",
]
