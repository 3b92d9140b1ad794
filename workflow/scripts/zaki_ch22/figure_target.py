"""One demonstration figure of the chapter: its PNG, PDF and the plotted CSV (rule zaki_figure_target)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.zaki_ch22.steps import figure_target

figure_target(snakemake)
