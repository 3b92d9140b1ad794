"""Table 1: the data sets beside the published ones (rule allwein_table_1)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import table_1

table_1(snakemake)
