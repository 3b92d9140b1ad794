# Zaki & Meira Ch. 22: the demonstrations, the comparison and the report (its target rule `zaki_ch22`:
# rules/targets.smk).
from mavl.papers.zaki_ch22 import settings as zaki_settings, targets as zaki_targets

ZAKI = config["zaki_ch22"]
ZAKI_SETTINGS = zaki_settings(config)
ZAKI_DECLARED = zaki_targets.declared_targets(ZAKI_SETTINGS)


# Tables, figures and reports read finished results in seconds: on a cluster they run locally.
localrules:
    zaki_comparison,
    zaki_report,


rule zaki_figure_target:
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
    script:
        "../../scripts/step.py"


rule zaki_table_target:
    output:
        csv=scaled("results/zaki_ch22/{zaki_table}.csv"),
        checks=scaled("results/zaki_ch22/{zaki_table}.checks.json"),
    wildcard_constraints:
        zaki_table="|".join(ZAKI["table_targets"]),
    script:
        "../../scripts/step.py"


rule zaki_comparison:
    input:
        probability=scaled("results/zaki_ch22/demo_bootstrap_probability.csv"),
        algorithm=scaled("results/zaki_ch22/algorithm_22_3.csv"),
        published="resources/published/zaki_ch22/bootstrap_probability.csv",
        # In the catalogue's order, the order of the claims.
        checks=[scaled(f"results/zaki_ch22/{t.id}.checks.json") for t in ZAKI_DECLARED],
    output:
        comparison=scaled("results/zaki_ch22/comparison.csv"),
        summary=scaled("results/zaki_ch22/comparison_summary.json"),
        claims=scaled("results/zaki_ch22/claims.csv"),
    script:
        "../../scripts/step.py"


rule zaki_report:
    input:
        targets=scaled([f for target in ZAKI_DECLARED for f in target.files]),
        comparison=rules.zaki_comparison.output.comparison,
        summary=rules.zaki_comparison.output.summary,
        claims=rules.zaki_comparison.output.claims,
    output:
        report=in_report(
            report_path("zaki_ch22"), "../../report/zaki_ch22/target.rst", "zaki_ch22", "summary"
        ),
        figures=directory(report_figures("zaki_ch22")),
    params:
        settings=rule_settings(ZAKI_SETTINGS),
        captions=figure_captions("zaki_ch22", ZAKI["figure_targets"]),
    script:
        "../../scripts/step.py"
