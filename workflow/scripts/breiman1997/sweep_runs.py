"""One sensitivity reading's runs of every swept data set (rule breiman_sweep_runs)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.sensitivity import run_sweep

run_sweep(settings(snakemake.config), snakemake.wildcards.reading, snakemake.output[0])
