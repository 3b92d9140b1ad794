# Allwein, Schapire & Singer (2000): one job per learner, data set and code; Figure 3's simulation;
# then the tables, figures and the report.


rule allwein_job:
    output:
        results=scaled("results/allwein2000/raw/{learner}/{data_set}/{code}.tsv"),
        examples=scaled("results/allwein2000/raw/{learner}/{data_set}/{code}.examples.tsv"),
        bounds=scaled("results/allwein2000/raw/{learner}/{data_set}/{code}.bounds.tsv"),
    wildcard_constraints:
        learner="adaboost|svm",
        data_set="|".join(ALLWEIN["data_sets"]),
        code="|".join(ALLWEIN["codes"]),
    priority: allwein_job_priority
    params:  # the config these results depend on: a change re-runs the job
        settings=ALLWEIN_SETTINGS,
        rounds=allwein_job_rounds,
    script:
        "../../scripts/step.py"


rule allwein_synthetic:
    output:
        runs=scaled("results/allwein2000/figure_3_runs.csv"),
        summary=in_report(
            scaled("results/allwein2000/figure_3.csv"),
            "../../report/allwein2000/figure_data.rst",
            "allwein2000",
            "figures",
        ),
        png=figure_report(scaled("results/allwein2000/figure_3.png"), "allwein2000", "figure_3", "figures"),
        pdf=scaled("results/allwein2000/figure_3.pdf"),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/step.py"


rule allwein_table_1:
    input:
        published="resources/published/allwein2000/table_1.csv",
    output:
        in_report(
            scaled("results/allwein2000/table_1.csv"),
            "../../report/allwein2000/table.rst",
            "allwein2000",
            "tables",
        ),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/step.py"


rule allwein_error_table:
    input:
        runs=allwein_table_jobs,
        published="resources/published/allwein2000/{allwein_table}.csv",
    output:
        in_report(
            scaled("results/allwein2000/{allwein_table}.csv"),
            "../../report/allwein2000/table.rst",
            "allwein2000",
            "tables",
        ),
    wildcard_constraints:
        allwein_table="table_2|table_3",
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/step.py"


rule allwein_code_properties:
    output:
        scaled("results/allwein2000/extra_code_properties.csv"),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/step.py"


rule allwein_bound_check:
    input:
        bounds=allwein_all_jobs(".bounds.tsv"),
    output:
        scaled("results/allwein2000/extra_bound_check.csv"),
    script:
        "../../scripts/step.py"


rule allwein_static_figure:
    output:
        csv=scaled("results/allwein2000/{allwein_static}.csv"),
        png=in_report(
            scaled("results/allwein2000/{allwein_static}.png"), JOB_FIGURE_CAPTION, "allwein2000", "figures"
        ),
        pdf=scaled("results/allwein2000/{allwein_static}.pdf"),
    wildcard_constraints:
        allwein_static="figure_1|figure_2",
    params:
        caption=lambda wc: figure_caption("allwein2000", wc.allwein_static),
    script:
        "../../scripts/step.py"


rule allwein_comparison_figure:
    input:
        table=lambda w: scaled(f"results/allwein2000/{ALLWEIN_FIGURES[w.allwein_figure]}.csv"),
    output:
        csv=scaled("results/allwein2000/{allwein_figure}.csv"),
        png=in_report(
            scaled("results/allwein2000/{allwein_figure}.png"), JOB_FIGURE_CAPTION, "allwein2000", "figures"
        ),
        pdf=scaled("results/allwein2000/{allwein_figure}.pdf"),
    wildcard_constraints:
        allwein_figure="figure_4|figure_5|figure_6|figure_7",
    params:
        caption=lambda wc: figure_caption("allwein2000", wc.allwein_figure),
    script:
        "../../scripts/step.py"


rule allwein_sensitivity:
    input:
        default=allwein_sweep_defaults,
    output:
        scaled("results/allwein2000/sensitivity/{allwein_group}.csv"),
    wildcard_constraints:
        allwein_group="|".join(ALLWEIN["sensitivity"]),
    params:  # the config these results depend on: a change re-runs the sweep
        config=lambda w: allwein_sweep_config(w.allwein_group),
    script:
        "../../scripts/step.py"


rule allwein_report:
    input:
        table_1=scaled("results/allwein2000/table_1.csv"),
        table_2=scaled("results/allwein2000/table_2.csv"),
        table_3=scaled("results/allwein2000/table_3.csv"),
        figure_3=scaled("results/allwein2000/figure_3.csv"),
        figure_3_runs=scaled("results/allwein2000/figure_3_runs.csv"),
        bound_check=scaled("results/allwein2000/extra_bound_check.csv"),
        code_properties=scaled("results/allwein2000/extra_code_properties.csv"),
        examples=allwein_all_jobs(".examples.tsv"),
        figures=allwein_figures(),
        gaps="resources/published/allwein2000/known_gaps.csv",
        published_table_1="resources/published/allwein2000/table_1.csv",
        sweeps=allwein_sweeps(),
    output:
        report=in_report(
            report_path("allwein2000"), "../../report/allwein2000/summary.rst", "allwein2000", "summary"
        ),
        claims=scaled("results/allwein2000/claims.csv"),
        paired=scaled("results/allwein2000/paired_tests.csv"),
        comparison=scaled("results/allwein2000/comparison.csv"),
        summary=scaled("results/allwein2000/comparison_summary.json"),
    params:
        settings=ALLWEIN_SETTINGS,
        captions=figure_captions("allwein2000", ALLWEIN_FIGURE_IDS),
        claims=config["claims"],  # the claims' resamples: a param of its own, so no job of the paper re-runs
    script:
        "../../scripts/step.py"
