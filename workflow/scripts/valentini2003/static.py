"""The static targets: no learning, or the data generator only (rule valentini_static)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import static

static(snakemake)
