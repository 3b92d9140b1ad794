"""Chapter 4: one split's margins and model fits, or one of Figures 4.1-4.4 (rules margin_*)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.margin_study import build_margin_figure, margin_split

config = settings(snakemake.config)

outputs = dict(snakemake.output.items())
if snakemake.rule == "margin_split":
    margin_split(config, int(snakemake.wildcards.replicate), outputs)
else:
    build_margin_figure(snakemake.wildcards.margin_figure, snakemake.input.curves,
                        snakemake.input.summary, outputs)
