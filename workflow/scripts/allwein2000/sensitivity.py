"""One group of misses swept over its readings (rule allwein_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.sensitivity import run_sweep
from mavl.reproduction.io import read_results, write_table

default = read_results(snakemake.input.default)
write_table(run_sweep(snakemake.config, snakemake.wildcards.allwein_group, default), snakemake.output[0])
