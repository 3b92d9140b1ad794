rule james_comparison:
    input:
        unpack(comparison_inputs),
        gaps="resources/published/james1998/known_gaps.csv",
        sweeps=james_sweeps(),
    output:
        comparison=scaled("results/james1998/comparison.csv"),
        summary=scaled("results/james1998/comparison_summary.json"),
        sweep=scaled("results/james1998/sensitivity/table_2_2_bound_form.csv"),
    params:
        settings=JAMES_SETTINGS,
        claims=config["claims"],
    script:
        "../../scripts/step.py"


rule james_report:
    input:
        tables=expand(
            scaled("results/james1998/{table}.summary.json"), table=targets_of({"table", "relative_table"})
        ),
        figures=expand(
            scaled("results/james1998/{figure}.png"),
            figure=targets_of({"error_figure", "concentric_figure"}),
        ),
        results=all_results,
        published="resources/published/james1998/average_se.csv",
        gaps="resources/published/james1998/known_gaps.csv",
        leaves="resources/published/james1998/leaves.csv",
        theory_tables=[
            f for t in targets_of(set(TABLE_SUFFIXES) - {"table", "relative_table"}) for f in target_files(t)
        ],
        theory_figures=expand(
            scaled("results/james1998/{figure}.png"),
            figure=[
                t
                for t in JAMES["targets"]
                if t.startswith("figure_") and t not in targets_of({"error_figure", "concentric_figure"})
            ],
        ),
        margin_figure=scaled(f"results/james1998/raw/margins/rep{JAMES['margins']['figure_split']}.json"),
        margin_splits=margin_files(),
        settling=scaled("results/james1998/settling.claims.json"),
        case_study=CASE_STUDY["scalars"],
        settling_raw=settling_files(),
        case_study_errors=CASE_STUDY["errors"],
        case_study_draws=CASE_STUDY_DRAWS,
        counts=all_count_files(),
        comparison=scaled(COMPARISON[0]),
        comparison_summary=scaled(COMPARISON[1]),
        sweep=[rules.james_comparison.output.sweep, *james_sweeps()],
    output:
        report=in_report(
            report_path("james1998"), "../../report/james1998/summary.rst", "james1998", "summary"
        ),
        figures=directory(report_figures("james1998")),
    params:
        settings=JAMES_SETTINGS,
        claims=config["claims"],
        captions=figure_captions("james1998", [t for t in JAMES["targets"] if t.startswith("figure_")]),
    script:
        "../../scripts/step.py"
