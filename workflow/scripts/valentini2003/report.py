"""The Markdown report, the claims and the comparison (rule valentini_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import report

report(snakemake)
