"""Tables 1-5, Eq. 7.3 and the bottom-edge check (rules breiman_table, breiman_static, breiman_bottom_edge)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.breiman1997 import settings
from mavl.papers.breiman1997.tables import (
    build_bottom_edge_table,
    build_data_summary,
    build_eq_7_3,
    build_table,
)

config = settings(snakemake.config)
target = Path(snakemake.output[0]).stem
if snakemake.rule == "breiman_table":
    build_table(config, target, snakemake.input.runs, snakemake.input.published, snakemake.output[0])
elif snakemake.rule == "breiman_bottom_edge":
    build_bottom_edge_table(config, snakemake.input.runs, snakemake.output[0])
elif target == "table_2":
    build_data_summary(config, snakemake.input.published, snakemake.output[0])
else:
    build_eq_7_3(snakemake.input.published, snakemake.output[0])
