"""The Markdown report of Allwein, Schapire & Singer (2000) (rule allwein_report)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.report import build_report

build_report(snakemake.input, snakemake.output, settings(snakemake.config), snakemake.params.captions)
