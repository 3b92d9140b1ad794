rule build_table:
    input:
        results=target_results,
        published="resources/published/{paper}/{table}.csv",
        average_se="resources/published/{paper}/average_se.csv",
    output:
        table=report("results/{paper}/{table}.csv", caption="../report/table.rst",
                     category="{paper}", subcategory="tables"),
        published="results/{paper}/{table}.published.csv",
        compare=report("results/{paper}/{table}.compare.csv", caption="../report/compare.rst",
                       category="{paper}", subcategory="comparisons"),
        summary="results/{paper}/{table}.summary.json",
    log:
        "logs/build_table/{paper}/{table}.log",
    conda:
        ENV
    script:
        "../scripts/build_table.py"
