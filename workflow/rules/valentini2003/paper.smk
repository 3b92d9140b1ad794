# Valentini (2003): the rules built so far (static targets, Chapters 4 and 5), and its target rule
# `valentini2003`. Chapters 5 and 6 and the report are not wired yet, so `rule all` leaves it out.


localrules:
    valentini_static,
    valentini_table_4_2,
    valentini_ch4_figure,
    valentini_table_5,
    valentini_ch5_figure,
    valentini2003,


include: "common.smk"
include: "rules.smk"


rule valentini2003:
    input:
        valentini2003_targets(),
