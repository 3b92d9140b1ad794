# One job per experiment fits its replicates in turn: a job's start (Python, the scientific stack and
# the paper's modules, about 2 s) is paid once per experiment, not once per replicate, and most
# replicates take less than that (docs/guide/performance.rst). Rule james_fit_<experiment>.
for _experiment in JAMES["experiments"]:

    rule:
        name:
            f"james_fit_{_experiment}"
        output:
            replicate_files(_experiment),
        log:
            f"logs/james1998/fit/{_experiment}.log",
        benchmark:
            f"logs/james1998/bench/{SCALE_OF['james1998']}/fit/{_experiment}.tsv"
        priority: rule_priority(f"james_fit_{_experiment}")
        conda:
            ENV
        threads: 1
        resources:
            **rule_resources(f"james_fit_{_experiment}"),
        params:
            settings=JAMES_SETTINGS,
            experiment=_experiment,
        script:
            "../../scripts/james1998/fit.py"
