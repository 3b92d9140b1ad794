"""The Markdown report of Breiman (1997) (rule breiman_report)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.report import build_report

build_report(settings(snakemake.config), snakemake.input, snakemake.output.report, snakemake.output.paired)
