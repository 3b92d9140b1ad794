"""James (1998)'s workflow steps: one function per rule, each ``step(job)``.

``job`` is what Snakemake hands a rule's script (``snakemake``): ``job.input``, ``job.output``,
``job.wildcards`` and ``job.params``, whose ``settings`` are the paper's settings
(:func:`.settings.settings`). Rule ``james_<name>`` runs ``<name>(snakemake)`` through the one step
script (:func:`mavl.reproduction.steps.run_step`); nothing here reads the workflow's config.
``james_comparison`` and ``james_report`` are the framework's (:mod:`mavl.reproduction.loop`), on
this module's hooks ``comparison_parts`` and ``report_parts``.
"""

from pathlib import Path

import pandas as pd

from ...reproduction.claims import Resamples
from ...reproduction.io import read_results, write_table
from ...reproduction.loop import Comparison
from ...reproduction.progress import progress
from . import bias_variance_tables, error_tables, gaussian_study, margin_study, settling
from . import case_study as _case_study
from .claims_noise import claim_resamples_of, counts_by_table
from .comparison import all_cells, bound_sweep
from .illustrations import build_illustration, build_static_table
from .report import report_parts
from .sensitivity import bias_variance_target, run_bias_variance_sweep, run_sweep

__all__ = ["bias_variance_counts", "bias_variance_table", "bound_table", "calibrate_gaussian",
           "case_study", "case_study_figure", "case_study_table", "comparison_parts", "fit",
           "illustration", "margin_figure", "margin_split", "plot_concentric_figure", "plot_error_figure",
           "report_parts", "sensitivity", "settling_figures", "settling_split", "static_table", "table"]


def _outputs(job):
    return dict(job.output.items())


def fit(job):
    """Fit every method of one experiment on each replicate; output r is replicate r's results."""
    outputs = list(job.output)
    for replicate in progress(range(len(outputs)), f"{job.params.experiment}: replicates"):
        error_tables.fit_experiment(job.params.settings, job.params.experiment, replicate,
                                    outputs[replicate])


def table(job):
    """One reproduced table beside the published one."""
    i = job.input
    error_tables.build_table(job.params.settings, job.wildcards.table, i.results, i.published, i.average_se,
                             _outputs(job))


def plot_error_figure(job):
    """One error-against-B figure beside its published table: PNG, PDF and the plotted CSV."""
    error_tables.build_error_figure(job.params.settings, Path(job.output.png).stem, job.input.results,
                                    job.input.published, _outputs(job))


def plot_concentric_figure(job):
    """Figure 2.7, one Concentric Two Class training sample: PNG, PDF and the points."""
    error_tables.build_concentric_figure(job.params.settings, Path(job.output.png).stem, _outputs(job))


def margin_split(job):
    """One split of the margin study."""
    margin_study.margin_split(job.params.settings, int(job.wildcards.replicate), _outputs(job))


def margin_figure(job):
    """One figure of the margin study."""
    margin_study.build_margin_figure(job.wildcards.margin_figure, job.input.curves, job.input.summary,
                                     _outputs(job))


def settling_split(job):
    """One split of the settling study."""
    settling.settling_split(job.params.settings, int(job.wildcards.replicate), job.output[0])


def settling_figures(job):
    """Figures 2.3 and 2.4 from the settling splits."""
    settling.build_settling_figures(job.params.settings, job.input.results, _outputs(job))


def bias_variance_counts(job):
    """Prediction counts of one method on one Gaussian simulation."""
    w = job.wildcards
    bias_variance_tables.bias_variance_counts(job.params.settings, w.problem, w.method, job.output[0])


def bias_variance_table(job):
    """Table 3.1 or 3.2 beside the published one."""
    bias_variance_tables.build_bias_variance_table(job.params.settings, job.wildcards.bv_table,
                                                   job.input.counts, job.input.published, _outputs(job))


def calibrate_gaussian(job):
    """Re-run the seed search of a Gaussian simulation."""
    gaussian_study.calibrate_gaussian(job.params.settings, job.wildcards.problem, _outputs(job))


def case_study(job):
    """The Section 3.4 case study's fits, and its estimators on the claims' draws of the training sets."""
    draws = Resamples.from_config(job.params.claims, job.params.settings["master_seed"])
    _case_study.case_study(job.params.settings, _outputs(job), draws)


def case_study_table(job):
    """The case study's table beside the published one."""
    _case_study.build_case_study_table(dict(job.input.items()), job.input.published,
                                       job.input.scalars_published, _outputs(job))


def case_study_figure(job):
    """One figure of the case study."""
    _case_study.build_case_study_figure(job.wildcards.cs_figure, dict(job.input.items()), _outputs(job))


def static_table(job):
    """A table copied from the thesis, with its checks."""
    build_static_table(job.input.published, _outputs(job))


def bound_table(job):
    """Table 2.2: the bound beside the published one."""
    # Here, not above: mavl.output_codes loads scikit-learn, which no other light step needs.
    from .bound_table import build_bound_table

    build_bound_table(job.params.settings, "table_2_2", job.input.published, _outputs(job))


def illustration(job):
    """One illustration of the thesis."""
    build_illustration(job.params.settings, job.wildcards.illustration, _outputs(job))


def comparison_parts(inputs, settings, claims_config):
    """The hook of the framework's comparison (:mod:`mavl.reproduction.loop`): every published cell
    beside its reproduction, and both claim sets, also judged against their replicates' noise as
    ``claims_config`` sets: Chapter 2's in ``claims.csv``, Chapters 3-4's in file
    ``claims_theory``, both counted. Table 2.2's bound, read in both forms, is a sweep of its own
    (file ``sweep``), judged with the sensitivity sweeps."""
    table_dir, published_dir = Path(inputs.bound).parent, Path(inputs.gaps).parent
    margins = {"figure": inputs.margin_figure, "splits": inputs.margin_splits}
    resamples = claim_resamples_of(settings, claims_config, inputs)
    # Imported here: the claims' modules load scipy.stats, which no other James step needs at its start.
    from .claims_judged import judged_claims

    chapter2, theory = judged_claims(settings, table_dir, published_dir, margins, resamples)
    bound = bound_sweep(table_dir)
    cells = all_cells(settings, table_dir, published_dir, counts_by_table(settings, inputs.counts))
    return Comparison(cells, chapter2, counted=pd.concat([chapter2, theory], ignore_index=True),
                      files={"claims_theory": theory, "sweep": bound}, sweeps=bound)


def sensitivity(job):
    """One group of misses swept over its readings, on the main jobs' replicates (or, for a
    bias/variance table, beside the main jobs' prediction counts)."""
    cfg, group, name = job.params.settings, job.params.group, job.wildcards.james_group
    if bias_variance_target(cfg, group) is None:
        sweep = run_sweep(cfg, name, group, read_results(job.input.default))
    else:
        sweep = run_bias_variance_sweep(cfg, name, group, bias_variance_tables.read_counts(job.input.default))
    write_table(sweep, job.output[0])
