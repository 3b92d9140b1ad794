rule build_report:
    input:
        tables=expand("results/{paper}/{table}.summary.json", paper=PAPER,
                      table=targets_of({"table", "relative_table"})),
        figures=expand("results/{paper}/{figure}.png", paper=PAPER,
                       figure=targets_of({"error_figure", "concentric_figure"})),
        results=all_results,
        published=f"resources/published/{PAPER}/average_se.csv",
    output:
        report_path(),
    log:
        f"logs/build_report/{PAPER}.log",
    conda:
        ENV
    script:
        "../scripts/build_report.py"
