# Allwein, Schapire & Singer (2000): one job per learner, data set and code; Figure 3's simulation;
# then the tables and figures; the comparison and the report are the framework's (rules/loop.smk).


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    allwein_table_1,
    allwein_error_table,
    allwein_static_figure,
    allwein_comparison_figure,
    allwein_bound_check,


use rule paper_step as allwein_job with:
    output:
        results=allwein("raw/{learner}/{data_set}/{code}.tsv"),
        examples=allwein("raw/{learner}/{data_set}/{code}.examples.tsv"),
        bounds=allwein("raw/{learner}/{data_set}/{code}.bounds.tsv"),
    wildcard_constraints:
        learner="adaboost|svm",
        data_set="|".join(ALLWEIN["data_sets"]),
        code="|".join(ALLWEIN["codes"]),
    priority: allwein_job_priority
    params:  # the config these results depend on: a change re-runs the job
        settings=ALLWEIN_SETTINGS,
        rounds=lambda w: allwein_sweeps.main_job_rounds(config, w.learner, w.data_set, w.code),


use rule paper_step as allwein_synthetic with:
    output:
        runs=allwein("figure_3_runs.csv"),
        summary=in_report(
            allwein("figure_3.csv"), "../../report/allwein2000/figure_data.rst", "allwein2000", "figures"
        ),
        png=figure_report(allwein("figure_3.png"), "allwein2000", "figure_3", "figures"),
        pdf=allwein("figure_3.pdf"),
    params:
        settings=ALLWEIN_SETTINGS,


use rule paper_step as allwein_table_1 with:
    input:
        published="resources/published/allwein2000/table_1.csv",
    output:
        allwein_table("table_1"),
    params:
        settings=ALLWEIN_SETTINGS,


use rule paper_step as allwein_error_table with:
    input:
        runs=lambda w: allwein_jobs(".tsv", [ALLWEIN_TABLE_LEARNERS[w.allwein_table]]),
        published="resources/published/allwein2000/{allwein_table}.csv",
    output:
        allwein_table("{allwein_table}"),
    wildcard_constraints:
        allwein_table="|".join(ALLWEIN_TABLE_LEARNERS),
    params:
        settings=ALLWEIN_SETTINGS,


use rule paper_step as allwein_code_properties with:
    output:
        allwein("extra_code_properties.csv"),
    params:
        settings=ALLWEIN_SETTINGS,


use rule paper_step as allwein_bound_check with:
    input:
        bounds=allwein_jobs(".bounds.tsv"),
    output:
        allwein("extra_bound_check.csv"),


use rule paper_step as allwein_static_figure with:
    output:
        **figure_outputs("allwein2000", "{allwein_static}"),
    wildcard_constraints:
        allwein_static="figure_1|figure_2",
    params:
        caption=job_caption("allwein2000"),


use rule paper_step as allwein_comparison_figure with:
    input:
        table=lambda w: allwein(f"{allwein_targets.FIGURE_TABLES[w.allwein_figure]}.csv"),
    output:
        **figure_outputs("allwein2000", "{allwein_figure}"),
    wildcard_constraints:
        allwein_figure="|".join(allwein_targets.FIGURE_TABLES),
    params:
        caption=job_caption("allwein2000"),


use rule paper_step as allwein_sensitivity with:
    input:
        default=lambda w: scaled(allwein_sweeps.default_files(config, w.allwein_group)),
    output:
        allwein("sensitivity/{allwein_group}.csv"),
    wildcard_constraints:
        allwein_group="|".join(ALLWEIN["sensitivity"]),
    params:  # the config these results depend on: a change re-runs the sweep
        config=lambda w: allwein_sweeps.sweep_config(config, w.allwein_group),


# Its comparison and its report: the framework's rules and steps, on the hooks of its steps module
# (the report runs the paired tests of decodings and codes).
ALLWEIN_RESULTS = {
    **{t: allwein(f"{t}.csv") for t in ("table_1", "table_2", "table_3", "figure_3", "figure_3_runs")},
    **{t: allwein(f"extra_{t}.csv") for t in ("bound_check", "code_properties")},
    "examples": allwein_jobs(".examples.tsv"),
}
paper_loop(
    "allwein2000",
    ALLWEIN_SETTINGS,
    comparison={
        **ALLWEIN_RESULTS,
        "published_table_1": "resources/published/allwein2000/table_1.csv",
    },
    report_inputs=ALLWEIN_RESULTS,
    report_outputs={"paired": allwein("paired_tests.csv")},
    sweeps=scaled(allwein_targets.sweep_files(ALLWEIN)),
)
