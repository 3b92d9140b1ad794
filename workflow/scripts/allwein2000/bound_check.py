"""Every fit's training error beside its bound (rule allwein_bound_check)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import bound_check

bound_check(snakemake)
