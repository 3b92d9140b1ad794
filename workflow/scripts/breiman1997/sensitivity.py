"""One group of misses swept over the readings (rule breiman_sensitivity)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.sensitivity import build_sweep

i = snakemake.input
build_sweep(settings(snakemake.config), snakemake.wildcards.breiman_group, i.default, i.readings, i.summary,
            snakemake.output[0])
