# Zaki & Meira Ch. 22: the demonstration targets, their report, and the target rule `zaki_ch22`.


include: "common.smk"
include: "targets.smk"


rule zaki_ch22:
    input:
        zaki_ch22_targets(),
