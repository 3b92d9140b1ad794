"""Tables 6.1/6.2 and Figure 6.1 from the Lobag jobs (rules valentini_table_6, valentini_figure_6_1)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import build_ch6_target
from mavl.reproduction.io import write_table

cfg = settings(snakemake.config)
published = pd.read_csv(snakemake.input.published)
if snakemake.rule == "valentini_table_6":
    table = build_ch6_target(cfg, snakemake.wildcards.valentini_table_6, snakemake.input.runs, published)
    write_table(table, snakemake.output[0])
else:
    table = build_ch6_target(cfg, "figure_6_1", snakemake.input.runs, None, snakemake.output.png, published)
    write_table(table, snakemake.output.csv)
