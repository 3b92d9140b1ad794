"""Fit every method of one experiment on one replicate (rule james_fit)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.error_tables import fit_experiment

config = settings(snakemake.config)

fit_experiment(
    config,
    snakemake.wildcards.experiment,
    int(snakemake.wildcards.replicate),
    snakemake.output[0],
)
