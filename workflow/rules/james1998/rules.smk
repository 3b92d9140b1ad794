# James (1998): one job per experiment; the Chapter 2 tables and figures; Chapter 3's bias/variance
# tables and case study; Chapter 4's margins; the static, analytic and illustrative targets; the
# sweeps of the misses; the comparison and the report are the framework's (rules/loop.smk).


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    james_table,
    james_plot_error_figure,
    james_plot_concentric_figure,
    james_bias_variance_table,
    james_case_study_table,
    james_case_study_figure,
    james_settling_figures,
    james_margin_figure,
    james_static_table,
    james_bound_table,
    james_illustration,


# One job per experiment fits its replicates in turn: a job's start (Python, the scientific stack and
# the paper's modules, about 2 s) is paid once per experiment, not once per replicate, and most
# replicates take less than that (docs/guide/performance.rst). Rule james_fit_<experiment>.
for _experiment in JAMES["experiments"]:

    rule:
        name:
            f"james_fit_{_experiment}"
        output:
            scaled(james_targets.replicate_files(JAMES, _experiment)),
        params:
            settings=JAMES_SETTINGS,
            experiment=_experiment,
        script:
            "../../scripts/step.py"


use rule paper_step as james_table with:
    input:
        results=james_target_results,
        published="resources/published/james1998/{table}.csv",
        average_se="resources/published/james1998/average_se.csv",
    output:
        table=james_table("{table}", "table"),
        published=james("{table}.published.csv"),
        compare=in_report(
            james("{table}.compare.csv"), "../../report/james1998/compare.rst", "james1998", "comparisons"
        ),
        summary=james("{table}.summary.json"),
    wildcard_constraints:
        table=james_kinds("table", "relative_table"),
    params:
        settings=JAMES_SETTINGS,


use rule paper_step as james_plot_error_figure with:
    input:
        results=james_target_results,
        published=lambda w: f"resources/published/james1998/{published_table_of(JAMES, w.figure)}.csv",
    output:
        **figure_outputs("james1998", "{figure}"),
    wildcard_constraints:
        figure=james_kinds("error_figure"),
    params:
        settings=JAMES_SETTINGS,
        caption=job_caption("james1998"),


use rule paper_step as james_plot_concentric_figure with:
    output:
        **figure_outputs("james1998", "figure_2_7"),
    params:
        settings=JAMES_SETTINGS,


# Figures 2.3 and 2.4: ECOC's error with independent random matrices per B group.
use rule paper_step as james_settling_split with:
    output:
        james("raw/settling/rep{replicate}.tsv"),
    params:
        settings=JAMES_SETTINGS,


use rule paper_step as james_settling_figures with:
    input:
        results=scaled(james_targets.split_files(JAMES, "settling", "tsv")),
    output:
        png_2_3=figure_report(james("figure_2_3.png"), "james1998", "figure_2_3", "figures"),
        pdf_2_3=james("figure_2_3.pdf"),
        points=james("figure_2_3.csv"),
        png_2_4=figure_report(james("figure_2_4.png"), "james1998", "figure_2_4", "figures"),
        pdf_2_4=james("figure_2_4.pdf"),
        fits=james("figure_2_4.csv"),
        claims=james("settling.claims.json"),
    params:
        settings=JAMES_SETTINGS,


# Chapter 3: bias/variance tables on the Gaussian simulations, the Section 3.4 case study (its table,
# Figures 2.6 and 3.1) and the optional re-run of the generators' calibration.
use rule paper_step as james_bias_variance_counts with:
    output:
        james("raw/bias_variance/{problem}/{method}.tsv"),
    wildcard_constraints:
        problem="|".join(JAMES["gaussian"]),
        method="|".join(sorted({m for ms in JAMES["bias_variance"]["tables"].values() for m in ms})),
    params:  # the config these results depend on: a change re-runs the job
        settings=JAMES_SETTINGS,


use rule paper_step as james_bias_variance_table with:
    input:
        counts=lambda w: scaled(james_targets.count_files(JAMES, w.bv_table)),
        published="resources/published/james1998/{bv_table}.csv",
    output:
        table=james_table("{bv_table}", "bias_variance"),
        kw=james("{bv_table}.kw.csv"),
        compare=james("{bv_table}.compare.csv"),
        summary=james("{bv_table}.summary.json"),
    wildcard_constraints:
        bv_table=james_kinds("bias_variance_table"),
    params:
        settings=JAMES_SETTINGS,


use rule paper_step as james_case_study with:
    output:
        **james_inputs(james_targets.CASE_STUDY),
        draws=scaled(james_targets.CASE_STUDY_DRAWS),
    params:
        settings=JAMES_SETTINGS,
        # The claims' draws of the training sets: the Section 3.4 estimators are recomputed on each.
        claims=config["claims"],


