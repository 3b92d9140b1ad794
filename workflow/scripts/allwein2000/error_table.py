"""Table 2 (AdaBoost.MO) or Table 3 (SVM) beside the published one (rule allwein_error_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import error_table

error_table(snakemake)
