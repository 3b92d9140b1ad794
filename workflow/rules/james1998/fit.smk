rule james_fit:
    output:
        scaled("results/james1998/raw/{experiment}/rep{replicate}.tsv"),
    log:
        "logs/james1998/fit/{experiment}/rep{replicate}.log",
    benchmark:
        f"logs/james1998/bench/{SCALE_OF['james1998']}/fit/{{experiment}}/rep{{replicate}}.tsv"
    params:
        settings=JAMES_SETTINGS,
    threads: 1
    priority: rule_priority("james_fit")
    resources:
        **rule_resources("james_fit"),
    conda:
        ENV
    script:
        "../../scripts/james1998/fit.py"
