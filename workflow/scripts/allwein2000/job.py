"""One learner on one data set and code, every fold and round (rule allwein_job)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import job

job(snakemake)
