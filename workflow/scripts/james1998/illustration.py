"""One illustration of the thesis (rule james_illustration)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.static import build_illustration

build_illustration(settings(snakemake.config), snakemake.wildcards.illustration, dict(snakemake.output.items()))
