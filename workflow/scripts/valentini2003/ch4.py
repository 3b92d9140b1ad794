"""One chapter-4 family job, or the P2 surface (rules valentini_ch4, valentini_p2_surface)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import run_ch4_job, run_surface_job
from mavl.reproduction.io import write_table

cfg = settings(snakemake.config)
if snakemake.rule == "valentini_ch4":
    write_table(run_ch4_job(cfg, snakemake.wildcards.data_set, snakemake.wildcards.kernel),
                snakemake.output[0], sep="\t")
else:
    errors, surface = run_surface_job(cfg)
    write_table(errors, snakemake.output.errors, sep="\t")
    write_table(surface, snakemake.output.surface, sep="\t")
