"""The bottom edge of each run's trees beside its top(c) (rule breiman_bottom_edge)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.tables import build_bottom_edge_table

build_bottom_edge_table(settings(snakemake.config), snakemake.input.runs, snakemake.output[0])
