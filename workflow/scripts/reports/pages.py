"""A paper's report and table targets as HTML pages for the Snakemake report (rule reports_pages)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.reproduction.steps import pages

pages(snakemake)
