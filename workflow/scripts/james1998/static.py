"""Table 2.1, Table 2.2 and the illustrations (rules static_table, bound_table, illustration)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.static import build_bound_table, build_illustration, build_static_table

config = settings(snakemake.config)

outputs = dict(snakemake.output.items())
if snakemake.rule == "static_table":
    build_static_table(snakemake.input.published, outputs)
elif snakemake.rule == "bound_table":
    build_bound_table(config, "table_2_2", snakemake.input.published, outputs)
else:
    build_illustration(config, snakemake.wildcards.illustration, outputs)
