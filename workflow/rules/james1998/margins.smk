# Chapter 4: AdaBoost margins on Letter and the Training, Schapire and Normal models.


rule james_margin_split:
    output:
        curves=scaled("results/james1998/raw/margins/rep{replicate}.csv"),
        summary=scaled("results/james1998/raw/margins/rep{replicate}.json"),
        png=scaled("results/james1998/raw/margins/rep{replicate}.distribution.png"),
        pdf=scaled("results/james1998/raw/margins/rep{replicate}.distribution.pdf"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"


rule james_margin_figure:
    input:
        curves=scaled(f"results/james1998/raw/margins/rep{JAMES['margins']['figure_split']}.csv"),
        summary=scaled(f"results/james1998/raw/margins/rep{JAMES['margins']['figure_split']}.json"),
    output:
        png=in_report(
            scaled("results/james1998/{margin_figure}.png"), JOB_FIGURE_CAPTION, "james1998", "figures"
        ),
        pdf=scaled("results/james1998/{margin_figure}.pdf"),
        csv=scaled("results/james1998/{margin_figure}.csv"),
    wildcard_constraints:
        margin_figure="|".join(targets_of({"margin_figure"})),
    params:
        caption=lambda wc: figure_caption("james1998", wc.margin_figure),
    script:
        "../../scripts/step.py"
