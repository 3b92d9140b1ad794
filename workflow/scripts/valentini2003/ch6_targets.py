"""Tables 6.1/6.2 and Figure 6.1 from the Lobag jobs (rule valentini_ch6_targets)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import ch6_targets

ch6_targets(snakemake)
