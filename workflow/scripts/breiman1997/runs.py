"""AdaBoost and arc-u2 on every run of one data set under one tree rule (rule breiman_runs)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import runs

runs(snakemake)
