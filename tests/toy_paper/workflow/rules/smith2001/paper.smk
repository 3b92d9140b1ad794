# Smith (2001), the worked example: each rule is the framework's step with its own files; its
# comparison and report are the framework's loop on the hooks of its steps.py (paper_loop, at the end).
SMITH_SETTINGS = paper_settings("smith2001", without=("sensitivity",))
SMITH_VOTES = scaled("results/smith2001/raw/votes.tsv")
SMITH_PUBLISHED = "resources/published/smith2001/table_1.csv"
SMITH_SWEEPS = [scaled("results/smith2001/sensitivity/last_column.csv")]


use rule step from framework as smith_simulate with:
    output:
        SMITH_VOTES,
    params:
        settings=SMITH_SETTINGS,


use rule step from framework as smith_table with:
    input:
        votes=SMITH_VOTES,
    output:
        scaled("results/smith2001/table_1.csv"),


use rule step from framework as smith_figure with:
    input:
        table=scaled("results/smith2001/table_1.csv"),
        published=SMITH_PUBLISHED,
    output:
        **figure_outputs("smith2001", "figure_1"),


use rule step from framework as smith_sweep with:
    output:
        SMITH_SWEEPS,
    params:
        settings=paper_settings("smith2001"),  # the sweeps' section too


paper_loop(
    "smith2001",
    SMITH_SETTINGS,
    comparison={"votes": SMITH_VOTES, "published": SMITH_PUBLISHED},
    sweeps=SMITH_SWEEPS,
    figures=["figure_1"],
)
