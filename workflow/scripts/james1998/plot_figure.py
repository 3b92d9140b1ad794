"""One figure: PNG, PDF and the plotted CSV (rules james_plot_error_figure, james_plot_concentric_figure)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.error_tables import build_concentric_figure, build_error_figure

config = settings(snakemake.config)

target = Path(snakemake.output.png).stem
outputs = dict(snakemake.output.items())
if config["targets"][target]["kind"] == "concentric_figure":
    build_concentric_figure(config, target, outputs)
else:
    build_error_figure(config, target, snakemake.input.results, snakemake.input.published, outputs)
