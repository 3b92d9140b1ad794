"""The Markdown report (rule zaki_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.zaki_ch22.steps import report

report(snakemake)
