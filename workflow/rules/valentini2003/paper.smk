# Valentini (2003): its rules (static targets, Chapters 4-6, the report) and its target rule
# `valentini2003`, which includes the report.


localrules:
    valentini_static,
    valentini_ch4_targets,
    valentini_ch5_targets,
    valentini_ch6_targets,
    valentini_report,
    valentini2003,


include: "common.smk"
include: "rules.smk"


rule valentini2003:
    input:
        valentini2003_targets(),
        paper_pages("valentini2003"),
