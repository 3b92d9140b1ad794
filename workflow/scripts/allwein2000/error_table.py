"""Table 2 (AdaBoost.MO) or Table 3 (SVM) beside the published one (rule allwein_error_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.tables import error_table
from mavl.reproduction.io import write_table

learner = {"table_2": "adaboost", "table_3": "svm"}[snakemake.wildcards.allwein_table]
table = error_table(settings(snakemake.config), learner, pd.read_csv(snakemake.input.published),
                    snakemake.input.runs)
write_table(table, snakemake.output[0])
