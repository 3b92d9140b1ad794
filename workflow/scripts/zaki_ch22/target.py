"""One demonstration target of the chapter (rules zaki_figure_target, zaki_table_target)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from pathlib import Path

from mavl.papers.zaki_ch22.targets import write_target

write_target(Path(snakemake.output.csv).name.removesuffix(".csv"), dict(snakemake.output.items()))
