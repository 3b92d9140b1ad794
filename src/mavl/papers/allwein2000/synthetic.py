"""Figure 3: the |x|-threshold problem with k = 3..8 classes, the complete code against
one-against-all, multi-call discrete AdaBoost with single-polarity |x| thresholds (spec §5 figure_3).

Each (k, repetition) has its own stream. The average binary error, and the multiclass errors of
Hamming and of exp-loss decoding (expected error under uniform tie-breaking), are measured on a
fresh test sample labelled with the training thresholds.
"""

import numpy as np
import pandas as pd

from ...data import abs_threshold_sample
from ...ensemble.threshold_boosting import AbsThresholdStump, DiscreteAdaBoostClassifier
from ...output_codes.codes import make_code
from ...output_codes.decoders import expected_errors
from ...output_codes.ecoc import ECOCClassifier
from ...random import stream
from .experiments import decode

__all__ = ["SYNTHETIC_CODES", "run_synthetic", "summarise_synthetic"]

#: The two panels of Figure 3.
SYNTHETIC_CODES = ("complete", "one_vs_all")


def _errors(F, code, y):
    binary = float((np.sign(F) != code[y]).mean())   # sign 0 counts as a mistake
    out = {"avg_binary": binary}
    for name, decoding in (("hamming", "hamming"), ("loss", "loss_exp")):
        distances, atol = decode(F, code, decoding)
        out[name] = float(np.mean(expected_errors(distances, y, atol)))
    return out


def run_synthetic(cfg):
    """One row per (code, k, repetition): ``code, k, repetition, avg_binary, hamming, loss``."""
    study, rows = cfg["synthetic"], []
    for k in study["classes"]:
        for rep in range(study["repetitions"]):
            rng = stream(cfg["master_seed"], f"allwein2000/figure_3/k{k}", rep, "data")
            X, y, X_test, y_test = abs_threshold_sample(k, study["per_class"], rng)
            for family in SYNTHETIC_CODES:
                code = make_code(family, k)
                learner = DiscreteAdaBoostClassifier(AbsThresholdStump(polarity=study["polarity"]),
                                                     n_estimators=study["rounds"])
                model = ECOCClassifier(learner, code=code, decoder="hamming").fit(X, y)
                rows.append({"code": family, "k": k, "repetition": rep,
                             **_errors(model.column_outputs(X_test), code, y_test)})
    return pd.DataFrame(rows)


def summarise_synthetic(runs):
    """Mean and standard deviation over repetitions: ``code, k, avg_binary, hamming, loss`` and
    ``*_sd`` (the input of :func:`~mavl.papers.allwein2000.figures.plot_synthetic`)."""
    grouped = runs.groupby(["code", "k"], sort=False)[["avg_binary", "hamming", "loss"]]
    mean, sd = grouped.mean(), grouped.std(ddof=1).add_suffix("_sd")
    return pd.concat([mean, sd], axis=1).reset_index()
