# Allwein, Schapire & Singer (2000): its config section validated, and its input functions.
from snakemake.utils import validate

# Aliased: every paper's rules share one namespace, and Breiman's input functions call `settings`.
from mavl.papers.allwein2000.sensitivity import group_codes as allwein_group_codes
from mavl.papers.allwein2000.sensitivity import main_job_rounds as allwein_main_job_rounds
from mavl.papers.allwein2000.sensitivity import sweeps_reading as allwein_sweeps_reading
from mavl.papers.allwein2000.settings import TABLE_LEARNERS as ALLWEIN_TABLE_LEARNERS
from mavl.papers.allwein2000.settings import jobs as allwein_job_list, settings as allwein_settings
from mavl.papers.allwein2000.targets import FIGURES as ALLWEIN_FIGURE_IDS
from mavl.papers.allwein2000.targets import final_targets as allwein_final_targets

validate(config["allwein2000"], "../../schemas/allwein2000.schema.yaml")


ALLWEIN = allwein_settings(config)  # the section with the scale's caps applied, as the package reads it
# The settings each step is passed (params.settings), without the sweeps' definitions, so that editing a
# sweep does not re-run the main jobs.
ALLWEIN_SETTINGS = rule_settings(ALLWEIN, without=("sensitivity",))
ALLWEIN_TABLES = ALLWEIN_TABLE_LEARNERS  # the learner behind each error table
ALLWEIN_FIGURES = {"figure_4": "table_2", "figure_5": "table_3", "figure_6": "table_3", "figure_7": "table_2"}


def allwein_jobs(learner, suffix):
    return [
        scaled(f"results/allwein2000/raw/{learner}/{d}/{c}{suffix}")
        for d, c in allwein_job_list(ALLWEIN, learner)
    ]


def allwein_all_jobs(suffix):
    return allwein_jobs("adaboost", suffix) + allwein_jobs("svm", suffix)


def allwein_table_jobs(wildcards):
    return allwein_jobs(ALLWEIN_TABLES[wildcards.allwein_table], ".tsv")


def allwein_figures():
    return [scaled(f"results/allwein2000/{t}.png") for t in ALLWEIN_FIGURE_IDS]


def allwein_sweep_defaults(wildcards):
    """The main jobs whose results are the sweep's default reading."""
    spec = config["allwein2000"]["sensitivity"][wildcards.allwein_group]
    return [
        scaled(f"results/allwein2000/raw/{spec['learner']}/{spec['data_set']}/{code}.tsv")
        for code in allwein_group_codes(config, wildcards.allwein_group)
    ]


def allwein_job_priority(wildcards):
    """A main job that a sweep reads (its default reading) starts as early as that sweep would: the
    sweep waits for it (rule_priority)."""
    read = allwein_sweeps_reading(config, wildcards.learner, wildcards.data_set, wildcards.code)
    return max(rule_priority("allwein_job"), rule_priority("allwein_sensitivity") if read else 0)


def allwein_job_rounds(wildcards):
    """The rounds a main AdaBoost job reads: the scale's and its sweeps' rounds readings (a param, so
    that a sweep changing them re-runs only the jobs it reads)."""
    return allwein_main_job_rounds(config, wildcards.learner, wildcards.data_set, wildcards.code)


def allwein_sweeps():
    return [scaled(f"results/allwein2000/sensitivity/{group}.csv") for group in ALLWEIN["sensitivity"]]


def allwein2000_targets():
    return scaled(allwein_final_targets(ALLWEIN)) + [report_path("allwein2000")]


def allwein_sweep_config(group):
    """What a sweep's readings override: the workflow config's shared keys and the paper's section,
    with this group's sweep alone (editing another sweep does not re-run this one)."""
    section = {key: value for key, value in config["allwein2000"].items() if key != "sensitivity"}
    section["sensitivity"] = {group: config["allwein2000"]["sensitivity"][group]}
    return {"master_seed": config["master_seed"], "scale": config["scale"], "allwein2000": section}
