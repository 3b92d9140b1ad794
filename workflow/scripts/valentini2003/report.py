"""The Markdown report of Valentini (2003) (rule valentini_report)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.report import build_report

build_report(snakemake.input, snakemake.output, settings(snakemake.config))
