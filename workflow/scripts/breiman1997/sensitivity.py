"""A sensitivity reading's runs of every swept data set, or one group's sweep (rules breiman_sweep_runs and
breiman_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.sensitivity import build_sweep, run_sweep

config = settings(snakemake.config)
if snakemake.rule == "breiman_sweep_runs":
    run_sweep(config, snakemake.wildcards.reading, snakemake.output[0])
else:
    build_sweep(config, snakemake.wildcards.breiman_group, snakemake.input.default, snakemake.input.readings,
                snakemake.input.summary, snakemake.output[0])
