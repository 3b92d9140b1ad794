"""The Markdown report of Zaki & Meira Chapter 22 (rule zaki_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.zaki_ch22 import settings
from mavl.papers.zaki_ch22.report import build_report

build_report(snakemake.input, snakemake.output, settings(snakemake.config), snakemake.params.captions)
