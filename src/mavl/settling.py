"""How fast ECOC's error settles as B grows: James (1998) §2.2.2, Figures 2.3 and 2.4.

Spec james-ch2 §6.6: independent random coding matrices in B groups (15, 26, 40, 70, 100, 200),
each matrix's test error averaged over several training sets; least-squares fits of
``a + b/√B`` to the first four groups and ``a + b/B`` to the last four, on the individual matrix
points. Unlike the error tables, the matrices here are *not* prefixes of one another: every point
is its own matrix, which is what the thesis's scatter shows.
"""

import numpy as np
import pandas as pd

from .codes import random_code
from .ecoc import ECOCClassifier
from .random import seed_int, stream

__all__ = ["CURVES", "fit_settling_curves", "matrix_errors", "settling_claims"]

#: The two fitted curves: name -> (transform of B, which groups it is fitted to).
CURVES = {"1/sqrt(B)": (lambda b: 1.0 / np.sqrt(b), "first"),
          "1/B": (lambda b: 1.0 / b, "last")}


def matrix_codes(master_seed, n_classes, groups, per_group):
    """One independent random matrix per (group, index): ``[(B, index, code), ...]``."""
    codes = []
    for g, b in enumerate(groups):
        for m in range(per_group):
            rng = stream(master_seed, f"F23/{b}", g * per_group + m, "code")
            codes.append((int(b), m, random_code(n_classes, int(b), rng)))
    return codes


def matrix_errors(X, y, X_test, y_test, codes, tree, seed):
    """Test error (%) of ECOC (L1 decoding) with each matrix on one training set.

    Returns a DataFrame with columns B, matrix, err.
    """
    rows = []
    rng = np.random.default_rng(seed)
    for b, m, code in codes:
        model = ECOCClassifier(tree, n_estimators=b, code=code, random_state=seed_int(rng))
        rows.append((b, m, 100.0 * np.mean(model.fit(X, y).predict(X_test) != y_test)))
    return pd.DataFrame(rows, columns=["B", "matrix", "err"])


def _ols(x, y):
    slope, intercept = np.polyfit(x, y, 1)
    fitted = intercept + slope * x
    r2 = 1.0 - np.sum((y - fitted) ** 2) / np.sum((y - y.mean()) ** 2)
    return float(intercept), float(slope), float(r2)


def fit_settling_curves(points, groups):
    """Least-squares fits on the matrix points (B, err): both curves on both group sets.

    Parameters
    ----------
    points : DataFrame
        Columns B and err, one row per matrix (already averaged over training sets).
    groups : sequence of int
        The six B groups in increasing order; "first" is groups[:4], "last" groups[-4:].

    Returns
    -------
    DataFrame with one row per (curve, group set): a, b, r2, and whether it is the thesis's fit
    (1/√B on the first four groups, 1/B on the last four).
    """
    sets = {"first": list(groups[:4]), "last": list(groups[-4:])}
    rows = []
    for curve, (transform, own) in CURVES.items():
        for name, members in sets.items():
            chosen = points[points["B"].isin(members)]
            a, b, r2 = _ols(transform(chosen["B"].to_numpy(float)), chosen["err"].to_numpy(float))
            rows.append({"curve": curve, "groups": name, "a": a, "b": b, "r2": r2,
                         "thesis_fit": name == own})
    return pd.DataFrame(rows)


def predict_curve(fits, curve, B):
    """The thesis's fit of ``curve`` evaluated at ``B``."""
    row = fits[(fits["curve"] == curve) & fits["thesis_fit"]].iloc[0]
    return row["a"] + row["b"] * CURVES[curve][0](np.asarray(B, dtype=float))


def settling_claims(points, fits, groups):
    """CL-03 (a)-(d) of spec james-ch2 §7 on the matrix points."""
    means = points.groupby("B")["err"].mean()
    lo, hi = groups[0], groups[-1]
    sqrt_pred = {b: float(predict_curve(fits, "1/sqrt(B)", b)) for b in groups[-2:]}
    inv_at_lo = float(predict_curve(fits, "1/B", lo))
    r2 = fits.set_index(["curve", "groups"])["r2"]
    return {
        "a_sqrt_underpredicts_last_two": all(sqrt_pred[b] < means[b] for b in groups[-2:]),
        "b_inverse_overpredicts_first": inv_at_lo > means[lo],
        "c_r2_ordering": bool(r2["1/sqrt(B)", "first"] > r2["1/sqrt(B)", "last"]
                              and r2["1/B", "last"] > r2["1/B", "first"]),
        "d_late_drop_small": bool(means[groups[-2]] - means[hi]
                                  < 0.25 * (means[lo] - means[groups[-2]])),
        "group_means": {int(b): round(float(v), 3) for b, v in means.items()},
        "sqrt_fit_at": {int(b): round(v, 3) for b, v in sqrt_pred.items()},
        "inverse_fit_at_first": round(inv_at_lo, 3),
    }
