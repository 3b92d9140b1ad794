# Breiman (1997): one job per data set and tree rule, the sweeps of the misses, then the tables; the
# comparison and the report are the framework's (rules/loop.smk), its target rule `breiman1997`
# is made in rules/targets.smk. The file lists come from the package.
from mavl.papers.breiman1997 import sensitivity as breiman_sweeps, targets as breiman_targets
from mavl.papers.breiman1997.settings import (
    TREE_RULES as BREIMAN_TREE_RULES,
    tree_rules as breiman_tree_rules,
)

BREIMAN = PAPER_SETTINGS["breiman1997"]  # at its resolved scale: paper, quick or readings (decision 7)
# What a rule passes its step (params.settings); the main runs' without the sweeps' and decision 7's
# sections, so that editing a sweep or a reading does not re-run them (a reading's own runs get its
# entry: BREIMAN_RUN_SETTINGS).
BREIMAN_ALL_SETTINGS = rule_settings(BREIMAN)
BREIMAN_SWEEP_SETTINGS = rule_settings(BREIMAN, without=("readings",))
BREIMAN_SETTINGS = rule_settings(BREIMAN, without=("sensitivity", "readings"))
BREIMAN_RUN_SETTINGS = {
    name: {**BREIMAN_SETTINGS, "readings": {name: entry}} for name, entry in BREIMAN["readings"].items()
}
BREIMAN_RULES = breiman_tree_rules(BREIMAN)
BREIMAN_RUNS = scaled(breiman_targets.run_files(BREIMAN))
BREIMAN_SWEEPS = scaled(breiman_sweeps.sweep_files(BREIMAN))
# What each table and each group's sweep reads.
BREIMAN_TABLE_RUNS = {
    t: scaled(breiman_targets.run_files(BREIMAN, BREIMAN[group]["data_sets"]))
    for t, group in breiman_targets.TABLES.items()
}
BREIMAN_SWEEP_INPUTS = {
    group: {key: scaled(files) for key, files in breiman_sweeps.sweep_inputs(BREIMAN, group).items()}
    for group in breiman_sweeps.GROUPS
}
BREIMAN_PUBLISHED = expand("resources/published/breiman1997/{t}.csv", t=breiman_targets.TABLES)
BREIMAN_DATA_SUMMARY = scaled("results/breiman1997/table_2.csv")
BREIMAN_TABLES = expand(scaled("results/breiman1997/{t}.csv"), t=breiman_targets.TABLES)
BREIMAN_EQ_7_3 = scaled("results/breiman1997/eq_7_3.csv")
BREIMAN_BOTTOM_EDGE = scaled("results/breiman1997/bottom_edge.csv")


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    breiman_table,
    breiman_static,
    breiman_bottom_edge,
    breiman_decision,
    breiman_sensitivity,


use rule paper_step as breiman_runs with:
    input:  # a decision-7 reading on a set it does not change: the default rule's runs, not a fit
        lambda wc: scaled(breiman_targets.default_runs(BREIMAN, wc.data_set, wc.tree_rule)),
    output:
        scaled("results/breiman1997/raw/{data_set}/{tree_rule}.tsv"),
    wildcard_constraints:
        data_set="|".join(d for g in ("synthetic", "moderate", "larger") for d in BREIMAN[g]["data_sets"]),
        tree_rule="|".join([*BREIMAN_TREE_RULES, *BREIMAN["readings"]]),
    params:  # the config these results depend on (not the sweeps'): a change re-runs the job
        settings=lambda wc: BREIMAN_RUN_SETTINGS.get(wc.tree_rule, BREIMAN_SETTINGS),


use rule paper_step as breiman_sweep_runs with:
    output:
        scaled("results/breiman1997/sensitivity/raw/{reading}.tsv"),
    wildcard_constraints:
        reading="|".join(BREIMAN["sensitivity"]["readings"]),
    params:  # the config these results depend on: a change re-runs the job
        settings=BREIMAN_SWEEP_SETTINGS,


use rule paper_step as breiman_sensitivity with:
    input:
        unpack(lambda wc: BREIMAN_SWEEP_INPUTS[wc.breiman_group]),
    output:
        scaled("results/breiman1997/sensitivity/{breiman_group}.csv"),
    wildcard_constraints:
        breiman_group="|".join(BREIMAN_SWEEP_INPUTS),
    params:
        settings=BREIMAN_ALL_SETTINGS,


# Decision 5: every cell under every tree rule, which decides the default.
use rule paper_step as breiman_decision with:
    input:
        runs=BREIMAN_RUNS,
        published=BREIMAN_PUBLISHED,
        summary=BREIMAN_DATA_SUMMARY,
    output:
        **{k: scaled(path) for k, path in breiman_targets.DECISION.items()},
    params:
        settings=BREIMAN_SETTINGS,


use rule paper_step as breiman_table with:
    input:
        runs=lambda wc: BREIMAN_TABLE_RUNS[wc.breiman_table],
        published="resources/published/breiman1997/{breiman_table}.csv",
    output:
        in_report(
            scaled("results/breiman1997/{breiman_table}.csv"),
            "../../report/breiman1997/table.rst",
            "breiman1997",
            "tables",
        ),
    wildcard_constraints:
        breiman_table="|".join(BREIMAN_TABLE_RUNS),
    params:
        settings=BREIMAN_SETTINGS,


use rule paper_step as breiman_static with:
    input:
        published="resources/published/breiman1997/{breiman_static}.csv",
    output:
        in_report(
            scaled("results/breiman1997/{breiman_static}.csv"),
            "../../report/breiman1997/static.rst",
            "breiman1997",
            "tables",
        ),
    wildcard_constraints:
        breiman_static="table_2|eq_7_3",
    params:
        settings=BREIMAN_SETTINGS,


use rule paper_step as breiman_bottom_edge with:
    input:
        runs=BREIMAN_RUNS,
    output:
        BREIMAN_BOTTOM_EDGE,
    params:
        settings=BREIMAN_SETTINGS,


# Its comparison and its report: the framework's rules and steps, on the hooks of its steps module.
# The comparison judges the default rule's cells and every rule's claims (the summary counts the
# default's); the report adds every tree rule's table (decision 5) and the paired tests.
paper_loop(
    "breiman1997",
    BREIMAN_ALL_SETTINGS,
    comparison={
        "runs": scaled(breiman_targets.run_files(BREIMAN, rules=BREIMAN_RULES[:1])),
        "all_runs": BREIMAN_RUNS,
        "published": BREIMAN_PUBLISHED,
        "data_summary": BREIMAN_DATA_SUMMARY,
        "tables": BREIMAN_TABLES,
        "eq_7_3": BREIMAN_EQ_7_3,
    },
    comparison_outputs={"reach": scaled("results/breiman1997/top_c_reach.csv")},
    report_inputs={
        "tables": BREIMAN_TABLES,
        "data_summary": BREIMAN_DATA_SUMMARY,
        "eq_7_3": BREIMAN_EQ_7_3,
        "bottom_edge": BREIMAN_BOTTOM_EDGE,
        "runs": BREIMAN_RUNS,
        "decision": scaled(breiman_targets.DECISION["counts"]),
        "decision_cells": scaled(breiman_targets.DECISION["cells"]),
    },
    report_outputs={"paired": scaled("results/breiman1997/paired_tests.csv")},
    sweeps=BREIMAN_SWEEPS,
)
