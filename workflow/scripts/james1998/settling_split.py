"""One split of the settling study (rule james_settling_split)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import settling_split

settling_split(snakemake)
