# Static, analytic and illustrative targets: Table 2.1 (as printed), Table 2.2 (the bound in both
# forms), Figures 1.1, 2.1 and 2.5 (substitute or synthetic data, labelled as such).


rule james_static_table:
    input:
        published="resources/published/james1998/table_2_1.csv",
    output:
        table=in_report(
            scaled("results/james1998/table_2_1.csv"),
            "../../report/james1998/static.rst",
            "james1998",
            "tables",
        ),
    script:
        "../../scripts/step.py"


rule james_bound_table:
    input:
        published="resources/published/james1998/table_2_2.csv",
    output:
        table=in_report(
            scaled("results/james1998/table_2_2.csv"),
            "../../report/james1998/static.rst",
            "james1998",
            "tables",
        ),
        hoeffding=scaled("results/james1998/table_2_2.hoeffding.csv"),
        compare=scaled("results/james1998/table_2_2.compare.csv"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"


rule james_illustration:
    output:
        png=in_report(
            scaled("results/james1998/{illustration}.png"), JOB_FIGURE_CAPTION, "james1998", "figures"
        ),
        pdf=scaled("results/james1998/{illustration}.pdf"),
        csv=scaled("results/james1998/{illustration}.csv"),
    wildcard_constraints:
        illustration="|".join(targets_of({"illustration"})),
    params:
        settings=JAMES_SETTINGS,
        caption=lambda wc: figure_caption("james1998", wc.illustration),
    script:
        "../../scripts/step.py"
