"""Tables 1-3 beside the published ones, and the extras (code properties, bound check).

Tables 2 and 3 are long: one row per (decoding, problem, code) with the published value, the
reproduced headline (the last round read, for AdaBoost), the binomial standard error and 95 %
interval of the pooled test error, the error at every round read, and a ``status`` saying why a
cell has no reproduced number (the paper did not run it, its data are unavailable, this scale
skips it).
"""

import numpy as np
import pandas as pd

from ...data.uci_multiclass import load_multiclass
from ...output_codes.codes import code_distance
from ...reproduction.comparison import binomial_se
from ...reproduction.io import read_results
from .experiments import problem_code
from .preprocess import table_1 as computed_table_1
from .settings import jobs

__all__ = ["STATUS", "bound_check", "code_properties", "error_table", "long_published", "table_1"]

#: Why a cell has no reproduced number.
STATUS = {"paper": "not run in the paper", "data": "not reproduced: data unavailable",
          "scale": "not run at this scale"}


def table_1(cfg, published):
    """Table 1 computed from the loaded data beside the printed one (``published_*`` columns)."""
    ours = computed_table_1()
    printed = published.rename(columns={c: f"published_{c}" for c in published.columns if c != "problem"})
    return printed.merge(ours, on="problem", how="left")


def long_published(wide):
    """The printed table (decoding, problem, one column per code) as rows (decoding, problem, code)."""
    return wide.melt(id_vars=["decoding", "problem"], var_name="code", value_name="published")


def _status(cfg, learner, problem, code, published):
    if problem in cfg["unavailable"]:
        return STATUS["data"]
    if (problem, code) in jobs(cfg, learner):
        return ""
    return STATUS["paper"] if np.isnan(published) else STATUS["scale"]


def error_table(cfg, learner, published_wide, result_paths):
    """Table 2 (``learner="adaboost"``) or 3 (``"svm"``): published beside reproduced, per cell."""
    results = read_results(result_paths)
    # The table's rounds only: a job also read the rounds its data set's sweeps read (main_job_rounds).
    results = results[results["rounds"].isin(cfg["adaboost"]["rounds"] if learner == "adaboost" else [0])]
    headline = results["rounds"].max()
    table = long_published(published_wide)
    table = table[table["decoding"].isin(cfg[learner]["decodings"])].reset_index(drop=True)
    table["status"] = [_status(cfg, learner, p, c, v)
                       for p, c, v in zip(table["problem"], table["code"], table["published"], strict=True)]
    keys = ["decoding", "problem", "code"]
    final = results[results["rounds"] == headline].rename(columns={"error": "reproduced"})
    table = table.merge(final[[*keys, "reproduced", "n_test", "lowest_index_error", "tie_rate"]],
                        on=keys, how="left")
    table["se"] = binomial_se(table["reproduced"], table["n_test"])
    table["ci_low"] = table["reproduced"] - 1.96 * table["se"]
    table["ci_high"] = table["reproduced"] + 1.96 * table["se"]
    table["difference"] = table["reproduced"] - table["published"]
    table["within_95"] = (table["published"] >= table["ci_low"]) & (table["published"] <= table["ci_high"])
    if learner == "adaboost":
        by_round = results.pivot_table(index=keys, columns="rounds", values="error").add_prefix("error_T")
        table = table.merge(by_round.reset_index(), on=keys, how="left")
    return table


def code_properties(cfg):
    """For every (data set, code) of Table 2: ℓ, ρ computed and by formula, zero share, ℓ/ρ."""
    formula = {"one_vs_all": lambda k, ell: 2.0, "all_pairs": lambda k, ell: (ell + 1) / 2,
               "complete": lambda k, ell: float(2 ** (k - 2))}
    rows = []
    for data_set, family in jobs(cfg, "adaboost"):
        k = load_multiclass(data_set).n_classes
        code = problem_code(cfg, data_set, family, k)
        ell, rho = code.shape[1], code_distance(code)
        rows.append({"problem": data_set, "k": k, "code": family, "columns": ell, "rho": rho,
                     "rho_formula": formula[family](k, ell) if family in formula else np.nan,
                     "zero_share": float((code == 0).mean()), "ell_over_rho": ell / rho})
    return pd.DataFrame(rows)


def bound_check(paths):
    """Every fit's training error beside its Theorem 1 / Corollary 2 bound (``holds`` must be true)."""
    return read_results(paths)
