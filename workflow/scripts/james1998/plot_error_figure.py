"""One error-against-B figure beside its published table: PNG, PDF and the plotted CSV (rule james_plot_error_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import plot_error_figure

plot_error_figure(snakemake)
