"""Every published cell judged, its summary and the claims (rule breiman_comparison)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.comparison import build_comparison

i, o = snakemake.input, snakemake.output
build_comparison(settings(snakemake.config), i.runs, Path(i.published[0]).parent, i.summary, i.tables, i.eq_7_3,
                 i.sweeps, o.comparison, o.summary, o.claims, o.readings)
