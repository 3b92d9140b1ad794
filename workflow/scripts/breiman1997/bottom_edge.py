"""The bottom edge of each run's trees beside its top(c) (rule breiman_bottom_edge)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import bottom_edge

bottom_edge(snakemake)
