# Zaki & Meira Chapter 22: the demonstration targets and their report.

ZAKI = "zaki_ch22"
ZAKI_TARGETS = config["zaki_ch22"]["figure_targets"] + config["zaki_ch22"]["table_targets"]


def zaki_files():
    files = [f"results/{ZAKI}/{t}.{ext}" for t in ZAKI_TARGETS for ext in ("csv", "checks.json")]
    return files + [f"results/{ZAKI}/{t}.png" for t in config["zaki_ch22"]["figure_targets"]]


def zaki_report_path():
    scale = config["scale"]
    return f"reports/{ZAKI}.md" if scale == "paper" else f"reports/{ZAKI}.{scale}.md"


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
