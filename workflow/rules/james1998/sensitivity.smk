# Sensitivity sweeps: a group of misses re-run under the readings the spec allows (issue 33 item 4).


rule james_sensitivity:
    input:
        default=james_sweep_defaults,
    output:
        scaled("results/james1998/sensitivity/{james_group}.csv"),
    log:
        "logs/james1998/sensitivity/{james_group}.log",
    benchmark:
        f"logs/james1998/bench/{SCALE_OF['james1998']}/sensitivity/{{james_group}}.tsv"
    wildcard_constraints:
        james_group="|".join(JAMES.get("sensitivity", {})) or "^$",
    priority: rule_priority("james_sensitivity")
    conda:
        ENV
    threads: 1
    resources:
        **rule_resources("james_sensitivity"),
    params:  # the config these results depend on: a change re-runs the sweep (and only it)
        settings=JAMES_SETTINGS,
        group=lambda w: JAMES["sensitivity"][w.james_group],
    script:
        "../../scripts/james1998/sensitivity.py"
