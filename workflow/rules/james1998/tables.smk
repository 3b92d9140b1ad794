rule james_table:
    input:
        results=target_results,
        published="resources/published/james1998/{table}.csv",
        average_se="resources/published/james1998/average_se.csv",
    output:
        table=report(
            scaled("results/james1998/{table}.csv"),
            caption="../../report/james1998/table.rst",
            category="james1998",
            subcategory="tables",
        ),
        published=scaled("results/james1998/{table}.published.csv"),
        compare=report(
            scaled("results/james1998/{table}.compare.csv"),
            caption="../../report/james1998/compare.rst",
            category="james1998",
            subcategory="comparisons",
        ),
        summary=scaled("results/james1998/{table}.summary.json"),
    wildcard_constraints:
        table="|".join(targets_of({"table", "relative_table"})),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"
