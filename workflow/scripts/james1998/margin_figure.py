"""One figure of the margin study (rule james_margin_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.margin_study import build_margin_figure

build_margin_figure(snakemake.wildcards.margin_figure, snakemake.input.curves, snakemake.input.summary,
                    dict(snakemake.output.items()))
