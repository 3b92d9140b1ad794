"""Table 3.1 or 3.2 beside the published one (rule bias_variance_table)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import build_bias_variance_table

config = settings(snakemake.config)

build_bias_variance_table(config, snakemake.wildcards.bv_table, snakemake.input.counts,
                          snakemake.input.published, dict(snakemake.output.items()))
