# James (1998): every rule of the thesis, and its target rule `james1998`.


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    james_table,
    james_plot_error_figure,
    james_plot_concentric_figure,
    james_bias_variance_table,
    james_case_study_table,
    james_case_study_figure,
    james_settling_figures,
    james_margin_figure,
    james_static_table,
    james_bound_table,
    james_illustration,
    james_comparison,
    james_report,
    james1998,


include: "common.smk"
include: "fit.smk"
include: "tables.smk"
include: "figures.smk"
include: "simulations.smk"
include: "settling.smk"
include: "margins.smk"
include: "static.smk"
include: "sensitivity.smk"
include: "report.smk"


rule james1998:
    input:
        james1998_targets(),
        paper_pages("james1998"),
