"""One learner on one data set and code, every fold and round (rule allwein_job)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.experiments import run_job
from mavl.reproduction.io import write_table

w = snakemake.wildcards
results, examples, bounds = run_job(settings(snakemake.config), w.learner, w.data_set, w.code)
write_table(results, snakemake.output.results, sep="\t")
write_table(examples, snakemake.output.examples, sep="\t")
write_table(bounds, snakemake.output.bounds, sep="\t")
