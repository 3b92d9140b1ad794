"""Figure 1 or 2, drawn from the paper's definitions alone (rule allwein_static_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import static_figure

static_figure(snakemake)
