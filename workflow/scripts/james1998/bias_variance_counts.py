"""Prediction counts of one method on one Gaussian simulation (rule bias_variance_counts)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import bias_variance_counts

config = settings(snakemake.config)

bias_variance_counts(config, snakemake.wildcards.problem, snakemake.wildcards.method,
                     snakemake.output[0])
