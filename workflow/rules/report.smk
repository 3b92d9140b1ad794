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
        theory_tables=[f for t in targets_of(set(TABLE_SUFFIXES) - {"table", "relative_table"})
                       for f in target_files(t)],
        theory_figures=expand("results/{paper}/{figure}.png", paper=PAPER,
                              figure=[t for t in config["targets"] if t.startswith("figure_")
                                      and t not in targets_of({"error_figure", "concentric_figure"})]),
        margin_figure=f"results/{PAPER}/raw/margins/rep{config['margins']['figure_split']}.json",
        margin_splits=margin_files(),
        settling=f"results/{PAPER}/settling.claims.json",
        case_study=CASE_STUDY["scalars"],
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
