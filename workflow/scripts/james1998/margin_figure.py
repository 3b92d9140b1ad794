"""One figure of the margin study (rule james_margin_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import margin_figure

margin_figure(snakemake)
