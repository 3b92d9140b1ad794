"""Table 2.2: the bound beside the published one (rule james_bound_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import bound_table

bound_table(snakemake)
