"""One group of misses swept over the readings (rule breiman_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import sensitivity

sensitivity(snakemake)
