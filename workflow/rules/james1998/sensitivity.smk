# Sensitivity sweeps: a group of misses re-run under the readings the spec allows (issue 33 item 4).


rule james_sensitivity:
    input:
        default=james_sweep_defaults,
    output:
        scaled("results/james1998/sensitivity/{james_group}.csv"),
    wildcard_constraints:
        james_group="|".join(JAMES.get("sensitivity", {})) or "^$",
    params:  # the config these results depend on: a change re-runs the sweep (and only it)
        settings=JAMES_SETTINGS,
        group=lambda w: JAMES["sensitivity"][w.james_group],
    script:
        "../../scripts/step.py"
