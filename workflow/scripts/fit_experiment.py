"""Fit every method of one experiment on one replicate (rule fit_experiment)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce import fit_experiment

fit_experiment(
    snakemake.config,
    snakemake.wildcards.experiment,
    int(snakemake.wildcards.replicate),
    snakemake.output[0],
)
