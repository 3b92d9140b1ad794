# Valentini (2003): its rules (static targets, Chapters 4-6, the report) and its target rule
# `valentini2003`, which includes the report.


localrules:
    valentini_static,
    valentini_table_4_2,
    valentini_ch4_figure,
    valentini_table_5,
    valentini_ch5_figure,
    valentini_table_6,
    valentini_figure_6_1,
    valentini_report,
    valentini2003,


include: "common.smk"
include: "rules.smk"


rule valentini2003:
    input:
        valentini2003_targets(),
