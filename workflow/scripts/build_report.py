"""The Markdown report of James (1998) Chapter 2 (rule build_report)."""

import os
import sys
from pathlib import Path

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduce import build_report_step

out = Path(snakemake.output[0])
figures = {Path(p).stem: os.path.relpath(p, out.parent) for p in snakemake.input.figures}
build_report_step(
    snakemake.config,
    Path(snakemake.input.tables[0]).parent,
    Path(snakemake.input.published).parent,
    snakemake.input.results,
    out,
    figures,
)
