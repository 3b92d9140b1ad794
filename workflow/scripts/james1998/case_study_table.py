"""The case study's table beside the published one (rule james_case_study_table)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import case_study_table

case_study_table(snakemake)
