"""The Markdown report of James (1998) (rule james_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.report import build_report

build_report(snakemake.input, snakemake.output, settings(snakemake.config), snakemake.params.captions)
