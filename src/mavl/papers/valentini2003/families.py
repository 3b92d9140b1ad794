"""Each experiment family of Valentini (2003) run from the resolved settings (spec §4.0).

The families take every argument explicitly (:mod:`.chapter4.jobs`, :mod:`.chapter5.jobs`,
:mod:`.chapter6.jobs`); here they read them from :func:`.settings.settings`'s dict, one data set
and kernel at a time, and each frame records the resolved scale. :data:`FAMILY_RUNS` holds the run
of each family split per data set and kernel.
"""

from ...reproduction.io import write_table
from .chapter4.jobs import run_family, run_p2_surface
from .chapter5.jobs import run_ensembles
from .chapter6.jobs import run_lobag_pair, run_lobag_replicates
from .settings import grid, svm_options

__all__ = ["ENSEMBLE_OUTPUTS", "FAMILY_RUNS", "run_ch4_job", "run_ch5_job", "run_ch6_job",
           "run_ensemble_jobs", "run_family_job", "run_surface_job"]


def _common(cfg, data_set, kernel):
    """The data and SVM arguments every family job takes from the resolved settings."""
    return dict(sample_size=cfg["sample_size"], test_cap=cfg["max_test"], train_cap=cfg["max_train"],
                seed=cfg["master_seed"], rbf_gamma_rule=cfg["options"]["rbf_gamma_rule"],
                normalisation=cfg["normalisation"][data_set][kernel], split_seed=cfg["split_seed"],
                synthetic_test_size=cfg["synthetic_test_size"],
                e1_amplitude=cfg["options"]["e1_amplitude"], svm=svm_options(cfg))


def run_ch4_job(cfg, family, data_set, kernel, draws=None):
    """F1 (rbf), F2 (poly) or F3 (linear) on one data set at the resolved scale (spec §4.0; ``family``
    is ``"ch4"``); with the claims' ``draws``, also the decompositions on each draw of the samples
    (:func:`.chapter4.jobs.run_family`)."""
    values = grid(cfg, family, kernel)
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
    claims' ``draws``, also its decompositions on each draw of the ensembles (:mod:`.chapter5.draws`)."""
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


#: The run of each family split per data set and kernel (every family of :data:`.settings.FAMILIES`
#: but F4, the P2 surface: :func:`run_surface_job`), each ``run(cfg, family, data_set, kernel)``.
FAMILY_RUNS = {"ch4": run_ch4_job, "ch5_bag": run_ch5_job, "ch5_ra": run_ch5_job,
               "ch6_lobag_pair": run_ch6_job, "ch6_lobag_rep": run_ch6_job}


def run_family_job(cfg, family, data_set, kernel):
    """The tidy frame of one family of :data:`FAMILY_RUNS` on one data set and kernel."""
    return FAMILY_RUNS[family](cfg, family, data_set, kernel)


#: The family each output of the rules valentini_ch5 and valentini_ch6 holds.
ENSEMBLE_OUTPUTS = {"bag": "ch5_bag", "ra": "ch5_ra", "pair": "ch6_lobag_pair", "rep": "ch6_lobag_rep"}


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
        svm=svm_options(cfg))
    return errors.assign(scale=cfg["scale"]), surface
