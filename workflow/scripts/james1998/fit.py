"""Fit every method of one experiment on one replicate (rule james_fit)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import fit

fit(snakemake)
