"""One group of misses swept over its readings (rule james_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import sensitivity

sensitivity(snakemake)
