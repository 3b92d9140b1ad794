"""The properties of every code the paper uses (rule allwein_code_properties)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.tables import code_properties
from mavl.reproduction.io import write_table

write_table(code_properties(settings(snakemake.config)), snakemake.output[0])
