"""Table 2.2: the bound beside the published one (rule james_bound_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.static import build_bound_table

build_bound_table(settings(snakemake.config), "table_2_2", snakemake.input.published, dict(snakemake.output.items()))
