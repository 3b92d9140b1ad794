"""Table 4.2 and Figures 4.5-4.25 from the chapter-4 jobs (rule valentini_ch4_targets)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import ch4_targets

ch4_targets(snakemake)
