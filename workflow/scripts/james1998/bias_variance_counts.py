"""Prediction counts of one method on one Gaussian simulation (rule james_bias_variance_counts)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import bias_variance_counts

config = settings(snakemake.config)

bias_variance_counts(config, snakemake.wildcards.problem, snakemake.wildcards.method,
                     snakemake.output[0])
