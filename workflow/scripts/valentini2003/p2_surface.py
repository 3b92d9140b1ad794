"""The P2 decision surface of Figures 4.8-4.10 and its test errors (rule valentini_p2_surface)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import p2_surface

p2_surface(snakemake)
