"""One split of the settling study (rule james_settling_split)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.settling import settling_split

settling_split(settings(snakemake.config), int(snakemake.wildcards.replicate), snakemake.output[0])
