# Chapter 3: bias/variance tables on the Gaussian simulations, the Section 3.4 case study
# (its table, Figures 2.6 and 3.1) and the optional re-run of the generators' calibration.


rule james_bias_variance_counts:
    output:
        scaled("results/james1998/raw/bias_variance/{problem}/{method}.tsv"),
    wildcard_constraints:
        problem="|".join(JAMES["gaussian"]),
        method="|".join(bv_methods()),
    params:  # the config these results depend on: a change re-runs the job
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"


rule james_bias_variance_table:
    input:
        counts=bias_variance_count_files,
        published="resources/published/james1998/{bv_table}.csv",
    output:
        table=in_report(
            scaled("results/james1998/{bv_table}.csv"),
            "../../report/james1998/bias_variance.rst",
            "james1998",
            "tables",
        ),
        kw=scaled("results/james1998/{bv_table}.kw.csv"),
        compare=scaled("results/james1998/{bv_table}.compare.csv"),
        summary=scaled("results/james1998/{bv_table}.summary.json"),
    wildcard_constraints:
        bv_table="|".join(targets_of({"bias_variance_table"})),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"


rule james_case_study:
    output:
        errors=scaled("results/james1998/raw/case_study/errors.tsv"),
        estimates=scaled("results/james1998/raw/case_study/estimates.tsv"),
        scalars=scaled("results/james1998/raw/case_study/scalars.json"),
        draws=CASE_STUDY_DRAWS,
    params:
        settings=JAMES_SETTINGS,
        # The claims' draws of the training sets: the Section 3.4 estimators are recomputed on each.
        claims=config["claims"],
    script:
        "../../scripts/step.py"


rule james_case_study_table:
    input:
        **CASE_STUDY,
        published="resources/published/james1998/table_sec_3_4.csv",
        scalars_published="resources/published/james1998/scalars_sec_3_4.csv",
    output:
        table=in_report(
            scaled("results/james1998/table_sec_3_4.csv"),
            "../../report/james1998/case_study.rst",
            "james1998",
            "tables",
        ),
        compare=scaled("results/james1998/table_sec_3_4.compare.csv"),
    script:
        "../../scripts/step.py"


rule james_case_study_figure:
    input:
        **CASE_STUDY,
        scalars_published="resources/published/james1998/scalars_sec_3_4.csv",
    output:
        png=in_report(scaled("results/james1998/{cs_figure}.png"), JOB_FIGURE_CAPTION, "james1998", "figures"),
        pdf=scaled("results/james1998/{cs_figure}.pdf"),
        csv=scaled("results/james1998/{cs_figure}.csv"),
    wildcard_constraints:
        cs_figure="|".join(targets_of({"case_study_figure"})),
    params:
        caption=lambda wc: figure_caption("james1998", wc.cs_figure),
    script:
        "../../scripts/step.py"


# Optional: re-run the seed search of spec james-ch3-4 §2.4 (not part of `all`).
rule james_calibrate_gaussian:
    output:
        best=scaled("results/james1998/calibration/{problem}.json"),
        scanned=scaled("results/james1998/calibration/{problem}.scanned.tsv"),
    wildcard_constraints:
        problem="|".join(JAMES["gaussian"]),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"
