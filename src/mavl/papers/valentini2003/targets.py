"""The workflow's entry points: one family job from the resolved settings, and per chapter one pass
that derives every table and figure from the jobs' tidy frames. Each output records its scale."""

import pandas as pd

from mavl.reproduction.io import write_table

from . import chapter4_figures, chapter4_figures_more, chapter5_figures, chapter5_figures_more
from .chapter4 import run_family
from .chapter4_published import published_points
from .chapter4_table import table_4_2
from .chapter5 import run_ensembles
from .chapter5_tables import table_5
from .chapter6 import run_lobag_pair, run_lobag_replicates
from .chapter6_tables import figure_6_1, table_6_1, table_6_2
from .p2_surface import run_p2_surface
from .settings import grid
from .static import TARGETS as STATIC_TARGETS

__all__ = ["CH4_FIGURES", "CH5_FIGURES", "build_ch4_targets", "build_ch5_targets", "build_ch6_targets",
           "final_targets", "run_ch4_job", "run_ch5_job", "run_ch6_job", "run_ensemble_jobs",
           "run_family_job", "run_surface_job"]

#: Figures 4.5-4.25 that read the F1-F3 frames; 4.8-4.10 read the P2 surface.
SURFACE_FIGURES = ("figure_4_8", "figure_4_9", "figure_4_10")
#: The curve figures whose panels can hold published points (Table 4.2, the P2 errors).
MARKED_FIGURES = (*chapter4_figures.CURVE_FIGURES, "figure_4_21", "figure_4_22")
CH4_FIGURES = tuple(f"figure_4_{n}" for n in range(5, 26))
#: Figures 5.4-5.12 and 5.15-5.25 read the F5/F6 frames (5.1-5.3, 5.13, 5.14 are listings).
CH5_FIGURES = tuple(f"figure_5_{n}" for n in [*range(4, 13), *range(15, 26)])
#: Chapter 5's tables: the method each compares with the single SVM.
CH5_TABLES = {"table_5_1": "bagging", "table_5_2": "randagg"}


def _common(cfg, data_set, kernel):
    """The data and SVM arguments every family job takes from the resolved settings."""
    return dict(sample_size=cfg["sample_size"], test_cap=cfg["max_test"], train_cap=cfg["max_train"],
                seed=cfg["master_seed"], rbf_gamma_rule=cfg["options"]["rbf_gamma_rule"],
                normalisation=cfg["normalisation"][data_set][kernel], split_seed=cfg["split_seed"],
                synthetic_test_size=cfg["synthetic_test_size"],
                e1_amplitude=cfg["options"]["e1_amplitude"], svm=_svm(cfg))


def _svm(cfg):
    return {key: cfg["svm"][key] for key in ("tol", "max_iter", "cache_size")}


def run_ch4_job(cfg, data_set, kernel, draws=None):
    """F1 (rbf), F2 (poly) or F3 (linear) on one data set at the resolved scale (spec §4.0); with the
    claims' ``draws``, also the decompositions on each draw of the samples (:func:`.chapter4.run_family`)."""
    values = grid(cfg, "ch4", kernel)
    other = {"rbf": "sigma", "poly": "degree"}.get(kernel)
    frame = run_family(
        data_set, kernel, C_grid=values["C"], values=values[other] if other else None,
        n_samples=cfg["chapter4"]["n_samples"][data_set], route=cfg["svm"]["route"],
        # The support-vector and VC columns cost a refit; only Figs 4.13-4.14 read them.
        capacity=kernel == "rbf" and data_set in ("letter_two", "grey_landsat"),
        noise_protocol=cfg["options"]["noise_protocol"], draws=draws, **_common(cfg, data_set, kernel))
    if draws is None:
        return frame.assign(scale=cfg["scale"])
    return frame[0].assign(scale=cfg["scale"]), frame[1]


def run_ch5_job(cfg, family, data_set, kernel, draws=None):
    """F5 (``ch5_bag``) or F6 (``ch5_ra``) on one data set and kernel at the resolved scale; with the
    claims' ``draws``, also its decompositions on each draw of the ensembles (:mod:`.chapter5_draws`)."""
    options = cfg["options"]
    frame = run_ensembles(
        data_set, kernel, {"ch5_bag": "bagging", "ch5_ra": "randagg"}[family], grid=grid(cfg, family, kernel),
        n_ensembles=cfg["chapter5"]["n_ensembles"], n_members=cfg["chapter5"]["n_members"],
        synthetic_ra=options["synthetic_ra"], synthetic_pool_size=options["synthetic_pool_size"],
        vote_ties=options["vote_ties"], main_prediction_ties=options["main_prediction_ties"], draws=draws,
        **_common(cfg, data_set, kernel))
    if draws is None:
        return frame.assign(scale=cfg["scale"])
    return frame[0].assign(scale=cfg["scale"]), frame[1]