use rule paper_step as james_case_study_table with:
    input:
        **james_inputs(james_targets.CASE_STUDY),
        published="resources/published/james1998/table_sec_3_4.csv",
        scalars_published="resources/published/james1998/scalars_sec_3_4.csv",
    output:
        table=james_table("table_sec_3_4", "case_study"),
        compare=james("table_sec_3_4.compare.csv"),


use rule paper_step as james_case_study_figure with:
    input:
        **james_inputs(james_targets.CASE_STUDY),
        scalars_published="resources/published/james1998/scalars_sec_3_4.csv",
    output:
        **figure_outputs("james1998", "{cs_figure}"),
    wildcard_constraints:
        cs_figure=james_kinds("case_study_figure"),
    params:
        caption=job_caption("james1998"),


# Optional: re-run the seed search of spec james-ch3-4 §2.4 (not part of `all`).
use rule paper_step as james_calibrate_gaussian with:
    output:
        best=james("calibration/{problem}.json"),
        scanned=james("calibration/{problem}.scanned.tsv"),
    wildcard_constraints:
        problem="|".join(JAMES["gaussian"]),
    params:
        settings=JAMES_SETTINGS,


# Chapter 4: AdaBoost margins on Letter and the Training, Schapire and Normal models.
use rule paper_step as james_margin_split with:
    output:
        curves=james("raw/margins/rep{replicate}.csv"),
        summary=james("raw/margins/rep{replicate}.json"),
        png=james("raw/margins/rep{replicate}.distribution.png"),
        pdf=james("raw/margins/rep{replicate}.distribution.pdf"),
    params:
        settings=JAMES_SETTINGS,


use rule paper_step as james_margin_figure with:
    input:
        curves=james(f"raw/margins/rep{JAMES['margins']['figure_split']}.csv"),
        summary=james(f"raw/margins/rep{JAMES['margins']['figure_split']}.json"),
    output:
        **figure_outputs("james1998", "{margin_figure}"),
    wildcard_constraints:
        margin_figure=james_kinds("margin_figure"),
    params:
        caption=job_caption("james1998"),


# Static, analytic and illustrative targets: Table 2.1 (as printed), Table 2.2 (the bound in both
# forms), Figures 1.1, 2.1 and 2.5 (substitute or synthetic data, labelled as such).
use rule paper_step as james_static_table with:
    input:
        published="resources/published/james1998/table_2_1.csv",
    output:
        table=james_table("table_2_1", "static"),


use rule paper_step as james_bound_table with:
    input:
        published="resources/published/james1998/table_2_2.csv",
    output:
        table=james_table("table_2_2", "static"),
        hoeffding=james("table_2_2.hoeffding.csv"),
        compare=james("table_2_2.compare.csv"),
    params:
        settings=JAMES_SETTINGS,


use rule paper_step as james_illustration with:
    output:
        **figure_outputs("james1998", "{illustration}"),
    wildcard_constraints:
        illustration=james_kinds("illustration"),
    params:
        settings=JAMES_SETTINGS,
        caption=job_caption("james1998"),


# Sensitivity sweeps: a group of misses re-run under the readings the spec allows (issue 33 item 4).
use rule paper_step as james_sensitivity with:
    input:
        default=lambda w: scaled(james_targets.sweep_default_files(JAMES, w.james_group)),
    output:
        james("sensitivity/{james_group}.csv"),
    wildcard_constraints:
        james_group="|".join(JAMES.get("sensitivity", {})) or "^$",
    params:  # the config these results depend on: a change re-runs the sweep (and only it)
        settings=JAMES_SETTINGS,
        group=lambda w: JAMES["sensitivity"][w.james_group],


# Its comparison and its report: the framework's rules and steps, on the hooks of its steps module.
# The comparison judges both claim sets (Chapters 3-4's in claims_theory.csv) and Table 2.2's bound
# in both forms (a sweep of its own); the report runs the paired tests.
paper_loop(
    "james1998",
    JAMES_SETTINGS,
    comparison=james_inputs(james_targets.comparison_inputs(JAMES)),
    comparison_outputs={
        "claims_theory": scaled(james_targets.CLAIMS[1]),
        "sweep": scaled(james_targets.BOUND_SWEEP),
    },
    report_inputs=james_inputs(james_targets.report_inputs(JAMES)),
    report_outputs={"paired": scaled(james_targets.PAIRED_TESTS)},
    sweeps=scaled(james_targets.sweep_files(JAMES)),
)
