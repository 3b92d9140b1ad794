"""Prediction counts of one method on one Gaussian simulation (rule james_bias_variance_counts)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import bias_variance_counts

bias_variance_counts(snakemake)
