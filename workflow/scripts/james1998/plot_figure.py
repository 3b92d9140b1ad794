"""One figure: PNG, PDF and the plotted CSV (rules plot_error_figure, plot_concentric_figure)."""

import sys
from pathlib import Path

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.error_tables import build_concentric_figure, build_error_figure

config = settings(snakemake.config)

target = Path(snakemake.output.png).stem
outputs = dict(snakemake.output.items())
if config["targets"][target]["kind"] == "concentric_figure":
    build_concentric_figure(config, target, outputs)
else:
    build_error_figure(config, target, snakemake.input.results, outputs)
