"""Table 3.1 or 3.2 beside the published one (rule james_bias_variance_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import build_bias_variance_table

config = settings(snakemake.config)

build_bias_variance_table(config, snakemake.wildcards.bv_table, snakemake.input.counts,
                          snakemake.input.published, dict(snakemake.output.items()))
