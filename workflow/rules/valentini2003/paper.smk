# Valentini (2003): the rules built so far (static targets, Chapters 4-6), and its target rule
# `valentini2003`. The report is not written yet, so `rule all` leaves it out.


localrules:
    valentini_static,
    valentini_table_4_2,
    valentini_ch4_figure,
    valentini_table_5,
    valentini_ch5_figure,
    valentini_table_6,
    valentini_figure_6_1,
    valentini2003,


include: "common.smk"
include: "rules.smk"


rule valentini2003:
    input:
        valentini2003_targets(),
