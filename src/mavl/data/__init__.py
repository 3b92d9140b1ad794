"""Data: checksummed UCI files, the canonical Letter and Vowel tables, simulated data, splits."""

from .._lazy import lazy_exports

# Imported now, not on first use: `fetch` names both its module and its function, and importing the
# module (as the other loaders do) would otherwise leave the package's `fetch` the module.
from .fetch import DataFileError, fetch, registry  # noqa: F401  (in __all__)

#: The public names, each with its module, imported on first use (:mod:`mavl._lazy`): a job that
#: reads a data file loads neither the loaders it does not call nor scipy.stats and
#: scipy.integrate (the concentric data's Bayes error).
_MODULE_OF = {
    **dict.fromkeys(["abs_threshold_edges", "abs_threshold_labels", "abs_threshold_sample"],
                     "abs_threshold"),
    **dict.fromkeys(["bayes_error", "sample_concentric"], "concentric"),
    **dict.fromkeys(["VowelData", "load_letter", "load_vowel"], "loaders"),
    "stratified_indices": "splits",
    **dict.fromkeys(["GENERATORS", "bayes_posterior", "bayes_predict", "ringnorm",
                     "threenorm", "twonorm", "waveform", "waveform_shapes"], "synthetic"),
    **dict.fromkeys(["TWO_CLASS_GENERATORS", "WAVEFORM_TWO_CLASS_BAYES_ERROR", "p2",
                     "p2_class_fraction", "p2_labels", "p2_standardize", "signed_labels",
                     "waveform_two_class", "waveform_two_class_bayes_error",
                     "waveform_two_class_bayes_predict", "waveform_two_class_posterior"], "two_class"),
    **dict.fromkeys(["Dataset", "UCI_LOADERS", "load_breast_cancer_wisconsin", "load_dna",
                     "load_glass", "load_ionosphere", "load_letter_split", "load_pima", "load_satellite",
                     "load_soybean_large", "load_statlog_heart", "load_uci"], "uci"),
    **dict.fromkeys(["BINARY_DATASETS", "BinaryDataset", "load_binary", "load_grey_landsat",
                     "load_letter_two", "load_letter_two_noise", "load_musk", "load_spam", "standardize"],
                     "uci_binary"),
    **dict.fromkeys(["DataUnavailable", "MULTICLASS_DATASETS", "MulticlassDataset",
                     "load_multiclass"], "uci_multiclass"),
}

__all__ = sorted([*_MODULE_OF, "DataFileError", "fetch", "registry"])
__getattr__, __dir__ = lazy_exports(__name__, _MODULE_OF)
