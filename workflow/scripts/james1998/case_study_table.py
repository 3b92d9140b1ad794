"""The case study's table beside the published one (rule james_case_study_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.case_study import build_case_study_table

build_case_study_table(dict(snakemake.input.items()), snakemake.input.published,
                       snakemake.input.scalars_published, dict(snakemake.output.items()))