#: The family each output of the rules valentini_ch5 and valentini_ch6 holds.
ENSEMBLE_OUTPUTS = {"bag": "ch5_bag", "ra": "ch5_ra", "pair": "ch6_lobag_pair", "rep": "ch6_lobag_rep"}


def run_family_job(cfg, family, data_set, kernel):
    """The tidy frame of one family (any of ``FAMILIES`` but the P2 surface) on one data set and kernel."""
    if family == "ch4":
        return run_ch4_job(cfg, data_set, kernel)
    run = run_ch5_job if family.startswith("ch5") else run_ch6_job
    return run(cfg, family, data_set, kernel)


def run_ensemble_jobs(cfg, data_set, kernel, outputs, draws=None):
    """Run the family of each named output (:data:`ENSEMBLE_OUTPUTS`) on one data set and kernel; an
    output ``<name>_draws`` beside a chapter-5 family gets its frame on the claims' ``draws``."""
    for name, family in ENSEMBLE_OUTPUTS.items():
        if name not in outputs:
            continue
        if f"{name}_draws" in outputs:
            frame, per_draw = run_ch5_job(cfg, family, data_set, kernel, draws)
            write_table(per_draw, outputs[f"{name}_draws"], sep="\t")
        else:
            frame = run_family_job(cfg, family, data_set, kernel)
        write_table(frame, outputs[name], sep="\t")


def run_surface_job(cfg):
    """F4: the P2 surface at the drawn settings and the checked ones (Figs 4.8-4.10, Q4.12)."""
    pairs = [tuple(p) for p in cfg["p2_surface"]["settings"] + cfg["p2_surface"]["checks"]]
    errors, surface = run_p2_surface(
        pairs=pairs, seed=cfg["master_seed"], sample_size=cfg["sample_size"],
        n_test=cfg["synthetic_test_size"], grid_step=cfg["p2_surface"]["grid_step"],
        rbf_gamma_rule=cfg["options"]["rbf_gamma_rule"], e1_amplitude=cfg["options"]["e1_amplitude"],
        svm=_svm(cfg))
    return errors.assign(scale=cfg["scale"]), surface


def _frames(paths):
    return pd.concat([pd.read_csv(p, sep="\t") for p in paths], ignore_index=True)


def _write_figures(targets, outputs, draw):
    """Draw each target to its PNG and write its frame: ``outputs`` holds one (csv, png) pair per target."""
    for target, (csv, png) in zip(targets, outputs, strict=True):
        write_table(draw(target, png), csv)


def build_ch4_targets(cfg, paths, surface_paths, published, table_path, figure_outputs):
    """Table 4.2 and Figures 4.5-4.25 from every F1-F3 job and the F4 surface, in one pass.

    ``surface_paths``: F4's (errors, surface) files; ``published``: Table 4.2's published frame and
    the P2 errors read off Figs 4.8-4.12, as {"table_4_2": …, "p2_errors": …}; ``figure_outputs``
    one (csv, png) pair per :data:`CH4_FIGURES` entry.
    """
    frame = _frames(paths)
    errors, surface = (pd.read_csv(path, sep="\t") for path in surface_paths)
    write_table(table_4_2(frame, published["table_4_2"]).assign(scale=cfg["scale"]), table_path)
    points = published_points(published["table_4_2"], published["p2_errors"])

    def draw(target, png):
        module = chapter4_figures if hasattr(chapter4_figures, target) else chapter4_figures_more
        if target in SURFACE_FIGURES:
            drawn = getattr(module, target)(surface, png, errors=errors, published=published["p2_errors"])
            return drawn.assign(scale=cfg["scale"])
        extra = {"published": points} if target in MARKED_FIGURES else {}
        if target == "figure_4_6":
            extra["unspecified_C"] = cfg["options"]["figure_4_6_C"]
        return getattr(module, target)(frame, png, **extra).assign(scale=cfg["scale"])

    _write_figures(CH4_FIGURES, figure_outputs, draw)


