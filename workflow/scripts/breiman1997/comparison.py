"""Every published cell judged, its summary, the claims and the readings (rule breiman_comparison)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import comparison

comparison(snakemake)
