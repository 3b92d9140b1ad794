"""Figure 2.7, one Concentric Two Class training sample: PNG, PDF and the points (rule james_plot_concentric_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import plot_concentric_figure

plot_concentric_figure(snakemake)
