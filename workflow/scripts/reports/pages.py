"""A paper's report and table targets as HTML pages for the Snakemake report (rule paper_pages)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.reproduction.pages import markdown_page, table_pages

markdown_page(snakemake.input.report, snakemake.output.page)
table_pages(snakemake.input.tables, snakemake.output.tables, snakemake.wildcards.paper)
