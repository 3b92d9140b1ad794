# Chapter 4: AdaBoost margins on Letter and the Training, Schapire and Normal models.


rule james_margin_split:
    params:
        settings=JAMES_SETTINGS,
    output:
        curves="results/james1998/raw/margins/rep{replicate}.csv",
        summary="results/james1998/raw/margins/rep{replicate}.json",
        png="results/james1998/raw/margins/rep{replicate}.distribution.png",
        pdf="results/james1998/raw/margins/rep{replicate}.distribution.pdf",
    log:
        "logs/james1998/margin_split/rep{replicate}.log",
    benchmark:
        f"logs/james1998/bench/{config['scale']}/margin_split/rep{{replicate}}.tsv"
    threads: 1
    resources:
        **rule_resources("james_margin_split"),
    conda:
        ENV
    script:
        "../../scripts/james1998/margin_split.py"


rule james_margin_figure:
    params:
        caption=lambda wc: figure_caption("james1998", wc.margin_figure),
    input:
        curves=f"results/james1998/raw/margins/rep{JAMES['margins']['figure_split']}.csv",
        summary=f"results/james1998/raw/margins/rep{JAMES['margins']['figure_split']}.json",
    output:
        png=report("results/james1998/{margin_figure}.png", caption=JOB_FIGURE_CAPTION, category="james1998",
                   subcategory="figures"),
        pdf="results/james1998/{margin_figure}.pdf",
        csv="results/james1998/{margin_figure}.csv",
    log:
        "logs/james1998/margin_figure/{margin_figure}.log",
    benchmark:
        f"logs/james1998/bench/{config['scale']}/margin_figure/{{margin_figure}}.tsv"
    wildcard_constraints:
        margin_figure="|".join(targets_of({"margin_figure"})),
    threads: 1
    resources:
        **rule_resources("james_margin_figure"),
    conda:
        ENV
    script:
        "../../scripts/james1998/margin_figure.py"
