"""reports/README.md: every paper's comparison summary in one table (rule reports_index)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.reproduction.comparison import write_index

write_index({Path(p).parent.name: p for p in snakemake.input}, snakemake.params.scale, snakemake.output[0])
