"""reports/README.md: every paper's comparison summary in one table (rule reports_index)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.reproduction.steps import index

index(snakemake)
