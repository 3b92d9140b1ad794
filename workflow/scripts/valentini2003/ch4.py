"""One chapter-4 family job: a data set and kernel over its grid (rule valentini_ch4)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import run_ch4_job
from mavl.reproduction.io import write_table

w = snakemake.wildcards
write_table(run_ch4_job(settings(snakemake.config), w.data_set, w.kernel), snakemake.output[0], sep="\t")
