"""Every published cell beside its reproduction, judged, with both claim sets (rule james_comparison)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import comparison

comparison(snakemake)
