# Zaki & Meira Chapter 22: the demonstration targets and their report.


rule zaki_figure_target:
    output:
        csv=f"results/{ZAKI}/{{zaki_figure}}.csv",
        checks=f"results/{ZAKI}/{{zaki_figure}}.checks.json",
        png=report(f"results/{ZAKI}/{{zaki_figure}}.png", caption="../report/zaki.rst",
                   category=ZAKI, subcategory="figures"),
        pdf=f"results/{ZAKI}/{{zaki_figure}}.pdf",
    log:
        f"logs/{ZAKI}/{{zaki_figure}}.log",
    wildcard_constraints:
        zaki_figure="|".join(config["zaki_ch22"]["figure_targets"]),
    conda:
        ENV
    script:
        "../scripts/zaki.py"


rule zaki_table_target:
    output:
        csv=f"results/{ZAKI}/{{zaki_table}}.csv",
        checks=f"results/{ZAKI}/{{zaki_table}}.checks.json",
    log:
        f"logs/{ZAKI}/{{zaki_table}}.log",
    wildcard_constraints:
        zaki_table="|".join(config["zaki_ch22"]["table_targets"]),
    conda:
        ENV
    script:
        "../scripts/zaki.py"


rule zaki_report:
    input:
        zaki_files(),
    output:
        report=report(zaki_report_path(), caption="../report/zaki.rst", category=ZAKI,
                      subcategory="summary"),
        figures=directory(zaki_report_path().removesuffix(".md") + "_figures"),
    log:
        f"logs/{ZAKI}/report.log",
    conda:
        ENV
    script:
        "../scripts/zaki.py"
