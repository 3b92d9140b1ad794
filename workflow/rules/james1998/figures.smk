rule james_plot_error_figure:
    input:
        results=target_results,
        published=lambda wc: f"resources/published/james1998/{published_table_of(JAMES, wc.figure)}.csv",
    output:
        png=report(
            scaled("results/james1998/{figure}.png"),
            caption=JOB_FIGURE_CAPTION,
            category="james1998",
            subcategory="figures",
        ),
        pdf=scaled("results/james1998/{figure}.pdf"),
        csv=scaled("results/james1998/{figure}.csv"),
    log:
        "logs/james1998/plot_error_figure/{figure}.log",
    benchmark:
        f"logs/james1998/bench/{SCALE_OF['james1998']}/plot_error_figure/{{figure}}.tsv"
    wildcard_constraints:
        figure="|".join(targets_of({"error_figure"})),
    priority: rule_priority("james_plot_error_figure")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("james_plot_error_figure"),
    params:
        settings=JAMES_SETTINGS,
        caption=lambda wc: figure_caption("james1998", wc.figure),
    script:
        "../../scripts/james1998/plot_error_figure.py"


rule james_plot_concentric_figure:
    output:
        png=figure_report(scaled("results/james1998/figure_2_7.png"), "james1998", "figure_2_7", "figures"),
        pdf=scaled("results/james1998/figure_2_7.pdf"),
        csv=scaled("results/james1998/figure_2_7.csv"),
    log:
        "logs/james1998/plot_concentric_figure/figure_2_7.log",
    benchmark:
        f"logs/james1998/bench/{SCALE_OF['james1998']}/plot_concentric_figure/figure_2_7.tsv"
    priority: rule_priority("james_plot_concentric_figure")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("james_plot_concentric_figure"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/james1998/plot_concentric_figure.py"
