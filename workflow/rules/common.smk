# Validates the config before any job starts, and holds every input function.
from snakemake.utils import validate


validate(config, "../schemas/config.schema.yaml")


PAPER = "james1998"
ENV = "../envs/mavl.yaml"


wildcard_constraints:
    experiment="[A-Za-z0-9]+",
    replicate=r"\d+",
    table=r"table_2_\d+",
    figure=r"figure_2_\d+",


def replicate_files(experiment):
    cap = config["scales"][config["scale"]]["max_replicates"]
    n = config["experiments"][experiment]["replicates"]
    n = n if cap is None else min(n, cap)
    return [f"results/{PAPER}/raw/{experiment}/rep{r}.tsv" for r in range(n)]


def target_results(wildcards):
    name = wildcards.get("table") or wildcards.get("figure")
    return replicate_files(config["targets"][name]["experiment"])


def all_results(wildcards):
    return [f for name in config["experiments"] for f in replicate_files(name)]


def targets_of(kinds):
    return [t for t, info in config["targets"].items() if info["kind"] in kinds]


def report_path():
    scale = config["scale"]
    return f"reports/{PAPER}.md" if scale == "paper" else f"reports/{PAPER}.{scale}.md"


def all_targets():
    tables = [f"results/{PAPER}/{t}.csv" for t in targets_of({"table", "relative_table"})]
    figures = [
        f"results/{PAPER}/{f}.png"
        for f in targets_of({"error_figure", "concentric_figure"})
    ]
    return tables + figures + [report_path()]
