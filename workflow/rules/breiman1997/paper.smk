# Breiman (1997): every rule of the report, and its target rule `breiman1997`.


include: "common.smk"
include: "rules.smk"


rule breiman1997:
    input:
        breiman1997_targets(),
