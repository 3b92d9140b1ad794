"""Tables 1-3 and the extras (rules allwein_table_1, allwein_error_table, allwein_code_properties,
allwein_bound_check)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

import pandas as pd

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.tables import bound_check, code_properties, error_table, table_1
from mavl.reproduction.io import write_table

cfg = settings(snakemake.config)
if snakemake.rule == "allwein_table_1":
    table = table_1(cfg, pd.read_csv(snakemake.input.published))
elif snakemake.rule == "allwein_error_table":
    learner = {"table_2": "adaboost", "table_3": "svm"}[snakemake.wildcards.allwein_table]
    table = error_table(cfg, learner, pd.read_csv(snakemake.input.published), snakemake.input.runs)
elif snakemake.rule == "allwein_code_properties":
    table = code_properties(cfg)
else:
    table = bound_check(snakemake.input.bounds)
write_table(table, snakemake.output[0])
