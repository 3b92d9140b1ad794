"""The Section 3.4 case study of James (1998): Substitution against the tree on the 26-class
simulation (spec james-ch3-4 §2.6–2.7). The run, its estimators (α, Var(p_i), γ, ρ and the bound B*)
with their jackknife SE and their values on the claims' draws of the training sets, the Section 3.4
table, Figure 2.6 (probability estimates) and Figure 3.1 (error against B).

One run (:func:`case_study`) feeds the table and both figures.
"""

import numpy as np
import pandas as pd

from ...random import argmax_random_ties, row_keys, seed_int
from ...reproduction.figures import plt, save_figure
from ...reproduction.io import read_json, write_json, write_table
from .gaussian_study import METHOD_CODES, problem_of
from .settings import capped

__all__ = ["DRAW_COLUMNS", "build_case_study_figure", "build_case_study_table", "case_study",
           "case_study_on_draws", "case_study_summary", "crossing", "figure_2_6_line", "jackknife_se",
           "published_scalars", "shrinkage_estimates", "substitution_case_study"]


#: Columns of the per-draw frame (``raw/case_study/draws.tsv``).
DRAW_COLUMNS = ["draw", "alpha_T", "alpha_S", "var_T", "var_S", "ratio_T", "ratio_S", "gamma", "rho",
                "b_star", "b_cross", "slope", "r2", "disagreement"]


def case_study(config, outputs, draws=None):
    """The Section 3.4 run: per-set errors, Figure 2.6's averaged estimates, the scalars, and with
    the claims' ``draws`` (``outputs["draws"]``) the estimators on each draw of the training sets."""
    study = config["case_study"]
    problem = problem_of(config, study["problem"])
    trees = {"default": dict(config["trees"][study["tree"]])}
    errors, estimates, scalars, *on_draws = substitution_case_study(
        problem, capped(config, study["training_sets"], "max_training_sets"), study["n_columns"],
        study["grid"], trees, config["options"], draws=draws)
    if on_draws:
        write_table(on_draws[0], outputs["draws"], sep="\t")
    write_table(errors, outputs["errors"])
    write_table(estimates, outputs["estimates"])
    write_json(scalars, outputs["scalars"])


def substitution_case_study(problem, n_training_sets, n_columns, grid, trees, options, draws=None):
    """Tree, Substitution and ECOC on the same super-group trees (spec §2.6, Figures 2.6, 3.1).

    Each training set ``t`` gets its own random 0/1 coding matrix from ``problem.code_rng(t)``;
    ECOC (L1 decoding) and Substitution read the same trees, every B of ``grid`` from prefixes.
    With the claims' ``draws``, also returns ``on_draws`` (:func:`case_study_on_draws`).

    Returns
    -------
    errors : DataFrame
        Columns training_set, method, B, err (percent, realised test labels).
    estimates : DataFrame
        Pairs (test point, class) with q > 0.01: q, ECOC's D̄_i and Substitution's p_i^S with all
        columns, each averaged over training sets (Figure 2.6).
    scalars : dict
        :func:`shrinkage_estimates` plus their :func:`jackknife_se` over the training sets
        (``jackknife_se``), ``training_sets``, the Figure 2.6 disagreement rate and the observed
        crossing B (smallest grid B where Substitution beats the tree on average).
    """
    # The learners are imported where they are fitted: the tables, figures and claims of this module,
    # run by jobs that fit nothing, then load no scikit-learn.
    from ...output_codes.codes import random_code
    from ...output_codes.decoders import l1_scores
    from ...output_codes.ecoc import ECOCClassifier
    from ...trees import STreeClassifier

    q, X_test, y_test = problem.q_test, problem.X_test, problem.y_test
    n, k = q.shape
    semantics = options["tree_weight_semantics"]
    tree_probas = np.empty((n_training_sets, n, k))
    sub_probas = np.empty((n_training_sets, n_columns, n, k), dtype=np.float32)
    ecoc_mean, sub_mean = np.zeros((n, k)), np.zeros((n, k))
    ecoc_sets, sub_sets = np.empty((n_training_sets, n, k)), np.empty((n_training_sets, n, k))
    rows, disagree = [], np.zeros(n_training_sets, dtype=np.int64)
    keys = row_keys(X_test, k, problem.seed)    # seeded, batch-independent tie-breaking
    for t in range(n_training_sets):
        X, y = problem.training_set(t)
        seed = seed_int(problem.classifier_rng(t, METHOD_CODES["Tree"]))
        tree = STreeClassifier(**trees["default"], weight_semantics=semantics, random_state=seed)
        tree.fit(X, y)
        tree_probas[t] = tree.predict_proba(X_test)
        rows.append((t, "Tree", 1, 100.0 * np.mean(tree.predict(X_test) != y_test)))
        code = random_code(k, n_columns, problem.code_rng(t))
        ecoc = ECOCClassifier(tree, n_estimators=n_columns, code=code,
                              tie_break=options["tie_break"],
                              random_state=seed_int(problem.classifier_rng(t, METHOD_CODES["ECOC"])))
        ecoc.fit(X, y)
        fractions = ecoc.column_class_fractions(X_test)             # (n, B, k)
        sub_probas[t] = fractions.transpose(1, 0, 2)
        running = np.cumsum(fractions, axis=1)
        P = ecoc.column_probas(X_test)
        for b in grid:
            sub = argmax_random_ties(running[:, b - 1] / b, keys)
            ecoc_pred = argmax_random_ties(l1_scores(P[:, :b], code[:, :b]), keys)
            rows.append((t, "Substitution", b, 100.0 * np.mean(sub != y_test)))
            rows.append((t, "ECOC", b, 100.0 * np.mean(ecoc_pred != y_test)))
        d_bar = l1_scores(P, code)
        p_sub = running[:, -1] / n_columns
        ecoc_mean += d_bar / n_training_sets
        sub_mean += p_sub / n_training_sets
        ecoc_sets[t], sub_sets[t] = d_bar, p_sub
        ecoc_right = argmax_random_ties(d_bar, keys) == y_test
        sub_right = argmax_random_ties(p_sub, keys) == y_test
        disagree[t] = np.sum(ecoc_right != sub_right)
    errors = pd.DataFrame(rows, columns=["training_set", "method", "B", "err"])
    mask = q > 0.01
    point, klass = np.nonzero(mask)
    estimates = pd.DataFrame({"point": point, "class": klass, "q": q[mask],
                              "ecoc": ecoc_mean[mask], "substitution": sub_mean[mask]})
    scalars = shrinkage_estimates(q, tree_probas, sub_probas)
    scalars["jackknife_se"] = jackknife_se(q, tree_probas, sub_probas)
    scalars["training_sets"] = n_training_sets
    scalars["disagreement"] = int(disagree.sum()) / (n_training_sets * n)
    scalars["b_cross"] = crossing(errors.groupby(["method", "B"])["err"].mean(), grid)
    if draws is None:
        return errors, estimates, scalars
    return errors, estimates, scalars, case_study_on_draws(
        draws, q, tree_probas, sub_probas, ecoc_sets, sub_sets, disagree, errors, grid)


