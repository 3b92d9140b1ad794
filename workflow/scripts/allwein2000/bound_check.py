"""Every fit's training error beside its bound (rule allwein_bound_check)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.tables import bound_check
from mavl.reproduction.io import write_table

write_table(bound_check(snakemake.input.bounds), snakemake.output[0])
