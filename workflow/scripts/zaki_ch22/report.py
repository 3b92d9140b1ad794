"""The Markdown report of Zaki & Meira Chapter 22 (rule zaki_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from pathlib import Path

from mavl.papers.zaki_ch22.report import build_zaki_report

build_zaki_report(snakemake.config, Path(snakemake.input[0]).parent, snakemake.output.report,
                  snakemake.output.figures, snakemake.params.captions)
