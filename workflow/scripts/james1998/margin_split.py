"""One split of the margin study (rule james_margin_split)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import margin_split

margin_split(snakemake)
