"""Figures 2.3/2.4: one training set's matrix errors, or the figures (rules settling_*)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.settling import build_settling_figures, settling_split

config = settings(snakemake.config)

if snakemake.rule == "settling_split":
    settling_split(config, int(snakemake.wildcards.replicate), snakemake.output[0])
else:
    build_settling_figures(config, snakemake.input.results, dict(snakemake.output.items()))
