"""Figures 1, 2 and 4-7 with their CSVs (rules allwein_static_figure, allwein_comparison_figure)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.allwein2000.targets import build_figure
from mavl.reproduction.io import write_table

target = Path(snakemake.output.csv).stem
table = pd.read_csv(snakemake.input.table) if "table" in snakemake.input.keys() else None
frame = build_figure(target, table, snakemake.output.png)
write_table(frame, snakemake.output.csv)
