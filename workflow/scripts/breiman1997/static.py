"""Table 2 (the data sets) or Eq. 7.3 (rule breiman_static)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from pathlib import Path

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.tables import build_data_summary, build_eq_7_3

# Two targets of one rule, told apart by the output's name (the rule's wildcard).
if Path(snakemake.output[0]).stem == "table_2":
    build_data_summary(settings(snakemake.config), snakemake.input.published, snakemake.output[0])
else:
    build_eq_7_3(snakemake.input.published, snakemake.output[0])
