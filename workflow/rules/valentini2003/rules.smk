# Valentini (2003): the static targets, one chapter-4 job per data set and kernel, the P2 surface,
# Table 4.2 and Figures 4.5-4.25.


rule valentini_static:
    params:
        section=config["valentini2003"],
        scale=config["scale"],
    output:
        csv="results/valentini2003/{valentini_static}.csv",
        png=report("results/valentini2003/{valentini_static}.png", caption="../../report/valentini2003/figure.rst",
                   category="valentini2003", subcategory="static"),
    log:
        "logs/valentini2003/{valentini_static}.log",
    wildcard_constraints:
        valentini_static="|".join(VALENTINI_STATIC),
    conda:
        ENV
    script:
        "../../scripts/valentini2003/static.py"


rule valentini_ch4:
    params:
        section=config["valentini2003"],
        scale=config["scale"],
    output:
        "results/valentini2003/raw/ch4/{data_set}/{kernel}.tsv",
    log:
        "logs/valentini2003/ch4/{data_set}/{kernel}.log",
    wildcard_constraints:
        data_set="|".join(VALENTINI["data_sets"]),
        kernel="rbf|poly|linear",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch4.py"


rule valentini_p2_surface:
    params:
        section=config["valentini2003"],
        scale=config["scale"],
    output:
        errors="results/valentini2003/raw/ch4_p2_surface/errors.tsv",
        surface="results/valentini2003/raw/ch4_p2_surface/surface.tsv",
    log:
        "logs/valentini2003/ch4_p2_surface.log",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch4.py"


rule valentini_table_4_2:
    input:
        runs=valentini_ch4_jobs(),
        published="resources/published/valentini2003/table_4_2.csv",
    output:
        report("results/valentini2003/table_4_2.csv", caption="../../report/valentini2003/table.rst",
               category="valentini2003", subcategory="tables"),
    log:
        "logs/valentini2003/table_4_2.log",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch4_targets.py"


rule valentini_ch4_figure:
    input:
        runs=valentini_ch4_jobs(),
        surface="results/valentini2003/raw/ch4_p2_surface/surface.tsv",
    output:
        csv="results/valentini2003/{valentini_ch4_figure}.csv",
        png=report("results/valentini2003/{valentini_ch4_figure}.png",
                   caption="../../report/valentini2003/figure.rst", category="valentini2003",
                   subcategory="chapter 4"),
    log:
        "logs/valentini2003/{valentini_ch4_figure}.log",
    wildcard_constraints:
        valentini_ch4_figure="|".join(VALENTINI_CH4_FIGURES),
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch4_targets.py"


rule valentini_ensembles:
    params:
        section=config["valentini2003"],
        scale=config["scale"],
    output:
        "results/valentini2003/raw/{valentini_family}/{data_set}/{kernel}.tsv",
    log:
        "logs/valentini2003/{valentini_family}/{data_set}/{kernel}.log",
    wildcard_constraints:
        valentini_family="ch5_bag|ch5_ra|ch6_lobag_pair|ch6_lobag_rep",
        data_set="|".join(VALENTINI["data_sets"]),
        kernel="rbf|poly|linear",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ensembles.py"


rule valentini_table_5:
    input:
        runs=valentini_ch5_jobs(),
        published="resources/published/valentini2003/{valentini_table_5}.csv",
        inconsistent="resources/published/valentini2003/inconsistent_cells.csv",
        p2_reference="resources/published/valentini2003/p2_surface_errors.csv",
    output:
        table=report("results/valentini2003/{valentini_table_5}.csv", caption="../../report/valentini2003/table.rst",
                     category="valentini2003", subcategory="tables"),
        supplement="results/valentini2003/{valentini_table_5}.same_parameter.csv",
    log:
        "logs/valentini2003/{valentini_table_5}.log",
    wildcard_constraints:
        valentini_table_5="table_5_1|table_5_2",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch5_targets.py"


rule valentini_ch5_figure:
    input:
        runs=valentini_ch5_jobs(),
    output:
        csv="results/valentini2003/{valentini_ch5_figure}.csv",
        png=report("results/valentini2003/{valentini_ch5_figure}.png",
                   caption="../../report/valentini2003/figure.rst", category="valentini2003",
                   subcategory="chapter 5"),
    log:
        "logs/valentini2003/{valentini_ch5_figure}.log",
    wildcard_constraints:
        valentini_ch5_figure="|".join(VALENTINI_CH5_FIGURES),
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch5_targets.py"


rule valentini_table_6:
    input:
        runs=lambda w: valentini_ch6_jobs({"table_6_1": "ch6_lobag_pair", "table_6_2": "ch6_lobag_rep"}[
            w.valentini_table_6]),
        published="resources/published/valentini2003/{valentini_table_6}.csv",
    output:
        report("results/valentini2003/{valentini_table_6}.csv", caption="../../report/valentini2003/table.rst",
               category="valentini2003", subcategory="tables"),
    log:
        "logs/valentini2003/{valentini_table_6}.log",
    wildcard_constraints:
        valentini_table_6="table_6_1|table_6_2",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch6_targets.py"


rule valentini_figure_6_1:
    input:
        runs=["results/valentini2003/table_6_1.csv"],
        published="resources/published/valentini2003/table_6_1.csv",
    output:
        csv="results/valentini2003/figure_6_1.csv",
        png=report("results/valentini2003/figure_6_1.png", caption="../../report/valentini2003/figure.rst",
                   category="valentini2003", subcategory="chapter 6"),
    log:
        "logs/valentini2003/figure_6_1.log",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/ch6_targets.py"


rule valentini_report:
    input:
        table_4_1="results/valentini2003/table_4_1.csv",
        table_4_2="results/valentini2003/table_4_2.csv",
        table_5_1="results/valentini2003/table_5_1.csv",
        table_5_2="results/valentini2003/table_5_2.csv",
        table_6_1="results/valentini2003/table_6_1.csv",
        table_6_2="results/valentini2003/table_6_2.csv",
        table_6_3="results/valentini2003/table_6_3.csv",
        table_6_4="results/valentini2003/table_6_4.csv",
        table_6_5="results/valentini2003/table_6_5.csv",
        ch4=valentini_ch4_jobs(),
        ch5=valentini_ch5_jobs(),
        p2_errors="results/valentini2003/raw/ch4_p2_surface/errors.tsv",
        p2_surface="results/valentini2003/raw/ch4_p2_surface/surface.tsv",
        published=expand("resources/published/valentini2003/{table}.csv",
                         table=["table_4_2", "table_5_1", "table_5_2", "table_6_1", "table_6_2"]),
        inconsistent="resources/published/valentini2003/inconsistent_cells.csv",
        figures=valentini_figures(),
    output:
        report=report(report_path("valentini2003"), caption="../../report/valentini2003/summary.rst",
                      category="valentini2003", subcategory="summary"),
        claims="results/valentini2003/claims.csv",
    log:
        "logs/valentini2003/report.log",
    conda:
        ENV
    script:
        "../../scripts/valentini2003/report.py"
