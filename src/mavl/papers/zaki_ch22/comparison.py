"""The numbers Zaki & Meira's Chapter 22 prints, beside their reproduction, as cells for the
framework's one rule (:mod:`mavl.reproduction.comparison`).

The chapter's copy prints only the bootstrap's probabilities (§22.2.2): P(x ∉ D_i) = (1 − 1/n)^n
≃ e^−1 = 0.368, P(x ∈ D_i) = 1 − 0.368 = 0.632, and "each bootstrap sample contains approximately
63.2 % of the points". Their uncertainty is the half-width of the printed rounding (0.0005).

* e^−1 and the exact (1 − 1/n)^n at n = 150 (Iris's size) are deterministic: no reproduced SE.
  P(x ∈ D_i) is the complement of the same computation, so its cells repeat P(x ∉ D_i)'s.
* The share of distinct points is measured on random bootstrap samples: the 10,000 simulated
  samples of 150 (``demo_bootstrap_probability``) and Algorithm 22.3's 50 samples of Iris, each with
  its SE over the samples.

Decision 8 (the published side's sampling error) does not apply: the printed numbers are
probabilities worked out from the formula, not means over replicates the chapter ran, so no cell
carries ``published_replicates``.
"""

import numpy as np
import pandas as pd

from ...reproduction.comparison import cell_frame, rounding_half_width
from . import PAPER

__all__ = ["bootstrap_cells"]

ROWS = {"p_not_drawn": "P(x ∉ D_i) = (1 − 1/n)^n ≃ e^−1",
        "p_drawn": "P(x ∈ D_i) = 1 − P(x ∉ D_i)",
        "distinct_share": "share of distinct points in a bootstrap sample"}
LIMIT, EXACT = "n → ∞ (e^−1)", "n = 150, exact"


def _deterministic(target, row, column, printed, value, source, repeat=""):
    return {"target": target, "row": ROWS[row], "column": column, "published": float(printed),
            "published_se": rounding_half_width(printed),
            "published_se_source": "half-width of the printed rounding", "reproduced": float(value),
            "reproduced_se": 0.0, "reproduced_se_source": source, "n_replicates": 1, "repeat_of": repeat}


def _sampled(target, column, printed, values_mean, se, n, what):
    return {"target": target, "row": ROWS["distinct_share"], "column": column, "published": float(printed),
            "published_se": rounding_half_width(printed),
            "published_se_source": "half-width of the printed rounding (63.2 %, as a fraction)",
            "reproduced": float(values_mean), "reproduced_se": float(se),
            "reproduced_se_source": f"SE over the {n} {what}", "n_replicates": int(n)}


def bootstrap_cells(probability_path, algorithm_path, published_path):
    """The chapter's three printed numbers beside the reproduction (a cell frame, not yet judged)."""
    printed = pd.read_csv(published_path, dtype=str).set_index("quantity")["printed"]
    table = pd.read_csv(probability_path).set_index("n")
    samples = pd.read_csv(algorithm_path)["distinct_fraction"].to_numpy(dtype=float)
    target = "demo_bootstrap_probability"
    exact = "none: (1 − 1/n)^n computed exactly (deterministic)"
    first = {c: f"{target}/{ROWS['p_not_drawn']}/{c}" for c in (LIMIT, EXACT)}
    at_150 = table.loc[150]
    rows = [
        _deterministic(target, "p_not_drawn", LIMIT, printed["p_not_drawn"], np.exp(-1),
                       "none: e^−1 (deterministic)"),
        _deterministic(target, "p_not_drawn", EXACT, printed["p_not_drawn"], at_150["p_not_drawn"], exact),
        _deterministic(target, "p_drawn", LIMIT, printed["p_drawn"], 1 - np.exp(-1),
                       "none: 1 − e^−1 (deterministic)", first[LIMIT]),
        _deterministic(target, "p_drawn", EXACT, printed["p_drawn"], at_150["p_drawn"], exact,
                       first[EXACT]),
        _sampled(target, "n = 150, simulated", printed["distinct_share"],
                 table["simulated_distinct_n150"].iloc[0], table["simulated_distinct_n150_se"].iloc[0],
                 table["simulated_samples"].iloc[0], "simulated bootstrap samples"),
        _sampled("algorithm_22_3", "Iris, Algorithm 22.3", printed["distinct_share"], samples.mean(),
                 samples.std(ddof=1) / np.sqrt(samples.size), samples.size, "bootstrap samples of Iris"),
    ]
    return cell_frame(PAPER, rows)
