# Zaki & Meira Ch. 22: the demonstration targets, their report, and the target rule `zaki_ch22`.


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    zaki_comparison,
    zaki_report,
    zaki_ch22,


include: "common.smk"
include: "targets.smk"


rule zaki_ch22:
    input:
        zaki_ch22_targets(),
        paper_pages("zaki_ch22"),
