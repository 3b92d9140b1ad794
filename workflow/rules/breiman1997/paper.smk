# Breiman (1997): every rule of the report, and its target rule `breiman1997`.


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    breiman_table,
    breiman_static,
    breiman_bottom_edge,
    breiman_report,
    breiman_comparison,
    breiman_sensitivity,
    breiman1997,


include: "common.smk"
include: "rules.smk"


rule breiman1997:
    input:
        breiman1997_targets(),
        paper_pages("breiman1997"),
