"""Tables 5.1/5.2 and Figures 5.4-5.25 from the chapter-5 jobs (rule valentini_ch5_targets)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import ch5_targets

ch5_targets(snakemake)
