# Allwein, Schapire & Singer (2000): every rule of the paper, and its target rule `allwein2000`.


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    allwein_table_1,
    allwein_error_table,
    allwein_static_figure,
    allwein_comparison_figure,
    allwein_bound_check,
    allwein_report,
    allwein2000,


include: "common.smk"
include: "rules.smk"


rule allwein2000:
    input:
        allwein2000_targets(),
        paper_pages("allwein2000"),
