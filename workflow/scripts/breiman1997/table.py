"""One of Tables 1 and 3-5 beside the published one (rule breiman_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import table

table(snakemake)
