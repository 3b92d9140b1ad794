"""The properties of every code the paper uses (rule allwein_code_properties)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import code_properties

code_properties(snakemake)
