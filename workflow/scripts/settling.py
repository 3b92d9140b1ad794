"""Figures 2.3/2.4: one training set's matrix errors, or the figures (rules settling_*)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce_theory import build_settling_figures, settling_split

if snakemake.rule == "settling_split":
    settling_split(snakemake.config, int(snakemake.wildcards.replicate), snakemake.output[0])
else:
    build_settling_figures(snakemake.config, snakemake.input.results, dict(snakemake.output.items()))