def shrinkage_estimates(q, tree_probas, substitution_probas, mask_threshold=0.01):
    """The Section 3.4 estimators (spec §2.7): α, Var(p_i), γ, ρ and the bound B*.

    Parameters
    ----------
    q : ndarray (n, k)
        Exact posteriors at the test points.
    tree_probas : ndarray (T, n, k)
        k-class tree leaf proportions on each training set.
    substitution_probas : ndarray (T, B, n, k)
        Each Substitution tree's proportions p_ij on each training set.
    mask_threshold : float
        Only pairs (x, i) with q_i(x) above it enter (the same restriction as Figure 2.6).

    Returns
    -------
    dict with alpha_T, alpha_S, var_T, var_S, ratio_T (Var/α²), ratio_S, gamma, rho, b_star.
    """
    mask = q > mask_threshold
    qa = q[mask]
    pt = tree_probas[:, mask]                              # (T, m)
    ps = substitution_probas[:, :, mask]                   # (T, B, m)
    n_sets, n_cols = ps.shape[:2]

    def slope(values):
        x = np.broadcast_to(qa, values.shape).ravel()
        return float(np.polyfit(x, values.ravel().astype(float), 1)[0])

    alpha_t, alpha_s = slope(pt), slope(ps)
    var_t = float(np.mean(pt.var(axis=0, ddof=1)))
    var_s_points = ps.reshape(n_sets * n_cols, -1).var(axis=0, ddof=1)
    within = ps.var(axis=1, ddof=1).mean(axis=0)           # mean over t of var over columns
    var_s = float(np.mean(var_s_points))
    rho = float(np.mean(var_s_points - within)) / var_s
    ratio_t, ratio_s = var_t / alpha_t**2, var_s / alpha_s**2
    gamma = ratio_t / ratio_s
    b_star = (1.0 - rho) / (gamma - rho) if rho < gamma else float("inf")
    return {"alpha_T": alpha_t, "alpha_S": alpha_s, "var_T": var_t, "var_S": var_s,
            "ratio_T": ratio_t, "ratio_S": ratio_s, "gamma": gamma, "rho": rho, "b_star": b_star}


