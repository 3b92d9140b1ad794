"""One sensitivity sweep (rule valentini_sensitivity): Table 4.2's cells under every reading of a group."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.sensitivity import run_sweep
from mavl.reproduction.io import write_table

write_table(run_sweep(settings(snakemake.config), snakemake.wildcards.group), snakemake.output[0])
