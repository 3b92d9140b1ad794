"""One split of the margin study (rule james_margin_split)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.margin_study import margin_split

margin_split(settings(snakemake.config), int(snakemake.wildcards.replicate), dict(snakemake.output.items()))
