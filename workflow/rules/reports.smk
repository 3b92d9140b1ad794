# The index of every paper's report: reports/README.md gathers each paper's comparison summary.


localrules:
    reports_index,


REPORT_PAPERS = ["james1998", "zaki_ch22", "breiman1997", "allwein2000", "valentini2003"]


rule reports_index:
    input:
        [f"results/{paper}/comparison_summary.json" for paper in REPORT_PAPERS],
    output:
        report_path("README"),
    params:
        scale=config["scale"],
    log:
        "logs/reports/index.log",
    benchmark:
        f"logs/reports/bench/{config['scale']}/index.tsv"
    threads: 1
    resources:
        **rule_resources("reports_index"),
    conda:
        "../envs/mavl.yaml"
    script:
        "../scripts/reports/index.py"


# Each paper's report as HTML pages for `snakemake --report`, which shows HTML in place but offers
# Markdown and CSV only as downloads: the Markdown report as one page (figures embedded), and each
# table target (results/<paper>/table_*.csv of the paper's target rule) as a browsable table.

rule reports_pages:
    input:
        report=lambda wc: report_path(wc.paper),
        tables=paper_tables,
    output:
        page=report("results/{paper}/pages/report.html", caption="../report/page.rst", category="{paper}",
                    subcategory="report"),
        tables=report(directory("results/{paper}/pages/tables"), patterns=["{name}.html"],
                      caption="../report/table_page.rst", category="{paper}", subcategory="tables"),
    log:
        "logs/reports/{paper}_pages.log",
    benchmark:
        f"logs/reports/bench/{config['scale']}/{{paper}}_pages.tsv"
    wildcard_constraints:
        paper="|".join(REPORT_PAPERS),
    threads: 1
    resources:
        **rule_resources("reports_pages"),
    conda:
        "../envs/mavl.yaml"
    script:
        "../scripts/reports/pages.py"