def jackknife_se(q, tree_probas, substitution_probas, mask_threshold=0.01):
    """Jackknife SE of every :func:`shrinkage_estimates` scalar over the training sets.

    Each estimate pools the T training sets; leaving one set out at a time gives T estimates
    θ_(t), and SE = sqrt((T − 1)/T · Σ_t (θ_(t) − mean θ_(·))²). NaN with fewer than three sets
    or where a left-out estimate is not finite (B* when ρ ≥ γ).
    """
    n_sets = tree_probas.shape[0]
    if n_sets < 3:
        return {}
    keep = [np.delete(np.arange(n_sets), t) for t in range(n_sets)]
    runs = pd.DataFrame([shrinkage_estimates(q, tree_probas[k], substitution_probas[k], mask_threshold)
                         for k in keep])
    spread = ((runs - runs.mean()) ** 2).sum()
    se = np.sqrt((n_sets - 1) / n_sets * spread)
    return {key: (float(v) if np.isfinite(v) and np.isfinite(runs[key]).all() else None)
            for key, v in se.items()}


def crossing(mean_err, grid):
    """The smallest grid B where Substitution's mean error is below the tree's (None: nowhere).
    ``mean_err``: mean percent error by (method, B)."""
    tree = mean_err["Tree"].iloc[0]
    below = [b for b in grid if mean_err["Substitution"][b] < tree]
    return int(min(below)) if below else None


def case_study_on_draws(draws, q, tree_probas, sub_probas, ecoc_sets, sub_sets, disagreements, errors, grid):
    """The case study on the claims' bootstrap draws of its training sets (spec README, decision 4):
    one row of :data:`DRAW_COLUMNS` per draw, the estimators NaN on a draw of one distinct set.

    The estimators, Figure 2.6's line and disagreement and Figure 3.1's crossing pool the training
    sets (a variance over them, a mean of their probabilities), so a draw recomputes them from the
    per-set arrays the run holds in memory, never from its means.

    Parameters
    ----------
    draws : Resamples
    q : ndarray (n, k)
        Exact posteriors at the test points.
    tree_probas, sub_probas : ndarray (T, n, k), (T, B, n, k)
        The tree's and each Substitution tree's proportions on every training set.
    ecoc_sets, sub_sets : ndarray (T, n, k)
        Figure 2.6's estimates of every training set (ECOC's D̄_i, Substitution's p_i with all columns).
    disagreements : ndarray (T,)
        Test points where ECOC and Substitution disagree on being right, per training set.
    errors : DataFrame
        The case study's ``training_set, method, B, err`` rows.
    grid : sequence of int
    """
    mask = q > 0.01
    # Only the pairs the estimators read, once: a draw then copies (T, B, m), not (T, B, n, k).
    qm, pt, ps = q[mask], tree_probas[:, mask], sub_probas[:, :, mask]
    ecoc_m, sub_m = ecoc_sets[:, mask], sub_sets[:, mask]
    per_set = errors.pivot_table(index="training_set", columns=["method", "B"], values="err", sort=False)
    n_sets, n_points = tree_probas.shape[0], q.shape[0]
    rows = []
    for b in range(len(draws)):
        picks = draws.indices(b, n_sets)
        ecoc, sub = ecoc_m[picks].mean(axis=0), sub_m[picks].mean(axis=0)
        line = figure_2_6_line(ecoc, sub)
        mean_err = per_set.iloc[picks].mean()
        # A variance over the sets needs two of them: a draw of one set estimates nothing (NaN).
        scalars = shrinkage_estimates(qm, pt[picks], ps[picks]) if np.unique(picks).size > 1 else {}
        rows.append({"draw": b, **scalars, "b_cross": crossing(mean_err, grid),
                     "slope": line["slope"], "r2": line["r2"],
                     "disagreement": disagreements[picks].sum() / (n_sets * n_points)})
    return pd.DataFrame(rows).reindex(columns=DRAW_COLUMNS)


def figure_2_6_line(ecoc, substitution):
    """Figure 2.6's least-squares line of the Substitution estimates on ECOC's, and its R²:
    ``{"slope", "intercept", "r2"}``."""
    slope, intercept = np.polyfit(ecoc, substitution, 1)
    r2 = float(np.corrcoef(ecoc, substitution)[0, 1] ** 2)
    return {"slope": float(slope), "intercept": float(intercept), "r2": r2}


def case_study_summary(errors, estimates, scalars):
    """Figure 2.6's least-squares line, Figure 3.1's mean errors, and the Section 3.4 table."""
    line = figure_2_6_line(estimates["ecoc"], estimates["substitution"])
    means = errors.groupby(["method", "B"], as_index=False, sort=False)["err"].mean()
    table = pd.DataFrame({
        "Classifier": ["Substitution PICT", "Tree Method"],
        "Var(p_i)": [scalars["var_S"], scalars["var_T"]],
        "alpha": [scalars["alpha_S"], scalars["alpha_T"]],
        "Var(p_i/alpha)": [scalars["ratio_S"], scalars["ratio_T"]],
    })
    return line, means, table


def published_scalars(path):
    """The printed γ, ρ and B* of Section 3.4 (``scalars_sec_3_4.csv``): a Series by quantity."""
    return pd.read_csv(path).set_index("quantity")["published"]


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
    pub_scalars = published_scalars(scalars_path)
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
        published = published_scalars(inputs["scalars_published"])
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
