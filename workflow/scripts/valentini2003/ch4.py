"""One chapter-4 family job: a data set and kernel over its grid (rule valentini_ch4)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import ch4

ch4(snakemake)
