"""One reproduced table beside the published one (rule james_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

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
