"""Table 4.2 and Figures 4.5-4.25 from the chapter-4 jobs (rule valentini_ch4_targets)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import build_ch4_targets

out = snakemake.output
published = {"table_4_2": pd.read_csv(snakemake.input.published), "p2_errors": pd.read_csv(snakemake.input.p2_errors)}
build_ch4_targets(settings(snakemake.config), snakemake.input.runs,
                  (snakemake.input.surface_errors, snakemake.input.surface), published, out.table,
                  list(zip(out.csv, out.png, strict=True)))
