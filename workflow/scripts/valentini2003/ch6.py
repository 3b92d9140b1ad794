"""One data set and kernel of Lobag's Tables 6.1 (F7) and 6.2 (F8) (rule valentini_ch6)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import ch6

ch6(snakemake)
