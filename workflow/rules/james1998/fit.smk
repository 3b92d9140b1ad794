# One job per experiment fits its replicates in turn: a job's start (Python, the scientific stack and
# the paper's modules, about 2 s) is paid once per experiment, not once per replicate, and most
# replicates take less than that (docs/guide/performance.rst). Rule james_fit_<experiment>.
for _experiment in JAMES["experiments"]:

    rule:
        name:
            f"james_fit_{_experiment}"
        output:
            replicate_files(_experiment),
        params:
            settings=JAMES_SETTINGS,
            experiment=_experiment,
        script:
            "../../scripts/step.py"
