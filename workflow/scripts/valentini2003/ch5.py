"""One chapter-5 ensemble job: bagging (F5) or random aggregating (F6) (rule valentini_ch5)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import run_ch5_job
from mavl.reproduction.io import write_table

w = snakemake.wildcards
write_table(run_ch5_job(settings(snakemake.config), w.valentini_family, w.data_set, w.kernel),
            snakemake.output[0], sep="\t")
