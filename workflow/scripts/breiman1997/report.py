"""The Markdown report of Breiman (1997) (rule breiman_report)."""

import sys
from pathlib import Path

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.report import build_report

build_report(settings(snakemake.config), snakemake.input.tables, snakemake.input.summary,
             snakemake.input.eq_7_3, snakemake.input.bottom_edge, snakemake.input.runs,
             Path(snakemake.input.gaps).parent, snakemake.output.report, snakemake.output.claims,
             snakemake.output.paired)
