# Allwein, Schapire & Singer (2000): what its rules share (rules/common.smk validates its config
# section); its rules are in rules.smk (rules/targets.smk makes its target rule, `allwein2000`).
# Aliased: every paper's rules share one namespace, and Breiman's input functions call `settings`.
from mavl.papers.allwein2000 import sensitivity as allwein_sweeps, targets as allwein_targets
from mavl.papers.allwein2000.settings import TABLE_LEARNERS as ALLWEIN_TABLE_LEARNERS

ALLWEIN = PAPER_SETTINGS["allwein2000"]  # the section with the scale's caps applied, as the package reads it
# The settings each step is passed (params.settings), without the sweeps' definitions, so that editing a
# sweep does not re-run the main jobs.
ALLWEIN_SETTINGS = rule_settings(ALLWEIN, without=("sensitivity",))


def allwein(path):
    """One of this paper's results at this run's scale."""
    return scaled(f"results/allwein2000/{path}")


def allwein_jobs(suffix, learners=("adaboost", "svm")):
    return [scaled(f) for learner in learners for f in allwein_targets.job_files(ALLWEIN, learner, suffix)]


def allwein_job_priority(wildcards):
    """A main job that a sweep reads (its default reading) starts as early as that sweep would: the
    sweep waits for it (rule_priority)."""
    read = allwein_sweeps.sweeps_reading(config, wildcards.learner, wildcards.data_set, wildcards.code)
    return max(rule_priority("allwein_job"), rule_priority("allwein_sensitivity") if read else 0)


def allwein_table(name):
    """A table's CSV, in the HTML report."""
    return in_report(allwein(f"{name}.csv"), "../../report/allwein2000/table.rst", "allwein2000", "tables")


include: "rules.smk"  # its rules
