"""One reproduced table beside the published one (rule build_table)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.error_tables import build_table

config = settings(snakemake.config)

build_table(
    config,
    snakemake.wildcards.table,
    snakemake.input.results,
    snakemake.input.published,
    snakemake.input.average_se,
    dict(snakemake.output.items()),
)
