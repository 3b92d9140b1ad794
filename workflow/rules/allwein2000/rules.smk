# Allwein, Schapire & Singer (2000): one job per learner, data set and code; Figure 3's simulation;
# then the tables, figures and the report.


rule allwein_job:
    output:
        results=scaled("results/allwein2000/raw/{learner}/{data_set}/{code}.tsv"),
        examples=scaled("results/allwein2000/raw/{learner}/{data_set}/{code}.examples.tsv"),
        bounds=scaled("results/allwein2000/raw/{learner}/{data_set}/{code}.bounds.tsv"),
    log:
        "logs/allwein2000/{learner}/{data_set}/{code}.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/{{learner}}/{{data_set}}/{{code}}.tsv"
    wildcard_constraints:
        learner="adaboost|svm",
        data_set="|".join(ALLWEIN["data_sets"]),
        code="|".join(ALLWEIN["codes"]),
    priority: allwein_job_priority
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_job"),
    params:  # the config these results depend on: a change re-runs the job
        settings=ALLWEIN_SETTINGS,
        rounds=allwein_job_rounds,
    script:
        "../../scripts/allwein2000/job.py"


rule allwein_synthetic:
    output:
        runs=scaled("results/allwein2000/figure_3_runs.csv"),
        summary=report(
            scaled("results/allwein2000/figure_3.csv"),
            caption="../../report/allwein2000/figure_data.rst",
            category="allwein2000",
            subcategory="figures",
        ),
        png=figure_report(scaled("results/allwein2000/figure_3.png"), "allwein2000", "figure_3", "figures"),
        pdf=scaled("results/allwein2000/figure_3.pdf"),
    log:
        "logs/allwein2000/figure_3.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/figure_3.tsv"
    priority: rule_priority("allwein_synthetic")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_synthetic"),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/allwein2000/synthetic.py"


rule allwein_table_1:
    input:
        published="resources/published/allwein2000/table_1.csv",
    output:
        report(
            scaled("results/allwein2000/table_1.csv"),
            caption="../../report/allwein2000/table.rst",
            category="allwein2000",
            subcategory="tables",
        ),
    log:
        "logs/allwein2000/table_1.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/table_1.tsv"
    priority: rule_priority("allwein_table_1")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_table_1"),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/allwein2000/table_1.py"


rule allwein_error_table:
    input:
        runs=allwein_table_jobs,
        published="resources/published/allwein2000/{allwein_table}.csv",
    output:
        report(
            scaled("results/allwein2000/{allwein_table}.csv"),
            caption="../../report/allwein2000/table.rst",
            category="allwein2000",
            subcategory="tables",
        ),
    log:
        "logs/allwein2000/{allwein_table}.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/{{allwein_table}}.tsv"
    wildcard_constraints:
        allwein_table="table_2|table_3",
    priority: rule_priority("allwein_error_table")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_error_table"),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/allwein2000/error_table.py"


rule allwein_code_properties:
    output:
        scaled("results/allwein2000/extra_code_properties.csv"),
    log:
        "logs/allwein2000/extra_code_properties.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/extra_code_properties.tsv"
    priority: rule_priority("allwein_code_properties")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_code_properties"),
    params:
        settings=ALLWEIN_SETTINGS,
    script:
        "../../scripts/allwein2000/code_properties.py"


rule allwein_bound_check:
    input:
        bounds=allwein_all_jobs(".bounds.tsv"),
    output:
        scaled("results/allwein2000/extra_bound_check.csv"),
    log:
        "logs/allwein2000/extra_bound_check.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/extra_bound_check.tsv"
    priority: rule_priority("allwein_bound_check")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_bound_check"),
    script:
        "../../scripts/allwein2000/bound_check.py"


rule allwein_static_figure:
    output:
        csv=scaled("results/allwein2000/{allwein_static}.csv"),
        png=report(
            scaled("results/allwein2000/{allwein_static}.png"),
            caption=JOB_FIGURE_CAPTION,
            category="allwein2000",
            subcategory="figures",
        ),
        pdf=scaled("results/allwein2000/{allwein_static}.pdf"),
    log:
        "logs/allwein2000/{allwein_static}.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/{{allwein_static}}.tsv"
    wildcard_constraints:
        allwein_static="figure_1|figure_2",
    priority: rule_priority("allwein_static_figure")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_static_figure"),
    params:
        caption=lambda wc: figure_caption("allwein2000", wc.allwein_static),
    script:
        "../../scripts/allwein2000/static_figure.py"


rule allwein_comparison_figure:
    input:
        table=lambda w: scaled(f"results/allwein2000/{ALLWEIN_FIGURES[w.allwein_figure]}.csv"),
    output:
        csv=scaled("results/allwein2000/{allwein_figure}.csv"),
        png=report(
            scaled("results/allwein2000/{allwein_figure}.png"),
            caption=JOB_FIGURE_CAPTION,
            category="allwein2000",
            subcategory="figures",
        ),
        pdf=scaled("results/allwein2000/{allwein_figure}.pdf"),
    log:
        "logs/allwein2000/{allwein_figure}.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/{{allwein_figure}}.tsv"
    wildcard_constraints:
        allwein_figure="figure_4|figure_5|figure_6|figure_7",
    priority: rule_priority("allwein_comparison_figure")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_comparison_figure"),
    params:
        caption=lambda wc: figure_caption("allwein2000", wc.allwein_figure),
    script:
        "../../scripts/allwein2000/comparison_figure.py"


rule allwein_sensitivity:
    input:
        default=allwein_sweep_defaults,
    output:
        scaled("results/allwein2000/sensitivity/{allwein_group}.csv"),
    log:
        "logs/allwein2000/sensitivity/{allwein_group}.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/sensitivity/{{allwein_group}}.tsv"
    wildcard_constraints:
        allwein_group="|".join(ALLWEIN["sensitivity"]),
    priority: rule_priority("allwein_sensitivity")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_sensitivity"),
    params:  # the config these results depend on: a change re-runs the sweep
        config=lambda w: allwein_sweep_config(w.allwein_group),
    script:
        "../../scripts/allwein2000/sensitivity.py"


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
        report=report(
            report_path("allwein2000"),
            caption="../../report/allwein2000/summary.rst",
            category="allwein2000",
            subcategory="summary",
        ),
        claims=scaled("results/allwein2000/claims.csv"),
        paired=scaled("results/allwein2000/paired_tests.csv"),
        comparison=scaled("results/allwein2000/comparison.csv"),
        summary=scaled("results/allwein2000/comparison_summary.json"),
    log:
        "logs/allwein2000/report.log",
    benchmark:
        f"logs/allwein2000/bench/{SCALE_OF['allwein2000']}/report.tsv"
    priority: rule_priority("allwein_report")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("allwein_report"),
    params:
        settings=ALLWEIN_SETTINGS,
        captions=figure_captions("allwein2000", ALLWEIN_FIGURE_IDS),
        claims=config["claims"],  # the claims' resamples: a param of its own, so no job of the paper re-runs
    script:
        "../../scripts/allwein2000/report.py"
