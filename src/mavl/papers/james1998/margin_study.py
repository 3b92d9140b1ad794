"""Chapter 4 of James (1998): AdaBoost.M1 margins on Letter and the Training, Schapire and Normal
models of the test-error curve (Figures 4.1-4.4, spec james-ch3-4 §3).

:func:`margin_split` fits one split and writes its curves and model fits; :func:`build_margin_figure`
draws one figure from the figure split.
"""

import numpy as np
import pandas as pd

from ...bias_variance.margins import (
    error_curve,
    fit_normal_model,
    fit_schapire_model,
    fit_training_model,
    lowess,
    nearest_training_points,
    staged_margins,
)
from ...reproduction.figures import figure_label, plt, save_figure
from ...reproduction.io import read_json, write_json, write_table
from .experiments import draw_replicate
from .settings import experiment_spec

__all__ = ["build_margin_figure", "margin_split"]


def margin_split(config, replicate, outputs):
    """Chapter 4 on one Letter split: AdaBoost margins per round and the three models' fits.

    Writes the per-B curves (CSV: test and training error, each model's prediction, raw and
    LOWESS-smoothed) and a JSON of parameters, RSS and the curves the claims read.
    """
    # The learners are imported where they are fitted: the figures and claims of this module,
    # run by jobs that fit nothing, then load no scikit-learn.
    from ...ensemble.boosting import AdaBoostM1Classifier
    from ...trees import STreeClassifier

    study, options = config["margins"], config["options"]
    spec = experiment_spec(config, study["split_experiment"])
    X, y, X_test, y_test = draw_replicate(spec, replicate, config["master_seed"], options)
    tree = STreeClassifier(**config["trees"][study["tree"]],
                           weight_semantics=options["tree_weight_semantics"])
    seed = np.random.SeedSequence([config["master_seed"], 4, int(replicate)]).generate_state(1)[0]
    boosting = AdaBoostM1Classifier(tree, n_estimators=study["rounds"], weighting="resample",
                                    error="standard", bad_round=options["bad_round"],
                                    eps_floor=options["eps_floor"], random_state=int(seed)).fit(X, y)
    if not (boosting.estimator_weights_ > 0).all():
        raise ValueError("margins need positive vote weights; a boosting round had epsilon >= 1/2 "
                         f"(split {replicate}); see the bad_round option.")
    train_margins = staged_margins(boosting, X, y)
    test_margins = staged_margins(boosting, X_test, y_test)
    te, tr = error_curve(test_margins), error_curve(train_margins)
    nn_index, nn_distance = nearest_training_points(X, X_test)
    fits = {"training": fit_training_model(te, tr),
            "schapire": fit_schapire_model(te, train_margins),
            "normal": fit_normal_model(te, train_margins, nn_index, nn_distance),
            "normal_beta1_nonnegative": fit_normal_model(te, train_margins, nn_index, nn_distance,
                                                         nonnegative_beta1=True)}
    B = np.arange(1, te.size + 1)
    frac = study["lowess_frac"]
    curves = {"B": B, "test_error": te, "train_error": tr}
    for name, fit in fits.items():
        curves[f"{name}_prediction"] = fit["prediction"]
    for name in list(curves)[1:]:
        curves[f"{name}_smoothed"] = lowess(B, curves[name], frac=frac)
    write_table(pd.DataFrame(curves), outputs["curves"])
    summary = {
        "split": int(replicate),
        "rss": {name: fit["rss"] for name, fit in fits.items()},
        "parameters": {name: {k: v for k, v in fit.items() if k not in ("prediction", "rss")}
                       for name, fit in fits.items()},
        "train_error_zero_from": int(B[np.argmax(tr == 0)]) if (tr == 0).any() else None,
        "test_error": te.tolist(), "smoothed_test": curves["test_error_smoothed"].tolist(),
        "training_prediction": fits["training"]["prediction"].tolist(),
        "schapire_prediction": fits["schapire"]["prediction"].tolist(),
        "vote_weights": {"min": float(boosting.estimator_weights_.min()),
                         "max": float(boosting.estimator_weights_.max())},
    }
    write_json(summary, outputs["summary"])
    save_figure(plot_margin_distribution(train_margins, test_margins), outputs["png"], outputs["pdf"])


def build_margin_figure(target, curves_path, summary_path, outputs):
    """One of Figures 4.1–4.4 from the figure split's curves."""
    curves = pd.read_csv(curves_path)
    summary = read_json(summary_path)
    models = {"figure_4_2": ("training", "Training Model"), "figure_4_3": ("schapire", "Schapire Model"),
              "figure_4_4": ("normal", "Normal Model")}
    columns = ["B", "test_error", "test_error_smoothed"]
    kwargs = {}
    if target in models:
        name, label = models[target]
        columns += [f"{name}_prediction", f"{name}_prediction_smoothed"]
        params = summary["parameters"][name]
        shown = ", ".join(f"{k} = {v:.4g}" for k, v in params.items() if isinstance(v, (int, float)))
        kwargs = {"model": curves[f"{name}_prediction"], "label": label,
                  "smoothed_model": curves[f"{name}_prediction_smoothed"],
                  "annotation": f"{shown}\nRSS = {summary['rss'][name]:.4f}"}
    write_table(curves[columns], outputs["csv"])
    title = f"{figure_label(target)}: AdaBoost.M1 on Letter (split {summary['split']})"
    fig = plot_margin_model(curves["B"], curves["test_error"], curves["test_error_smoothed"],
                            title=title, **kwargs)
    save_figure(fig, outputs["png"], outputs["pdf"])


def plot_margin_model(B, test_error, smoothed_test, model=None, smoothed_model=None, label=None,
                      annotation=None, title=""):
    """Figures 4.1–4.4: test error (raw points, LOWESS line) and optionally one model's prediction."""
    fig, ax = plt.subplots(figsize=(7, 4.5))
    ax.plot(B, test_error, ".", color="grey", markersize=4, label="test error")
    ax.plot(B, smoothed_test, color="tab:red", label="test error, smoothed")
    if model is not None:
        ax.plot(B, smoothed_model, color="tab:blue", label=f"{label}, smoothed")
    if annotation:
        ax.text(0.98, 0.95, annotation, transform=ax.transAxes, ha="right", va="top", fontsize=8)
    ax.set_xlabel("B (boosting rounds)")
    ax.set_ylabel("error rate")
    ax.set_title(title)
    ax.legend(loc="center right")
    fig.tight_layout()
    return fig


def plot_margin_distribution(train_margins, test_margins, rounds=(1, 5, 10, 20, 50, 100)):
    """Cumulative distributions of the training and test margins after selected rounds."""
    fig, axes = plt.subplots(1, 2, figsize=(9, 4), sharey=True)
    for ax, margins, name in ((axes[0], train_margins, "training"), (axes[1], test_margins, "test")):
        for b in (r for r in rounds if r <= margins.shape[0]):
            values = np.sort(margins[b - 1])
            ax.step(values, np.arange(1, values.size + 1) / values.size, where="post", label=f"B = {b}")
        ax.axvline(0, color="grey", linewidth=0.8, linestyle=":")
        ax.set_xlabel("margin")
        ax.set_title(f"{name} points")
    axes[0].set_ylabel("cumulative share of points")
    axes[1].legend()
    fig.suptitle("Margin distributions of AdaBoost.M1 on Letter")
    fig.tight_layout()
    return fig
