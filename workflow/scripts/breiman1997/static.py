"""Table 2 (the data sets, with their checks) or Eq. 7.3, from the published files (rule breiman_static)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import static

static(snakemake)
