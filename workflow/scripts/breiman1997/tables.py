"""One of Tables 1 and 3-5 beside the published one (rule breiman_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from pathlib import Path

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.tables import build_table

build_table(settings(snakemake.config), Path(snakemake.output[0]).stem, snakemake.input.runs,
            snakemake.input.published, snakemake.output[0])
