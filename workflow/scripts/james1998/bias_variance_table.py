"""Table 3.1 or 3.2 beside the published one (rule james_bias_variance_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import bias_variance_table

bias_variance_table(snakemake)
