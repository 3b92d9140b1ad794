# James (1998): every rule of the thesis, and its target rule `james1998`.


include: "common.smk"
include: "fit.smk"
include: "tables.smk"
include: "figures.smk"
include: "simulations.smk"
include: "settling.smk"
include: "margins.smk"
include: "static.smk"
include: "report.smk"


rule james1998:
    input:
        james1998_targets(),
