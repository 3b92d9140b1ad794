"""Figure 3: the |x|-threshold simulation, its summary and its plot (rule allwein_synthetic)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.figures import plot_synthetic
from mavl.papers.allwein2000.synthetic import run_synthetic, summarise_synthetic
from mavl.reproduction.io import write_table

runs = run_synthetic(settings(snakemake.config))
summary = summarise_synthetic(runs)
write_table(runs, snakemake.output.runs)
write_table(summary, snakemake.output.summary)
plot_synthetic(summary, snakemake.output.png)
