rule james_fit:
    output:
        scaled("results/james1998/raw/{experiment}/rep{replicate}.tsv"),
    log:
        "logs/james1998/fit/{experiment}/rep{replicate}.log",
    benchmark:
        f"logs/james1998/bench/{SCALE_OF['james1998']}/fit/{{experiment}}/rep{{replicate}}.tsv"
    priority: rule_priority("james_fit")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("james_fit"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/james1998/fit.py"
