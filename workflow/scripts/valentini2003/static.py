"""A static target of Valentini (2003): no learning, or the data generator only (rule valentini_static)."""

import sys

sys.stderr = open(snakemake.log[0], "w")

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.static import build_static

build_static(settings(snakemake.config), snakemake.wildcards.valentini_static,
             "resources/published/valentini2003", dict(snakemake.output.items()))
