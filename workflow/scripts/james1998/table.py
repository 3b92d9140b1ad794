"""One reproduced table beside the published one (rule james_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import table

table(snakemake)
