"""The Markdown report of Breiman (1997) (rule breiman_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.report import build_report

build_report(snakemake.input, snakemake.output, settings(snakemake.config), snakemake.params.captions)
