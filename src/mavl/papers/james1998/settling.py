"""How fast ECOC's error settles as B grows: James (1998) §2.2.2, Figures 2.3 and 2.4.

Spec james-ch2 §6.6: independent random coding matrices in B groups (15, 26, 40, 70, 100, 200),
each matrix's test error averaged over several training sets; least-squares fits of
``a + b/√B`` to the first four groups and ``a + b/B`` to the last four, on the individual matrix
points. Unlike the error tables, the matrices here are *not* prefixes of one another: every point
is its own matrix, which is what the thesis's scatter shows.
"""

import numpy as np
import pandas as pd

from ...random import seed_int, stream
from ...reproduction.figures import plt, save_figure
from ...reproduction.io import write_json, write_table
from .experiments import draw_replicate
from .settings import experiment_spec, scale_caps

__all__ = ["CURVES", "build_settling_figures", "fit_settling_curves", "matrix_errors", "settling_claims",
           "settling_split"]

#: The two fitted curves: name -> (transform of B, which groups it is fitted to).
CURVES = {"1/sqrt(B)": (lambda b: 1.0 / np.sqrt(b), "first"),
          "1/B": (lambda b: 1.0 / b, "last")}


def matrix_codes(master_seed, n_classes, groups, per_group):
    """One independent random matrix per (group, index): ``[(B, index, code), ...]``."""
    from ...output_codes.codes import random_code  # as in settling_split

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
    from ...output_codes.ecoc import ECOCClassifier  # as in settling_split

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


def settling_split(config, replicate, output):
    """Figures 2.3/2.4: every matrix's ECOC error on one training set of the split experiment."""
    # The learners are imported where they are fitted: the figures and claims of this module,
    # run by jobs that fit nothing, then load no scikit-learn.
    from ...trees import STreeClassifier

    study = config["settling"]
    spec = experiment_spec(config, study["split_experiment"])
    X, y, X_test, y_test = draw_replicate(spec, replicate, config["master_seed"], config["options"])
    per_group = study["matrices_per_group"]
    cap = scale_caps(config).get("max_matrices_per_group")
    codes = matrix_codes(config["master_seed"], np.unique(y).size, study["groups"],
                         per_group if cap is None else min(per_group, cap))
    tree = STreeClassifier(**config["trees"][study["tree"]],
                           weight_semantics=config["options"]["tree_weight_semantics"])
    seed = np.random.SeedSequence([config["master_seed"], 23, int(replicate)]).generate_state(1)[0]
    frame = matrix_errors(X, y, X_test, y_test, codes, tree, int(seed))
    frame.insert(0, "replicate", int(replicate))
    write_table(frame, output)


def settling_points(paths):
    """Each matrix's error averaged over the training sets."""
    frames = pd.concat([pd.read_csv(p, sep="\t") for p in paths], ignore_index=True)
    return frames.groupby(["B", "matrix"], as_index=False)["err"].mean()


def settling_results(config, paths):
    groups = config["settling"]["groups"]
    points = settling_points(paths)
    fits = fit_settling_curves(points, groups)
    return points, fits, settling_claims(points, fits, groups)


def build_settling_figures(config, paths, outputs):
    """Figures 2.3 and 2.4 with their CSVs (matrix points, fits) and the CL-03 checks."""
    groups = config["settling"]["groups"]
    points, fits, claims = settling_results(config, paths)
    write_table(points, outputs["points"])
    write_table(fits, outputs["fits"])
    write_json(claims, outputs["claims"])
    save_figure(plot_settling(points, fits, groups), outputs["png_2_3"], outputs["pdf_2_3"])
    save_figure(plot_settling_panels(points, fits, groups), outputs["png_2_4"], outputs["pdf_2_4"])


def plot_settling(points, fits, groups):
    """Figure 2.3: each random matrix's error against B, with the 1/√B and 1/B fits."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.scatter(points["B"], points["err"], s=14, color="black", label="one random matrix")
    grid = np.linspace(min(groups), max(groups), 200)
    for (curve, (transform, _)), style in zip(CURVES.items(), ("-", "--"), strict=True):
        row = fits[(fits["curve"] == curve) & fits["thesis_fit"]].iloc[0]
        label = f"{row['a']:.1f} + {row['b']:.1f}·{curve.replace('1/', '/')} ({row['groups']} four groups)"
        ax.plot(grid, row["a"] + row["b"] * transform(grid), style, label=label)
    ax.set_xlabel("B (columns)")
    ax.set_ylabel("test error (%)")
    ax.set_title("Figure 2.3: ECOC error against B, independent random matrices")
    ax.legend()
    fig.tight_layout()
    return fig


def plot_settling_panels(points, fits, groups):
    """Figure 2.4: error against 1/√B and 1/B for the first and the last four groups, with R²."""
    fig, axes = plt.subplots(2, 2, figsize=(8, 6.5))
    sets = {"first": list(groups[:4]), "last": list(groups[-4:])}
    for r, (name, members) in enumerate(sets.items()):
        chosen = points[points["B"].isin(members)]
        for c, (curve, (transform, _)) in enumerate(CURVES.items()):
            ax = axes[r, c]
            x = transform(chosen["B"].to_numpy(float))
            ax.scatter(x, chosen["err"], s=12, color="black")
            row = fits[(fits["curve"] == curve) & (fits["groups"] == name)].iloc[0]
            xs = np.linspace(x.min(), x.max(), 50)
            ax.plot(xs, row["a"] + row["b"] * xs, color="tab:red")
            ax.set_title(f"B in {members}: R² = {row['r2']:.3f}")
            ax.set_xlabel(curve)
            ax.set_ylabel("test error (%)")
    fig.suptitle("Figure 2.4: linearity in 1/√B (left) and 1/B (right)")
    fig.tight_layout()
    return fig
