"""reports/README.md: every paper's comparison summary in one table (rule reports_index)."""

import sys
from pathlib import Path

sys.stderr = open(snakemake.log[0], "w")

from mavl.reproduction.comparison import write_index

write_index({Path(p).parent.name: p for p in snakemake.input}, snakemake.params.scale, snakemake.output[0])
