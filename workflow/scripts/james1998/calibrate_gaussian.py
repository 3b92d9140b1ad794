"""Re-run the seed search of a Gaussian simulation (rule james_calibrate_gaussian)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import calibrate_gaussian

calibrate_gaussian(snakemake)
