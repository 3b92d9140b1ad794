# Breiman (1997): one job per data set and tree rule, then the tables and the report.


rule breiman_runs:
    output:
        scaled("results/breiman1997/raw/{data_set}/{tree_rule}.tsv"),
    wildcard_constraints:
        data_set="|".join(d for g in ("synthetic", "moderate", "larger") for d in BREIMAN[g]["data_sets"]),
        tree_rule="|".join(TREE_RULES),
    params:  # the config these results depend on (not the sweeps'): a change re-runs the job
        settings=BREIMAN_SETTINGS,
    script:
        "../../scripts/step.py"


rule breiman_sweep_runs:
    output:
        scaled("results/breiman1997/sensitivity/raw/{reading}.tsv"),
    wildcard_constraints:
        reading="|".join(BREIMAN["sensitivity"]["readings"]),
    params:  # the config these results depend on: a change re-runs the job
        settings=BREIMAN_SWEEP_SETTINGS,
    script:
        "../../scripts/step.py"


rule breiman_sensitivity:
    input:
        unpack(breiman_sweep_inputs),
    output:
        scaled("results/breiman1997/sensitivity/{breiman_group}.csv"),
    wildcard_constraints:
        breiman_group="|".join(BREIMAN_SWEEPS),
    params:
        settings=BREIMAN_SWEEP_SETTINGS,
    script:
        "../../scripts/step.py"


rule breiman_comparison:
    input:
        runs=breiman_default_runs(),
        all_runs=breiman_runs(),
        published=expand("resources/published/breiman1997/{t}.csv", t=BREIMAN_TABLES),
        summary=scaled("results/breiman1997/table_2.csv"),
        tables=expand(scaled("results/breiman1997/{t}.csv"), t=BREIMAN_TABLES),
        eq_7_3=scaled("results/breiman1997/eq_7_3.csv"),
        sweeps=breiman_sweeps(),
    output:
        comparison=scaled("results/breiman1997/comparison.csv"),
        summary=scaled("results/breiman1997/comparison_summary.json"),
        claims=scaled("results/breiman1997/claims.csv"),
        readings=scaled("results/breiman1997/sensitivity/readings.csv"),
        reach=scaled("results/breiman1997/top_c_reach.csv"),
    params:
        settings=BREIMAN_SWEEP_SETTINGS,
        claims=config["claims"],
    script:
        "../../scripts/step.py"


rule breiman_table:
    input:
        runs=breiman_table_runs,
        published="resources/published/breiman1997/{breiman_table}.csv",
    output:
        in_report(
            scaled("results/breiman1997/{breiman_table}.csv"),
            "../../report/breiman1997/table.rst",
            "breiman1997",
            "tables",
        ),
    wildcard_constraints:
        breiman_table="|".join(BREIMAN_TABLES),
    params:
        settings=BREIMAN_SETTINGS,
    script:
        "../../scripts/step.py"


rule breiman_static:
    input:
        published="resources/published/breiman1997/{breiman_static}.csv",
    output:
        in_report(
            scaled("results/breiman1997/{breiman_static}.csv"),
            "../../report/breiman1997/static.rst",
            "breiman1997",
            "tables",
        ),
    wildcard_constraints:
        breiman_static="table_2|eq_7_3",
    params:
        settings=BREIMAN_SETTINGS,
    script:
        "../../scripts/step.py"


rule breiman_bottom_edge:
    input:
        runs=breiman_runs(),
    output:
        scaled("results/breiman1997/bottom_edge.csv"),
    params:
        settings=BREIMAN_SETTINGS,
    script:
        "../../scripts/step.py"


rule breiman_report:
    input:
        tables=expand(scaled("results/breiman1997/{t}.csv"), t=BREIMAN_TABLES),
        summary=scaled("results/breiman1997/table_2.csv"),
        eq_7_3=scaled("results/breiman1997/eq_7_3.csv"),
        bottom_edge=scaled("results/breiman1997/bottom_edge.csv"),
        runs=breiman_runs(),
        gaps="resources/published/breiman1997/known_gaps.csv",
        comparison=scaled("results/breiman1997/comparison.csv"),
        comparison_summary=scaled("results/breiman1997/comparison_summary.json"),
        claims=scaled("results/breiman1997/claims.csv"),
        readings=scaled("results/breiman1997/sensitivity/readings.csv"),
        reach=scaled("results/breiman1997/top_c_reach.csv"),
        sweeps=breiman_sweeps(),
    output:
        report=in_report(
            report_path("breiman1997"), "../../report/breiman1997/summary.rst", "breiman1997", "summary"
        ),
        paired=scaled("results/breiman1997/paired_tests.csv"),
    params:
        settings=BREIMAN_SWEEP_SETTINGS,
        captions=figure_captions("breiman1997", []),  # the report has no figures
    script:
        "../../scripts/step.py"
