"""Table 3.1 or 3.2 beside the published one (rule bias_variance_table)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce_theory import build_bias_variance_table

build_bias_variance_table(snakemake.config, snakemake.wildcards.bv_table, snakemake.input.counts,
                          snakemake.input.published, dict(snakemake.output.items()))
