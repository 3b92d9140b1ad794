"""Zaki & Meira Ch. 22: one demonstration target, the comparison or the report (rules zaki_*)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.zaki_ch22.comparison import build_comparison
from mavl.papers.zaki_ch22.report import build_zaki_report
from mavl.papers.zaki_ch22.targets import write_target

if snakemake.rule == "zaki_comparison":
    build_comparison(dict(snakemake.input.items()), dict(snakemake.output.items()))
elif snakemake.rule == "zaki_report":
    build_zaki_report(snakemake.config, Path(snakemake.input[0]).parent, snakemake.output.report,
                      snakemake.output.figures)
else:
    write_target(Path(snakemake.output.csv).name.removesuffix(".csv"), dict(snakemake.output.items()))
