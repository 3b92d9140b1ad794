"""The Markdown report (rule james_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import report

report(snakemake)