def build_ch5_targets(cfg, paths, published, inconsistent, table_outputs, figure_outputs):
    """Tables 5.1/5.2 and Figures 5.4-5.12, 5.15-5.25 from every F5 and F6 job, in one pass.

    ``published`` maps each table id to its published frame; ``table_outputs`` maps it to the path of
    the table under the config's row rule (A13) and the path of its ``same_parameter`` supplement.
    """
    frame = _frames(paths)
    for target, (path, supplement) in table_outputs.items():
        for rule, out in ((cfg["options"]["table_5_row_rule"], path), ("same_parameter", supplement)):
            table = table_5(frame, CH5_TABLES[target], published[target], inconsistent, rule)
            write_table(table.assign(scale=cfg["scale"]), out)

    def draw(target, png):
        if hasattr(chapter5_figures, target):
            return getattr(chapter5_figures, target)(frame, png).assign(scale=cfg["scale"])
        # Figures 5.24 and 5.25 summarise Tables 5.1/5.2 and show the printed values beside them.
        drawn = getattr(chapter5_figures_more, target)(frame, png, published=published)
        return drawn.assign(scale=cfg["scale"])

    _write_figures(CH5_FIGURES, figure_outputs, draw)


def run_ch6_job(cfg, family, data_set, kernel):
    """F7 (``ch6_lobag_pair``, Table 6.1) or F8 (``ch6_lobag_rep``, Table 6.2) on one data set and kernel."""
    options, common = cfg["options"], _common(cfg, data_set, kernel)
    lobag = dict(grid=grid(cfg, family, kernel), shared_bootstrap=options["shared_bootstrap"],
                 main_prediction_ties=options["main_prediction_ties"], vote_ties=options["vote_ties"])
    if family == "ch6_lobag_pair":
        frame = run_lobag_pair(data_set, kernel, B=cfg["lobag_pair"]["B"],
                               mcnemar_levels=options["mcnemar_levels"], **lobag, **common)
    else:
        frame = run_lobag_replicates(data_set, kernel, B=cfg["lobag_rep"]["B"],
                                     replicates=cfg["lobag_rep"]["replicates"], **lobag, **common)
    return frame.assign(scale=cfg["scale"])


def build_ch6_targets(cfg, pair_paths, rep_paths, published, table_outputs, figure_output):
    """Tables 6.1 (F7) and 6.2 (F8), and Figure 6.1 drawn from the computed Table 6.1.

    ``published`` and ``table_outputs`` map ``table_6_1``/``table_6_2`` to the published frame and the
    output path; ``figure_output`` is Figure 6.1's (csv, png) pair.
    """
    table = table_6_1(_frames(pair_paths), published["table_6_1"]).assign(scale=cfg["scale"])
    write_table(table, table_outputs["table_6_1"])
    table = table_6_2(_frames(rep_paths), published["table_6_2"], ttest_level=cfg["options"]["ttest_level"])
    write_table(table.assign(scale=cfg["scale"]), table_outputs["table_6_2"])
    csv, png = figure_output
    # Read back what was written, so the figure draws exactly the committed table's numbers.
    write_table(figure_6_1(pd.read_csv(table_outputs["table_6_1"]), png, published["table_6_1"])
                .assign(scale=cfg["scale"]), csv)


def final_targets(config):
    """The files rule ``valentini2003`` asks for (``config``: the paper's settings, unused: the list
    is the same at every scale); the report's path depends on the shared scale and is the rules' to add.

    The static targets and Figures 4.5-4.25 and 5.4-5.25 as CSV, PNG and (figures) PDF, the
    computed tables, the row-rule supplements of Tables 5.1/5.2, and the comparison.
    """
    out = [f"results/valentini2003/{t}.{ext}" for t in STATIC_TARGETS for ext in ("csv", "png")]
    out += [f"results/valentini2003/{t}.pdf" for t in STATIC_TARGETS if t.startswith("figure_")]
    out += [f"results/valentini2003/{t}.{ext}" for t in CH4_FIGURES + CH5_FIGURES
            for ext in ("csv", "png", "pdf")]
    out += [f"results/valentini2003/{t}.csv"
            for t in ("table_4_2", "table_5_1", "table_5_2", "table_6_1", "table_6_2", "figure_6_1")]
    out += ["results/valentini2003/figure_6_1.png", "results/valentini2003/figure_6_1.pdf"]
    out += [f"results/valentini2003/{t}.same_parameter.csv" for t in CH5_TABLES]
    return out + [f"results/valentini2003/{t}" for t in ("comparison.csv", "comparison_summary.json")]
