rule james_fit:
    output:
        "results/james1998/raw/{experiment}/rep{replicate}.tsv",
    log:
        "logs/james1998/fit/{experiment}/rep{replicate}.log",
    params:
        caps=JAMES["scales"][config["scale"]],
        experiment=lambda w: JAMES["experiments"][w.experiment],
        options=JAMES["options"],
    conda:
        ENV
    script:
        "../../scripts/james1998/fit_experiment.py"
