"""One figure of the case study (rule james_case_study_figure)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998.case_study import build_case_study_figure

build_case_study_figure(snakemake.wildcards.cs_figure, dict(snakemake.input.items()),
                        dict(snakemake.output.items()))
