"""One figure of the case study (rule james_case_study_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.steps import case_study_figure

case_study_figure(snakemake)
