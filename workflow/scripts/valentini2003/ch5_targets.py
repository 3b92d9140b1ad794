"""Tables 5.1/5.2 and Figures 5.4-5.25 from the chapter-5 jobs (rule valentini_ch5_targets)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import build_ch5_targets

tables, out = ("table_5_1", "table_5_2"), snakemake.output
build_ch5_targets(settings(snakemake.config), snakemake.input.runs,
                  dict(zip(tables, map(pd.read_csv, snakemake.input.published), strict=True)),
                  pd.read_csv(snakemake.input.inconsistent),
                  dict(zip(tables, zip(out.table, out.supplement, strict=True), strict=True)),
                  list(zip(out.csv, out.png, strict=True)))
