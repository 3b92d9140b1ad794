"""Re-run the seed search of a Gaussian simulation (rule james_calibrate_gaussian)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.bias_variance_tables import calibrate_gaussian

config = settings(snakemake.config)

calibrate_gaussian(config, snakemake.wildcards.problem, dict(snakemake.output.items()))
