"""One sensitivity sweep: Table 4.2's cells under every reading of a group (rule valentini_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import sensitivity

sensitivity(snakemake)
