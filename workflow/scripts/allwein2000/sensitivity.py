"""One group of misses swept over its readings (rule allwein_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import sensitivity

sensitivity(snakemake)
