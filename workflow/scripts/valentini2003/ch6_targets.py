"""Tables 6.1/6.2 and Figure 6.1 from the Lobag jobs (rule valentini_ch6_targets)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import build_ch6_targets

tables = ("table_6_1", "table_6_2")
build_ch6_targets(settings(snakemake.config), snakemake.input.pair, snakemake.input.rep,
                  dict(zip(tables, map(pd.read_csv, snakemake.input.published), strict=True)),
                  dict(zip(tables, snakemake.output.table, strict=True)),
                  (snakemake.output.csv, snakemake.output.png))
