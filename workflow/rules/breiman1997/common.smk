# Breiman (1997): its config section validated, and its input functions.
from snakemake.utils import validate

from mavl.papers.breiman1997.sensitivity import GROUPS as BREIMAN_SWEEPS
from mavl.papers.breiman1997.sensitivity import group_data_sets
from mavl.papers.breiman1997.runs import TREE_RULES
from mavl.papers.breiman1997.settings import settings, tree_rules
from mavl.papers.breiman1997.targets import TABLES as BREIMAN_TABLE_GROUPS
from mavl.papers.breiman1997.targets import final_targets as breiman_final_targets

validate(config["breiman1997"], "../../schemas/breiman1997.schema.yaml")


BREIMAN = config["breiman1997"]
# What a rule passes its step (params.settings); the main runs' without the sweeps' section, so that
# editing a sweep does not re-run them.
BREIMAN_SWEEP_SETTINGS = rule_settings(settings(config))
BREIMAN_SETTINGS = rule_settings(settings(config), without=("sensitivity",))
BREIMAN_TABLES = BREIMAN_TABLE_GROUPS


def breiman_rules():
    return tree_rules(settings(config))  # the package's reading of the scale, not a second copy


def breiman_runs(group=None):
    groups = [group] if group else ["synthetic", "moderate", "larger"]
    return [
        scaled(f"results/breiman1997/raw/{data_set}/{rule}.tsv")
        for g in groups
        for data_set in BREIMAN[g]["data_sets"]
        for rule in breiman_rules()
    ]


def breiman_default_runs():
    """The main runs of every data set under the default (first) tree rule: the headline cells."""
    groups = ["synthetic", "moderate", "larger"]
    first = breiman_rules()[0]
    return [
        scaled(f"results/breiman1997/raw/{d}/{first}.tsv") for g in groups for d in BREIMAN[g]["data_sets"]
    ]


def breiman_sweeps():
    return [scaled(f"results/breiman1997/sensitivity/{group}.csv") for group in BREIMAN_SWEEPS]


def breiman_sweep_inputs(wildcards):
    """A group's sweep: the main runs of its swept sets (the default reading) and every reading's."""
    sets = group_data_sets(settings(config), wildcards.breiman_group)
    return {
        "default": [scaled(f"results/breiman1997/raw/{d}/{breiman_rules()[0]}.tsv") for d in sets],
        "readings": expand(
            scaled("results/breiman1997/sensitivity/raw/{reading}.tsv"),
            reading=BREIMAN["sensitivity"]["readings"],
        ),
        "summary": scaled("results/breiman1997/table_2.csv"),
    }


def breiman_table_runs(wildcards):
    return breiman_runs(BREIMAN_TABLES[wildcards.breiman_table])


def breiman1997_targets():
    return scaled(breiman_final_targets(settings(config))) + [report_path("breiman1997")]
