"""Figures 2.3 and 2.4 from the settling splits (rule james_settling_figures)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import settling_figures

settling_figures(snakemake)
