"""The Markdown report (rule breiman_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997.steps import report

report(snakemake)
