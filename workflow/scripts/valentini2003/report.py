"""The Markdown report of Valentini (2003) (rule valentini_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.report import build_report

build_report(snakemake.input, snakemake.output, settings(snakemake.config), snakemake.params.captions)
