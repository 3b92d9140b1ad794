"""The Section 3.4 case study: the run, its table, Figures 2.6 and 3.1 (rules case_study*)."""

from mavl.reproduction.progress import log_to

log_to(snakemake.log[0], job=f"{snakemake.rule} {dict(snakemake.wildcards.items())}")

from mavl.papers.james1998 import settings
from mavl.papers.james1998.case_study import build_case_study_figure, build_case_study_table, case_study

config = settings(snakemake.config)

outputs = dict(snakemake.output.items())
if snakemake.rule == "case_study":
    case_study(config, outputs)
elif snakemake.rule == "case_study_table":
    build_case_study_table(dict(snakemake.input.items()), snakemake.input.published,
                           snakemake.input.scalars_published, outputs)
else:
    build_case_study_figure(snakemake.wildcards.cs_figure, dict(snakemake.input.items()), outputs)
