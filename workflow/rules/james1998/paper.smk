# James (1998): every rule of the thesis, and its target rule `james1998`.


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    build_table,
    plot_error_figure,
    plot_concentric_figure,
    bias_variance_table,
    case_study_table,
    case_study_figure,
    settling_figures,
    margin_figure,
    static_table,
    bound_table,
    illustration,
    james_comparison,
    build_report,
    james1998,


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
        paper_pages("james1998"),
