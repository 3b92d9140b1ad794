"""The thesis's tables and figures, declared once (:class:`mavl.reproduction.targets.Target`), and
the files every rule reads, as functions of the paper's settings (:func:`.settings.settings`).

Every target of the config's ``targets`` has its files, in the thesis's order; the workflow builds
its target rule (``final_targets``: every target's files, then the judged comparison) and one rule
per target (``james1998_<id>``) from this declaration. Paths are written for the paper scale
(``results/james1998/...``); the rules move them to the run's scale.
"""

from ...reproduction import targets as declared
from .sensitivity import bias_variance_target, group_experiments, group_methods
from .settings import capped

__all__ = ["CASE_STUDY", "COMPARISON", "RESULTS", "TABLE_SUFFIXES", "comparison_inputs", "count_files",
           "declared_targets", "final_targets", "replicate_files", "report_inputs",
           "split_files", "sweep_default_files", "sweep_files", "target_files", "targets_of"]

RESULTS = "results/james1998"
PUBLISHED = "resources/published/james1998"
#: Files that make each kind of table target; every other target (a figure) is PNG, PDF and CSV.
TABLE_SUFFIXES = {
    "table": [".csv", ".compare.csv"],
    "relative_table": [".csv", ".compare.csv"],
    "bias_variance_table": [".csv", ".compare.csv", ".kw.csv"],
    "case_study_table": [".csv", ".compare.csv"],
    "static_table": [".csv"],
    "bound_table": [".csv", ".hoeffding.csv", ".compare.csv"],
}
_FIGURE_SUFFIXES = [".png", ".pdf", ".csv"]

#: The judged comparison of every published cell (rule james_comparison), and the bound's sweep it writes.
COMPARISON = [f"{RESULTS}/comparison.csv", f"{RESULTS}/comparison_summary.json"]
BOUND_SWEEP = f"{RESULTS}/sensitivity/table_2_2_bound_form.csv"
#: The two claim sets, judged once by the comparison (Chapter 2's; Chapters 3-4's and the figures'),
#: and the paired tests behind Chapter 2's, which the report runs.
CLAIMS = [f"{RESULTS}/claims.csv", f"{RESULTS}/claims_theory.csv"]
PAIRED_TESTS = f"{RESULTS}/paired_tests.csv"
#: The Section 3.4 case study's fits (rule james_case_study), and its estimators on the claims' draws.
CASE_STUDY = {name: f"{RESULTS}/raw/case_study/{name}.{ext}"
              for name, ext in (("errors", "tsv"), ("estimates", "tsv"), ("scalars", "json"))}
CASE_STUDY_DRAWS = f"{RESULTS}/raw/case_study/draws.tsv"


def targets_of(config, kinds):
    """The targets of the given kinds, in the config's order."""
    return [t for t, info in config["targets"].items() if info["kind"] in kinds]


def target_files(config, target):
    """The files of one target of ``config["targets"]``."""
    suffixes = TABLE_SUFFIXES.get(config["targets"][target]["kind"], _FIGURE_SUFFIXES)
    return [f"{RESULTS}/{target}{suffix}" for suffix in suffixes]


def declared_targets(config):
    """Every table and figure of ``config["targets"]`` (the paper's settings), in their order."""
    return [declared.Target(target, "table" if info["kind"] in TABLE_SUFFIXES else "figure",
                            target_files(config, target))
            for target, info in config["targets"].items()]


def final_targets(config):
    """Every target's files, then the comparison."""
    return declared.final_targets(declared_targets(config), COMPARISON)


def replicate_files(config, experiment=None):
    """The replicates of one experiment (rule james_fit_<experiment>), or of every experiment."""
    names = list(config["experiments"]) if experiment is None else [experiment]
    return [f"{RESULTS}/raw/{name}/rep{r}.tsv" for name in names
            for r in range(capped(config, config["experiments"][name]["replicates"]))]


def split_files(config, study, ext):
    """The splits of the margin or the settling study (``study``: ``margins`` or ``settling``)."""
    return [f"{RESULTS}/raw/{study}/rep{r}.{ext}" for r in range(capped(config, config[study]["splits"]))]


def count_files(config, table=None, methods=None):
    """The prediction counts (rule james_bias_variance_counts) of one bias/variance table's columns
    (``methods``, by default all), or of every table's."""
    tables = targets_of(config, {"bias_variance_table"}) if table is None else [table]
    return [f"{RESULTS}/raw/bias_variance/{config['targets'][t]['problem']}/{m}.tsv" for t in tables
            for m in (config["bias_variance"]["tables"][t] if methods is None else methods)]


def sweep_files(config):
    """Every sensitivity sweep of the config (rule james_sensitivity)."""
    return [f"{RESULTS}/sensitivity/{group}.csv" for group in config.get("sensitivity", {})]


def sweep_default_files(config, group):
    """What a sweep's default reading is: the main jobs' replicates of its tables' experiments (the
    replicates it runs), or, for a bias/variance table, the main jobs' prediction counts."""
    spec = config["sensitivity"][group]
    table = bias_variance_target(config, spec)
    if table is not None:
        return count_files(config, table, group_methods(config, spec))
    return [f for name in group_experiments(config, spec) for f in replicate_files(config, name)]


def _claim_noise_inputs(config):
    """The replicates the claims are resampled over, besides the counts."""
    return {"results": replicate_files(config), "settling_raw": split_files(config, "settling", "tsv"),
            "case_study_errors": CASE_STUDY["errors"], "case_study_draws": CASE_STUDY_DRAWS}


def _margin_inputs(config):
    return {"margin_figure": f"{RESULTS}/raw/margins/rep{config['margins']['figure_split']}.json",
            "margin_splits": split_files(config, "margins", "json"),
            "settling": f"{RESULTS}/settling.claims.json", "case_study": CASE_STUDY["scalars"]}


def comparison_inputs(config):
    """Every result and published file the comparison and its claims read (rule james_comparison)."""
    tables = targets_of(config, {"table", "relative_table"})
    bias_variance = targets_of(config, {"bias_variance_table"})
    theory = targets_of(config, {"bias_variance_table", "case_study_table", "case_study_figure"})
    return {
        "bound": f"{RESULTS}/table_2_2.compare.csv",
        "tables": [f for t in tables for f in target_files(config, t)]
        + [f"{RESULTS}/{t}.summary.json" for t in tables + bias_variance]
        + [f for t in theory for f in target_files(config, t)],
        "published": [f"{PUBLISHED}/{name}.csv" for name in
                      [*tables, *bias_variance, "table_sec_3_4", "scalars_sec_3_4", "average_se"]],
        "counts": count_files(config), **_margin_inputs(config), **_claim_noise_inputs(config),
        "gaps": f"{PUBLISHED}/known_gaps.csv"}


def report_inputs(config):
    """Every file the report reads besides what the framework's loop gives it (rule james_report;
    the loop gives the judged files, the figures and the known gaps): the tables and the claims'
    evidence."""
    tables = targets_of(config, {"table", "relative_table"})
    return {
        "tables": [f"{RESULTS}/{t}.summary.json" for t in tables],
        "results": replicate_files(config),
        "published": f"{PUBLISHED}/average_se.csv",
        "leaves": f"{PUBLISHED}/leaves.csv",
        "theory_tables": [f for t in targets_of(config, set(TABLE_SUFFIXES) - {"table", "relative_table"})
                          for f in target_files(config, t)],
        **_margin_inputs(config),
        **{k: v for k, v in _claim_noise_inputs(config).items() if k != "results"},
        "counts": count_files(config)}
