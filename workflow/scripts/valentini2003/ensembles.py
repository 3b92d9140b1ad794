"""One data set and kernel of a chapter's ensemble families: bagging (F5) and random aggregating (F6), or
Lobag's Tables 6.1 (F7) and 6.2 (F8) (rules valentini_ch5, valentini_ch6)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import run_ensemble_jobs

run_ensemble_jobs(settings(snakemake.config), snakemake.wildcards.data_set, snakemake.wildcards.kernel,
                  dict(snakemake.output.items()))
