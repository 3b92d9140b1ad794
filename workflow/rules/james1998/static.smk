# Static, analytic and illustrative targets: Table 2.1 (as printed), Table 2.2 (the bound in both
# forms), Figures 1.1, 2.1 and 2.5 (substitute or synthetic data, labelled as such).


rule james_static_table:
    input:
        published="resources/published/james1998/table_2_1.csv",
    output:
        table=report(
            scaled("results/james1998/table_2_1.csv"),
            caption="../../report/james1998/static.rst",
            category="james1998",
            subcategory="tables",
        ),
    script:
        "../../scripts/step.py"


rule james_bound_table:
    input:
        published="resources/published/james1998/table_2_2.csv",
    output:
        table=report(
            scaled("results/james1998/table_2_2.csv"),
            caption="../../report/james1998/static.rst",
            category="james1998",
            subcategory="tables",
        ),
        hoeffding=scaled("results/james1998/table_2_2.hoeffding.csv"),
        compare=scaled("results/james1998/table_2_2.compare.csv"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"


rule james_illustration:
    output:
        png=report(
            scaled("results/james1998/{illustration}.png"),
            caption=JOB_FIGURE_CAPTION,
            category="james1998",
            subcategory="figures",
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
