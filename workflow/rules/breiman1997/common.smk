# Breiman (1997): its config section validated, and its input functions.
from snakemake.utils import validate

from mavl.papers.breiman1997.settings import settings, tree_rules


validate(config["breiman1997"], "../../schemas/breiman1997.schema.yaml")


BREIMAN = config["breiman1997"]
BREIMAN_TABLES = {"table_1": "synthetic", "table_3": "moderate", "table_4": "larger", "table_5": "moderate"}


def breiman_rules():
    return tree_rules(settings(config))     # the package's reading of the scale, not a second copy


def breiman_runs(group=None):
    groups = [group] if group else ["synthetic", "moderate", "larger"]
    return [f"results/breiman1997/raw/{data_set}/{rule}.tsv" for g in groups
            for data_set in BREIMAN[g]["data_sets"] for rule in breiman_rules()]


def breiman_table_runs(wildcards):
    return breiman_runs(BREIMAN_TABLES[wildcards.breiman_table])


def breiman1997_targets():
    tables = [f"results/breiman1997/{t}.csv" for t in [*BREIMAN_TABLES, "table_2", "eq_7_3"]]
    return tables + ["results/breiman1997/bottom_edge.csv", report_path("breiman1997")]
