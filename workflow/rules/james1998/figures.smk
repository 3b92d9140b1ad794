rule james_plot_error_figure:
    input:
        results=target_results,
        published=lambda wc: f"resources/published/james1998/{published_table_of(JAMES, wc.figure)}.csv",
    output:
        png=in_report(scaled("results/james1998/{figure}.png"), JOB_FIGURE_CAPTION, "james1998", "figures"),
        pdf=scaled("results/james1998/{figure}.pdf"),
        csv=scaled("results/james1998/{figure}.csv"),
    wildcard_constraints:
        figure="|".join(targets_of({"error_figure"})),
    params:
        settings=JAMES_SETTINGS,
        caption=lambda wc: figure_caption("james1998", wc.figure),
    script:
        "../../scripts/step.py"


rule james_plot_concentric_figure:
    output:
        png=figure_report(scaled("results/james1998/figure_2_7.png"), "james1998", "figure_2_7", "figures"),
        pdf=scaled("results/james1998/figure_2_7.pdf"),
        csv=scaled("results/james1998/figure_2_7.csv"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"
