# Valentini (2003): one job per data set and kernel for each experiment family (spec §4.0), and one
# job per chapter that derives its tables and figures from them (each target stays addressable by name).
# Each family job's time goes to logs/valentini2003/bench/<scale>/ (the full-scale estimate reads them).


rule valentini_static:
    output:
        csv=[scaled(f"results/valentini2003/{t}.csv") for t in VALENTINI_STATIC],
        png=[valentini_png(t, "static") for t in VALENTINI_STATIC],
        pdf=[scaled(f"results/valentini2003/{t}.pdf") for t in VALENTINI_STATIC if t.startswith("figure_")],
    params:
        settings=VALENTINI_PARAMS,
        published_dir="resources/published/valentini2003",
    script:
        "../../scripts/step.py"


rule valentini_ch4:
    output:
        table=scaled("results/valentini2003/raw/ch4/{data_set}/{kernel}.tsv"),
        draws=scaled("results/valentini2003/raw/ch4/{data_set}/{kernel}.draws.tsv"),
    wildcard_constraints:
        data_set="|".join(VALENTINI["data_sets"]),
        kernel="rbf|poly|linear",
    params:
        settings=VALENTINI_PARAMS,
        # The claims' draws of the training samples: each setting is also decomposed on every draw.
        claims=config["claims"],
    script:
        "../../scripts/step.py"


rule valentini_p2_surface:
    output:
        errors=scaled("results/valentini2003/raw/ch4_p2_surface/errors.tsv"),
        surface=scaled("results/valentini2003/raw/ch4_p2_surface/surface.tsv"),
    params:
        settings=VALENTINI_PARAMS,
    script:
        "../../scripts/step.py"


rule valentini_ch4_targets:
    input:
        runs=valentini_ch4_jobs(),
        surface_errors=scaled("results/valentini2003/raw/ch4_p2_surface/errors.tsv"),
        surface=scaled("results/valentini2003/raw/ch4_p2_surface/surface.tsv"),
        published="resources/published/valentini2003/table_4_2.csv",
        p2_errors="resources/published/valentini2003/p2_surface_errors.csv",
    output:
        table=in_report(
            scaled("results/valentini2003/table_4_2.csv"),
            "../../report/valentini2003/table.rst",
            "valentini2003",
            "tables",
        ),
        csv=[scaled(f"results/valentini2003/{t}.csv") for t in VALENTINI_CH4_FIGURES],
        png=[valentini_png(t, "chapter 4") for t in VALENTINI_CH4_FIGURES],
        pdf=[scaled(f"results/valentini2003/{t}.pdf") for t in VALENTINI_CH4_FIGURES],
    params:
        settings=VALENTINI_PARAMS,
    script:
        "../../scripts/step.py"


# Both families of a chapter share one job per data set and kernel: at small scales a job costs more
# to start than to run, and each family still writes its own file.
rule valentini_ch5:
    output:
        bag=scaled("results/valentini2003/raw/ch5_bag/{data_set}/{kernel}.tsv"),
        ra=scaled("results/valentini2003/raw/ch5_ra/{data_set}/{kernel}.tsv"),
        bag_draws=scaled("results/valentini2003/raw/ch5_bag/{data_set}/{kernel}.draws.tsv"),
        ra_draws=scaled("results/valentini2003/raw/ch5_ra/{data_set}/{kernel}.draws.tsv"),
    wildcard_constraints:
        data_set="|".join(VALENTINI["data_sets"]),
        kernel="rbf|poly|linear",
    params:
        settings=VALENTINI_PARAMS,
        # The claims' draws of the ensembles (rule valentini_ch4's comment).
        claims=config["claims"],
    script:
        "../../scripts/step.py"


rule valentini_ch6:
    output:
        pair=scaled("results/valentini2003/raw/ch6_lobag_pair/{data_set}/{kernel}.tsv"),
        rep=scaled("results/valentini2003/raw/ch6_lobag_rep/{data_set}/{kernel}.tsv"),
    wildcard_constraints:
        data_set="|".join(VALENTINI["data_sets"]),
        kernel="rbf|poly|linear",
    params:
        settings=VALENTINI_PARAMS,
    script:
        "../../scripts/step.py"


rule valentini_ch5_targets:
    input:
        runs=valentini_ch5_jobs(),
        published=expand("resources/published/valentini2003/{table}.csv", table=["table_5_1", "table_5_2"]),
        inconsistent="resources/published/valentini2003/inconsistent_cells.csv",
        p2_reference="resources/published/valentini2003/p2_surface_errors.csv",
    output:
        table=[
            in_report(
                scaled(f"results/valentini2003/{t}.csv"),
                "../../report/valentini2003/table.rst",
                "valentini2003",
                "tables",
            )
            for t in ("table_5_1", "table_5_2")
        ],
        supplement=[
            scaled(f"results/valentini2003/{t}.same_parameter.csv") for t in ("table_5_1", "table_5_2")
        ],
        csv=[scaled(f"results/valentini2003/{t}.csv") for t in VALENTINI_CH5_FIGURES],
        png=[valentini_png(t, "chapter 5") for t in VALENTINI_CH5_FIGURES],
        pdf=[scaled(f"results/valentini2003/{t}.pdf") for t in VALENTINI_CH5_FIGURES],
    params:
        settings=VALENTINI_PARAMS,
    script:
        "../../scripts/step.py"


