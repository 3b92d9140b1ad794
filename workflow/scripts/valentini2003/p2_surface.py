"""The P2 decision surface of Figures 4.x (rule valentini_p2_surface)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import run_surface_job
from mavl.reproduction.io import write_table

errors, surface = run_surface_job(settings(snakemake.config))
write_table(errors, snakemake.output.errors, sep="\t")
write_table(surface, snakemake.output.surface, sep="\t")
