"""One data set and kernel of bagging (F5) and random aggregating (F6) (rule valentini_ch5)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import ch5

ch5(snakemake)
