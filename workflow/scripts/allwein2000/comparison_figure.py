"""One of Figures 4-7 from the reproduced Table 2 or 3 (rule allwein_comparison_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import comparison_figure

comparison_figure(snakemake)