rule valentini_ch6_targets:
    input:
        pair=valentini_ch6_jobs("ch6_lobag_pair"),
        rep=valentini_ch6_jobs("ch6_lobag_rep"),
        published=expand("resources/published/valentini2003/{table}.csv", table=["table_6_1", "table_6_2"]),
    output:
        table=[
            in_report(
                scaled(f"results/valentini2003/{t}.csv"),
                "../../report/valentini2003/table.rst",
                "valentini2003",
                "tables",
            )
            for t in ("table_6_1", "table_6_2")
        ],
        csv=scaled("results/valentini2003/figure_6_1.csv"),
        png=valentini_png("figure_6_1", "chapter 6"),
        pdf=scaled("results/valentini2003/figure_6_1.pdf"),
    params:
        settings=VALENTINI_PARAMS,
    script:
        "../../scripts/step.py"


# Spec README decision 3: the RBF width rule (A1) calibrated on named published cells; its result is
# pinned by hand as options.rbf_gamma_rule and the report names the cells.
rule valentini_calibrate_rbf_width:
    input:
        p2_reference="resources/published/valentini2003/p2_surface_errors.csv",
        table_4_2="resources/published/valentini2003/table_4_2.csv",
    output:
        cells=scaled("results/valentini2003/calibration/rbf_width.csv"),
        result=scaled("results/valentini2003/calibration/rbf_width.json"),
    params:
        settings=VALENTINI_SWEEP_PARAMS,
    script:
        "../../scripts/step.py"


# One sweep per group of misses (config `sensitivity.groups`): Table 4.2's cells of one data set under
# every reading, at reduced cost.
rule valentini_sensitivity:
    output:
        scaled("results/valentini2003/sensitivity/{group}.csv"),
    wildcard_constraints:
        group="|".join(VALENTINI["sensitivity"]["groups"]),
    params:
        settings=VALENTINI_SWEEP_PARAMS,
    script:
        "../../scripts/step.py"


rule valentini_report:
    input:
        table_4_1=scaled("results/valentini2003/table_4_1.csv"),
        table_4_2=scaled("results/valentini2003/table_4_2.csv"),
        table_5_1=scaled("results/valentini2003/table_5_1.csv"),
        table_5_2=scaled("results/valentini2003/table_5_2.csv"),
        table_6_1=scaled("results/valentini2003/table_6_1.csv"),
        table_6_2=scaled("results/valentini2003/table_6_2.csv"),
        table_6_3=scaled("results/valentini2003/table_6_3.csv"),
        table_6_4=scaled("results/valentini2003/table_6_4.csv"),
        table_6_5=scaled("results/valentini2003/table_6_5.csv"),
        ch4=valentini_ch4_jobs(),
        ch5=valentini_ch5_jobs(),
        ch4_draws=valentini_ch4_jobs(".draws"),
        ch5_draws=valentini_ch5_jobs(".draws"),
        ch6_rep=valentini_ch6_jobs("ch6_lobag_rep"),
        p2_errors=scaled("results/valentini2003/raw/ch4_p2_surface/errors.tsv"),
        p2_surface=scaled("results/valentini2003/raw/ch4_p2_surface/surface.tsv"),
        published=expand(
            "resources/published/valentini2003/{table}.csv",
            table=["table_4_2", "table_5_1", "table_5_2", "table_6_1", "table_6_2"],
        ),
        inconsistent="resources/published/valentini2003/inconsistent_cells.csv",
        p2_reference="resources/published/valentini2003/p2_surface_errors.csv",
        published_table_4_1="resources/published/valentini2003/table_4_1.csv",
        calibration=scaled("results/valentini2003/calibration/rbf_width.json"),
        sensitivity=valentini_sensitivity_targets(),
        figures=valentini_figures(),
    output:
        report=in_report(
            report_path("valentini2003"),
            "../../report/valentini2003/summary.rst",
            "valentini2003",
            "summary",
        ),
        claims=scaled("results/valentini2003/claims.csv"),
        comparison=scaled("results/valentini2003/comparison.csv"),
        summary=scaled("results/valentini2003/comparison_summary.json"),
    params:
        settings=VALENTINI_SWEEP_PARAMS,
        captions=figure_captions("valentini2003", [Path(f).stem for f in valentini_figures()]),
        # Its own param, not in settings (the chapter 4 and 5 jobs also read it for their draws).
        claims=config["claims"],
    script:
        "../../scripts/step.py"
