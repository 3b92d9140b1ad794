"""Prediction counts of one method on one Gaussian simulation (rule bias_variance_counts)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce_theory import bias_variance_counts

bias_variance_counts(snakemake.config, snakemake.wildcards.problem, snakemake.wildcards.method,
                     snakemake.output[0])
