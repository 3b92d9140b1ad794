"""Table 4.2 and Figures 4.5-4.25 from the chapter-4 jobs (rules valentini_table_4_2, valentini_ch4_figure)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import build_ch4_figure, build_table_4_2
from mavl.reproduction.io import write_table

cfg = settings(snakemake.config)
if snakemake.rule == "valentini_table_4_2":
    write_table(build_table_4_2(cfg, snakemake.input.runs, pd.read_csv(snakemake.input.published)),
                snakemake.output[0])
else:
    frame = build_ch4_figure(cfg, snakemake.wildcards.valentini_ch4_figure, snakemake.input.runs,
                             snakemake.input.surface, snakemake.output.png)
    write_table(frame, snakemake.output.csv)
