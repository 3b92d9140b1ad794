"""Re-run the seed search of a Gaussian simulation (rule calibrate_gaussian)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce_theory import calibrate_gaussian

calibrate_gaussian(snakemake.config, snakemake.wildcards.problem, dict(snakemake.output.items()))
