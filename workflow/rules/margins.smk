# Chapter 4: AdaBoost margins on Letter and the Training, Schapire and Normal models.


rule margin_split:
    params:
        study=config["margins"],
        trees=config["trees"],
        options=config["options"],
    output:
        curves=f"results/{PAPER}/raw/margins/rep{{replicate}}.csv",
        summary=f"results/{PAPER}/raw/margins/rep{{replicate}}.json",
        png=f"results/{PAPER}/raw/margins/rep{{replicate}}.distribution.png",
        pdf=f"results/{PAPER}/raw/margins/rep{{replicate}}.distribution.pdf",
    log:
        f"logs/margin_split/rep{{replicate}}.log",
    conda:
        ENV
    script:
        "../scripts/margins.py"


rule margin_figure:
    input:
        curves=f"results/{PAPER}/raw/margins/rep{config['margins']['figure_split']}.csv",
        summary=f"results/{PAPER}/raw/margins/rep{config['margins']['figure_split']}.json",
    output:
        png=report(f"results/{PAPER}/{{margin_figure}}.png", caption="../report/margins.rst",
                   category=PAPER, subcategory="figures"),
        pdf=f"results/{PAPER}/{{margin_figure}}.pdf",
        csv=f"results/{PAPER}/{{margin_figure}}.csv",
    log:
        f"logs/margin_figure/{{margin_figure}}.log",
    wildcard_constraints:
        margin_figure="|".join(targets_of({"margin_figure"})),
    conda:
        ENV
    script:
        "../scripts/margins.py"
