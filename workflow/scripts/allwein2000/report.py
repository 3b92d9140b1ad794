"""The Markdown report (rule allwein_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import report

report(snakemake)
