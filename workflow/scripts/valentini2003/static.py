"""Valentini (2003)'s static targets: no learning, or the data generator only (rule valentini_static)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.static import build_statics

build_statics(settings(snakemake.config), "resources/published/valentini2003",
              zip(snakemake.output.csv, snakemake.output.png, strict=True))
