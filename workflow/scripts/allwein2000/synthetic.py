"""Figure 3: the |x|-threshold simulation, its summary and its plot (rule allwein_synthetic)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000.steps import synthetic

synthetic(snakemake)
