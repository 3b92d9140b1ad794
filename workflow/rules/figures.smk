rule plot_error_figure:
    input:
        results=target_results,
    output:
        png=report("results/{paper}/{figure}.png", caption="../report/figure.rst",
                   category="{paper}", subcategory="figures"),
        pdf="results/{paper}/{figure}.pdf",
        csv="results/{paper}/{figure}.csv",
    log:
        "logs/plot_error_figure/{paper}/{figure}.log",
    wildcard_constraints:
        figure="|".join(targets_of({"error_figure"})),
    conda:
        ENV
    script:
        "../scripts/plot_figure.py"


rule plot_concentric_figure:
    output:
        png=report("results/{paper}/figure_2_7.png", caption="../report/figure.rst",
                   category="{paper}", subcategory="figures"),
        pdf="results/{paper}/figure_2_7.pdf",
        csv="results/{paper}/figure_2_7.csv",
    log:
        "logs/plot_concentric_figure/{paper}/figure_2_7.log",
    conda:
        ENV
    script:
        "../scripts/plot_figure.py"
