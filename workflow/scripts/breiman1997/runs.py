"""AdaBoost and arc-u2 on every run of one data set under one tree rule (rule breiman_runs)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.runs import run_data_set

run_data_set(settings(snakemake.config), snakemake.wildcards.data_set, snakemake.wildcards.tree_rule,
             snakemake.output[0])
