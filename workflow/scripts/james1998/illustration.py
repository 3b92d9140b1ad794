"""One illustration of the thesis (rule james_illustration)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import illustration

illustration(snakemake)
