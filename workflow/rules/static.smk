# Static, analytic and illustrative targets: Table 2.1 (as printed), Table 2.2 (the bound in both
# forms), Figures 1.1, 2.1 and 2.5 (substitute or synthetic data, labelled as such).


rule static_table:
    input:
        published=f"resources/published/{PAPER}/table_2_1.csv",
    output:
        table=report(f"results/{PAPER}/table_2_1.csv", caption="../report/static.rst",
                     category=PAPER, subcategory="tables"),
    log:
        "logs/static_table.log",
    conda:
        ENV
    script:
        "../scripts/static.py"


rule bound_table:
    input:
        published=f"resources/published/{PAPER}/table_2_2.csv",
    output:
        table=report(f"results/{PAPER}/table_2_2.csv", caption="../report/static.rst",
                     category=PAPER, subcategory="tables"),
        hoeffding=f"results/{PAPER}/table_2_2.hoeffding.csv",
        compare=f"results/{PAPER}/table_2_2.compare.csv",
    log:
        "logs/bound_table.log",
    conda:
        ENV
    script:
        "../scripts/static.py"


rule illustration:
    output:
        png=report(f"results/{PAPER}/{{illustration}}.png", caption="../report/static.rst",
                   category=PAPER, subcategory="figures"),
        pdf=f"results/{PAPER}/{{illustration}}.pdf",
        csv=f"results/{PAPER}/{{illustration}}.csv",
    log:
        f"logs/illustration/{{illustration}}.log",
    wildcard_constraints:
        illustration="|".join(targets_of({"illustration"})),
    conda:
        ENV
    script:
        "../scripts/static.py"
