"""A table copied from the thesis, with its checks (rule james_static_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import static_table

static_table(snakemake)
