# Smith (2001): the worked example of a paper written against the framework. Each rule states
# only what differs; rules/common.smk validates its config section and gives every rule its log,
# benchmark, environment and resources.
from mavl.papers.smith2001 import settings as smith_settings

SMITH_SETTINGS = rule_settings(smith_settings(config), without=("sensitivity",))
SMITH_SWEEP_SETTINGS = rule_settings(smith_settings(config))
SMITH_VOTES = scaled("results/smith2001/raw/votes.tsv")
SMITH_PUBLISHED = "resources/published/smith2001/table_1.csv"
SMITH_SWEEPS = [scaled("results/smith2001/sensitivity/last_column.csv")]


rule smith_simulate:
    output:
        SMITH_VOTES,
    params:
        settings=SMITH_SETTINGS,
    script:
        "../../scripts/step.py"


rule smith_table:
    input:
        votes=SMITH_VOTES,
    output:
        scaled("results/smith2001/table_1.csv"),
    script:
        "../../scripts/step.py"


rule smith_figure:
    input:
        table=scaled("results/smith2001/table_1.csv"),
        published=SMITH_PUBLISHED,
    output:
        **figure_outputs("smith2001", "figure_1"),
    script:
        "../../scripts/step.py"


rule smith_sweep:
    output:
        SMITH_SWEEPS,
    params:
        settings=SMITH_SWEEP_SETTINGS,
    script:
        "../../scripts/step.py"


# Its comparison and its report: the framework's rules and steps, on the hooks of steps.py.
paper_loop(
    "smith2001",
    SMITH_SETTINGS,
    comparison={"votes": SMITH_VOTES, "published": SMITH_PUBLISHED},
    sweeps=SMITH_SWEEPS,
    figures=["figure_1"],
)
