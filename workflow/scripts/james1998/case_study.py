"""The Letter case study's fits (rule james_case_study)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import case_study

case_study(snakemake)
