# Zaki & Meira Chapter 22: the demonstration targets and their report.


rule zaki_figure_target:
    output:
        csv="results/zaki_ch22/{zaki_figure}.csv",
        checks="results/zaki_ch22/{zaki_figure}.checks.json",
        png=report("results/zaki_ch22/{zaki_figure}.png", caption="../../report/zaki_ch22/target.rst",
                   category="zaki_ch22", subcategory="figures"),
        pdf="results/zaki_ch22/{zaki_figure}.pdf",
    log:
        "logs/zaki_ch22/{zaki_figure}.log",
    wildcard_constraints:
        zaki_figure="|".join(ZAKI["figure_targets"]),
    conda:
        ENV
    script:
        "../../scripts/zaki_ch22/zaki.py"


rule zaki_table_target:
    output:
        csv="results/zaki_ch22/{zaki_table}.csv",
        checks="results/zaki_ch22/{zaki_table}.checks.json",
    log:
        "logs/zaki_ch22/{zaki_table}.log",
    wildcard_constraints:
        zaki_table="|".join(ZAKI["table_targets"]),
    conda:
        ENV
    script:
        "../../scripts/zaki_ch22/zaki.py"


rule zaki_report:
    input:
        zaki_files(),
    output:
        report=report(report_path("zaki_ch22"), caption="../../report/zaki_ch22/target.rst",
                      category="zaki_ch22", subcategory="summary"),
        figures=directory(report_figures("zaki_ch22")),
    log:
        "logs/zaki_ch22/report.log",
    conda:
        ENV
    script:
        "../../scripts/zaki_ch22/zaki.py"
