"""Figures 2.3 and 2.4 from the settling splits (rule james_settling_figures)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.settling import build_settling_figures

build_settling_figures(settings(snakemake.config), snakemake.input.results, dict(snakemake.output.items()))
