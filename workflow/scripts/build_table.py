"""One reproduced table beside the published one (rule build_table)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce import build_table

build_table(
    snakemake.config,
    snakemake.wildcards.table,
    snakemake.input.results,
    snakemake.input.published,
    snakemake.input.average_se,
    dict(snakemake.output.items()),
)
