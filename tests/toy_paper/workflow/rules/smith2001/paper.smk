# Smith (2001): the worked example of a paper written against the framework. Each step states only
# its input, output and params; rules/common.smk gives it the rest (docs/guide/extending.rst).
SMITH_SETTINGS = rule_settings(PAPER_SETTINGS["smith2001"], without=("sensitivity",))
SMITH_SWEEP_SETTINGS = rule_settings(PAPER_SETTINGS["smith2001"])
SMITH_VOTES = scaled("results/smith2001/raw/votes.tsv")
SMITH_PUBLISHED = "resources/published/smith2001/table_1.csv"
SMITH_SWEEPS = [scaled("results/smith2001/sensitivity/last_column.csv")]


use rule paper_step as smith_simulate with:
    output:
        SMITH_VOTES,
    params:
        settings=SMITH_SETTINGS,


use rule paper_step as smith_table with:
    input:
        votes=SMITH_VOTES,
    output:
        scaled("results/smith2001/table_1.csv"),


use rule paper_step as smith_figure with:
    input:
        table=scaled("results/smith2001/table_1.csv"),
        published=SMITH_PUBLISHED,
    output:
        **figure_outputs("smith2001", "figure_1"),


use rule paper_step as smith_sweep with:
    output:
        SMITH_SWEEPS,
    params:
        settings=SMITH_SWEEP_SETTINGS,


# Its comparison and its report: the framework's rules and steps, on the hooks of steps.py.
paper_loop(
    "smith2001",
    SMITH_SETTINGS,
    comparison={"votes": SMITH_VOTES, "published": SMITH_PUBLISHED},
    sweeps=SMITH_SWEEPS,
)
