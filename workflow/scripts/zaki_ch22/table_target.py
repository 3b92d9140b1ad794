"""One demonstration table of the chapter (rule zaki_table_target)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.zaki_ch22.steps import table_target

table_target(snakemake)
