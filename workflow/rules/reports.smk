# The index of every paper's report: reports/README.md gathers each paper's comparison summary.


localrules:
    reports_index,


rule reports_index:
    input:
        scaled([f"results/{paper}/comparison_summary.json" for paper in PAPERS]),
    output:
        layout.report_path("README", config["scale"]),
    params:
        scale=config["scale"],
    script:
        "../scripts/step.py"


# Each paper's report as HTML pages for `snakemake --report`, which shows HTML in place but offers
# Markdown and CSV only as downloads: the Markdown report as one page (figures embedded), and each
# table target (results/<paper>/table_*.csv of the paper's target rule) as a browsable table.


rule reports_pages:
    input:
        report=lambda wc: report_path(wc.paper),
        tables=paper_tables,
    output:
        page=in_report("results/{tree}{paper}/pages/report.html", "../report/page.rst", "{paper}", "report"),
        tables=report(
            directory("results/{tree}{paper}/pages/tables"),
            patterns=["{name}.html"],
            caption="../report/table_page.rst",
            category="{paper}",
            subcategory="tables",
        ),
    log:
        "logs/reports/{tree}{paper}_pages.log",
    benchmark:
        f"logs/reports/bench/{config['scale']}/{{tree}}{{paper}}_pages.tsv"
    wildcard_constraints:
        paper="|".join(PAPERS),
        # the scale folder of this run's trees ("" at the paper scale, "quick/", ...)
        tree="(?:{})".format(
            "|".join(
                sorted(
                    {
                        re.escape(scaled(f"results/{p}").removeprefix("results/").removesuffix(p))
                        for p in PAPERS
                    }
                )
            )
        ),
    script:
        "../scripts/step.py"
