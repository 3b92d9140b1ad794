"""One ensemble job: bagging (F5), random aggregating (F6) or Lobag (F7, F8) (rule valentini_ensembles)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import run_ch5_job, run_ch6_job
from mavl.reproduction.io import write_table

w = snakemake.wildcards
run = run_ch5_job if w.valentini_family.startswith("ch5") else run_ch6_job
write_table(run(settings(snakemake.config), w.valentini_family, w.data_set, w.kernel), snakemake.output[0],
            sep="\t")
