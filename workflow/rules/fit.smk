rule fit_experiment:
    output:
        "results/{paper}/raw/{experiment}/rep{replicate}.tsv",
    log:
        "logs/fit_experiment/{paper}/{experiment}/rep{replicate}.log",
    params:
        scale=config["scale"],
    conda:
        ENV
    script:
        "../scripts/fit_experiment.py"
