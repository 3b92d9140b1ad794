"""One sensitivity reading's runs of every swept data set (rule breiman_sweep_runs)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import sweep_runs

sweep_runs(snakemake)
