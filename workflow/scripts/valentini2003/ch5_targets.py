"""Tables 5.1/5.2 and Figures 5.4-5.25 from the chapter-5 jobs (rules valentini_table_5, valentini_ch5_figure)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.targets import build_ch5_figure, build_table_5
from mavl.reproduction.io import write_table

cfg = settings(snakemake.config)
if snakemake.rule == "valentini_table_5":
    target = snakemake.wildcards.valentini_table_5
    published, inconsistent = pd.read_csv(snakemake.input.published), pd.read_csv(snakemake.input.inconsistent)
    for rule, path in (("best_independent", snakemake.output.table), ("same_parameter", snakemake.output.supplement)):
        chosen = None if path == snakemake.output.table else rule
        write_table(build_table_5(cfg, target, snakemake.input.runs, published, inconsistent, chosen), path)
else:
    frame = build_ch5_figure(cfg, snakemake.wildcards.valentini_ch5_figure, snakemake.input.runs,
                             snakemake.output.png)
    write_table(frame, snakemake.output.csv)
