"""The Section 3.4 case study of James (1998): Substitution against the tree on the 26-class
simulation, its table, Figure 2.6 (probability estimates) and Figure 3.1 (error against B).

One run (:func:`case_study`) feeds the table and both figures.
"""

import numpy as np
import pandas as pd

from ...reproduction.figures import plt, save_figure
from ...reproduction.io import read_json, write_json, write_table
from .gaussian_study import problem_of, substitution_case_study
from .settings import capped_training_sets

__all__ = ["build_case_study_figure", "build_case_study_table", "case_study", "case_study_summary"]


def case_study(config, outputs, draws=None):
    """The Section 3.4 run: per-set errors, Figure 2.6's averaged estimates, the scalars, and with
    the claims' ``draws`` (``outputs["draws"]``) the estimators on each draw of the training sets."""
    study = config["case_study"]
    problem = problem_of(config, study["problem"])
    trees = {"default": dict(config["trees"][study["tree"]])}
    errors, estimates, scalars, *on_draws = substitution_case_study(
        problem, capped_training_sets(config, study["training_sets"]), study["n_columns"],
        study["grid"], trees, config["options"], draws=draws)
    if on_draws:
        write_table(on_draws[0], outputs["draws"], sep="\t")
    write_table(errors, outputs["errors"])
    write_table(estimates, outputs["estimates"])
    write_json(scalars, outputs["scalars"])


def case_study_summary(errors, estimates, scalars):
    """Figure 2.6's least-squares line, Figure 3.1's mean errors, and the Section 3.4 table."""
    slope, intercept = np.polyfit(estimates["ecoc"], estimates["substitution"], 1)
    r2 = float(np.corrcoef(estimates["ecoc"], estimates["substitution"])[0, 1] ** 2)
    means = errors.groupby(["method", "B"], as_index=False, sort=False)["err"].mean()
    table = pd.DataFrame({
        "Classifier": ["Substitution PICT", "Tree Method"],
        "Var(p_i)": [scalars["var_S"], scalars["var_T"]],
        "alpha": [scalars["alpha_S"], scalars["alpha_T"]],
        "Var(p_i/alpha)": [scalars["ratio_S"], scalars["ratio_T"]],
    })
    return {"slope": float(slope), "intercept": float(intercept), "r2": r2}, means, table


def _read_case_study(inputs):
    errors = pd.read_csv(inputs["errors"], sep="\t")
    estimates = pd.read_csv(inputs["estimates"], sep="\t")
    scalars = read_json(inputs["scalars"])
    return errors, estimates, scalars


def build_case_study_table(inputs, published_path, scalars_path, outputs):
    """The Section 3.4 table beside the published one, plus γ, ρ, B* and the observed crossing."""
    errors, estimates, scalars = _read_case_study(inputs)
    _, _, table = case_study_summary(errors, estimates, scalars)
    write_table(table, outputs["table"])
    published = pd.read_csv(published_path).set_index("Classifier")
    rows = [{"quantity": f"{c} {q}", "published": float(published.loc[c, q]),
             "reproduced": float(v)}
            for c, row in table.set_index("Classifier").iterrows() for q, v in row.items()]
    pub_scalars = pd.read_csv(scalars_path).set_index("quantity")["published"]
    rows += [{"quantity": q, "published": float(pub_scalars[q]), "reproduced": scalars[q]}
             for q in ("gamma", "rho", "b_star")]
    rows.append({"quantity": "b_cross", "published": float("nan"),
                 "reproduced": float(scalars["b_cross"] or np.nan)})
    write_table(pd.DataFrame(rows), outputs["compare"])


#: What the thesis's text says of Figure 2.6 (no table prints it); the legend shows it beside the fit.
PUBLISHED_FIGURE_2_6 = "R² ≈ 0.95, disagreement < 4 %"


def build_case_study_figure(target, inputs, outputs):
    """Figure 2.6 (estimates) or Figure 3.1 (error against B) from the case-study run."""
    errors, estimates, scalars = _read_case_study(inputs)
    line, means, _ = case_study_summary(errors, estimates, scalars)
    if target == "figure_2_6":
        write_table(estimates, outputs["csv"])
        fig = plot_probability_estimates(estimates, line["slope"], line["intercept"], line["r2"],
                                         scalars["disagreement"])
    else:
        write_table(means, outputs["csv"])
        b_star = scalars["b_star"] if scalars["b_star"] is not None else float("inf")
        published = pd.read_csv(inputs["scalars_published"]).set_index("quantity")["published"]
        fig = plot_case_study_errors(means, b_star, float(published["b_star"]))
    save_figure(fig, outputs["png"], outputs["pdf"])


def plot_probability_estimates(estimates, slope, intercept, r2, disagreement):
    """Figure 2.6: averaged Substitution estimates against averaged ECOC estimates (q > 0.01)."""
    fig, ax = plt.subplots(figsize=(5.5, 5.5))
    ax.scatter(estimates["ecoc"], estimates["substitution"], s=3, alpha=0.3, color="black")
    lims = [min(estimates["ecoc"].min(), 0.0), 1.0]
    ax.plot(lims, lims, ":", color="grey", label="45° line")
    xs = np.linspace(*lims, 50)
    ax.plot(xs, intercept + slope * xs, color="tab:red",
            label=f"least squares: slope {slope:.3f}, R² = {r2:.3f}")
    ax.plot([], [], " ", label=f"published (Section 2.4.2 text): {PUBLISHED_FIGURE_2_6}")
    ax.set_xlabel("ECOC estimate D̄_i (averaged over training sets)")
    ax.set_ylabel("Substitution estimate p_i^S (averaged)")
    ax.set_title("Figure 2.6: Substitution against ECOC estimates\n"
                 f"(disagreement {100 * disagreement:.1f} %)")
    ax.legend()
    fig.tight_layout()
    return fig


def plot_case_study_errors(mean_errors, b_star, published_b_star=None):
    """Figure 3.1: test error against B (log axis) for Tree, Substitution and ECOC, with the bound
    B* of Section 3.4 from this run and, when given, as printed."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    tree = float(mean_errors.loc[mean_errors["method"] == "Tree", "err"].iloc[0])
    ax.axhline(tree, color="black", linestyle="--", label="Tree")
    for method in ("Substitution", "ECOC"):
        rows = mean_errors[mean_errors["method"] == method]
        ax.plot(rows["B"], rows["err"], marker="o", markersize=3, label=f"{method} PICT")
    if np.isfinite(b_star):
        ax.axvline(b_star, color="grey", linestyle=":", label=f"bound B* = {b_star:.1f}")
    if published_b_star is not None:
        ax.axvline(published_b_star, color="black", linestyle=(0, (1, 3)), linewidth=1.5,
                   label=f"published B* ≈ {published_b_star:g} (Section 3.4)")
    ax.set_xscale("log")
    ax.set_xlabel("B (log scale)")
    ax.set_ylabel("test error (%)")
    ax.set_title("Figure 3.1: 26-class simulation, test error against B")
    ax.legend()
    fig.tight_layout()
    return fig
