rule build_report:
    input:
        tables=expand("results/{paper}/{table}.summary.json", paper=PAPER,
                      table=targets_of({"table", "relative_table"})),
        figures=expand("results/{paper}/{figure}.png", paper=PAPER,
                       figure=targets_of({"error_figure", "concentric_figure"})),
        results=all_results,
        published=f"resources/published/{PAPER}/average_se.csv",
        gaps=f"resources/published/{PAPER}/known_gaps.csv",
        leaves=f"resources/published/{PAPER}/leaves.csv",
    output:
        report=report(report_path(), caption="../report/summary.rst", category=PAPER,
                      subcategory="summary"),
        figures=directory(report_path().removesuffix(".md") + "_figures"),
    log:
        f"logs/build_report/{PAPER}.log",
    conda:
        ENV
    script:
        "../scripts/build_report.py"
