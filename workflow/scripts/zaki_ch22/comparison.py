"""The chapter's printed numbers beside the reproduced ones (rule zaki_comparison)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.zaki_ch22.steps import comparison

comparison(snakemake)
