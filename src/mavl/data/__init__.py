"""Data: checksummed UCI files, the canonical Letter and Vowel tables, simulated data, splits."""

from .concentric import bayes_error, sample_concentric
from .fetch import DataFileError, fetch, registry
from .loaders import VowelData, load_letter, load_vowel
from .splits import stratified_indices

__all__ = [
    "DataFileError",
    "VowelData",
    "bayes_error",
    "fetch",
    "load_letter",
    "load_vowel",
    "registry",
    "sample_concentric",
    "stratified_indices",
]
