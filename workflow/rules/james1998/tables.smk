rule james_table:
    input:
        results=target_results,
        published="resources/published/james1998/{table}.csv",
        average_se="resources/published/james1998/average_se.csv",
    output:
        table=in_report(
            scaled("results/james1998/{table}.csv"),
            "../../report/james1998/table.rst",
            "james1998",
            "tables",
        ),
        published=scaled("results/james1998/{table}.published.csv"),
        compare=in_report(
            scaled("results/james1998/{table}.compare.csv"),
            "../../report/james1998/compare.rst",
            "james1998",
            "comparisons",
        ),
        summary=scaled("results/james1998/{table}.summary.json"),
    wildcard_constraints:
        table="|".join(targets_of({"table", "relative_table"})),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"
