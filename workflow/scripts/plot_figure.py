"""One figure: PNG, PDF and the plotted CSV (rules plot_error_figure, plot_concentric_figure)."""

import sys
from pathlib import Path

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce import build_concentric_figure, build_error_figure

target = Path(snakemake.output.png).stem
outputs = dict(snakemake.output.items())
if snakemake.config["targets"][target]["kind"] == "concentric_figure":
    build_concentric_figure(snakemake.config, target, outputs)
else:
    build_error_figure(snakemake.config, target, snakemake.input.results, outputs)
