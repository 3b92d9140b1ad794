"""Fit every method of one experiment on each of its replicates (rule james_fit_<experiment>)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import fit

fit(snakemake)
