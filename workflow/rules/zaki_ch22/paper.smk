# Zaki & Meira Ch. 22: the demonstrations, then the comparison and the report (the framework's rules,
# rules/loop.smk; its target rule `zaki_ch22`: rules/targets.smk).
ZAKI = config["zaki_ch22"]
ZAKI_SETTINGS = PAPER_SETTINGS["zaki_ch22"]
ZAKI_DECLARED = DECLARED_TARGETS["zaki_ch22"]


use rule paper_step as zaki_figure_target with:
    output:
        csv=scaled("results/zaki_ch22/{zaki_figure}.csv"),
        checks=scaled("results/zaki_ch22/{zaki_figure}.checks.json"),
        png=in_report(
            scaled("results/zaki_ch22/{zaki_figure}.png"), JOB_FIGURE_CAPTION, "zaki_ch22", "figures"
        ),
        pdf=scaled("results/zaki_ch22/{zaki_figure}.pdf"),
    wildcard_constraints:
        zaki_figure="|".join(ZAKI["figure_targets"]),
    params:
        caption=lambda wc: figure_caption("zaki_ch22", wc.zaki_figure),


use rule paper_step as zaki_table_target with:
    output:
        csv=scaled("results/zaki_ch22/{zaki_table}.csv"),
        checks=scaled("results/zaki_ch22/{zaki_table}.checks.json"),
    wildcard_constraints:
        zaki_table="|".join(ZAKI["table_targets"]),


# Its comparison and its report: the framework's rules and steps, on the hooks of its steps module
# (the checks in the catalogue's order, the order of the claims).
paper_loop(
    "zaki_ch22",
    rule_settings(ZAKI_SETTINGS),
    comparison={
        "probability": scaled("results/zaki_ch22/demo_bootstrap_probability.csv"),
        "algorithm": scaled("results/zaki_ch22/algorithm_22_3.csv"),
        "published": "resources/published/zaki_ch22/bootstrap_probability.csv",
        "checks": [scaled(f"results/zaki_ch22/{t.id}.checks.json") for t in ZAKI_DECLARED],
    },
    report_inputs={"targets": scaled([f for target in ZAKI_DECLARED for f in target.files])},
    caption="target.rst",
)
