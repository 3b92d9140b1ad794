# The index of every paper's report: reports/README.md gathers each paper's comparison summary.


localrules:
    reports_index,


REPORT_PAPERS = ["james1998", "zaki_ch22", "breiman1997", "allwein2000", "valentini2003"]


rule reports_index:
    input:
        [f"results/{paper}/comparison_summary.json" for paper in REPORT_PAPERS],
    output:
        report_path("README"),
    params:
        scale=config["scale"],
    log:
        "logs/reports/index.log",
    threads: 1
    resources:
        runtime=5,
        mem_mb=500,
    conda:
        "../envs/mavl.yaml"
    script:
        "../scripts/reports/index.py"
