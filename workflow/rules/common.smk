# Validates the config before any job starts, and holds every input function.
from snakemake.utils import validate


validate(config, "../schemas/config.schema.yaml")


PAPER = "james1998"
ENV = "../envs/mavl.yaml"


wildcard_constraints:
    experiment="|".join(config["experiments"]),
    replicate=r"\d+",
    table="|".join(t for t, i in config["targets"].items() if i["kind"] in ("table", "relative_table")),
    figure=r"figure_2_\d+",
    bv_table="table_3_1|table_3_2",
    cs_figure="figure_2_6|figure_3_1",


def capped_replicates(n):
    cap = config["scales"][config["scale"]]["max_replicates"]
    return n if cap is None else min(n, cap)


def replicate_files(experiment):
    n = capped_replicates(config["experiments"][experiment]["replicates"])
    return [f"results/{PAPER}/raw/{experiment}/rep{r}.tsv" for r in range(n)]


def bv_methods():
    return sorted({m for methods in config["bias_variance"]["tables"].values() for m in methods})


def bias_variance_count_files(wildcards):
    problem = config["targets"][wildcards.bv_table]["problem"]
    return [f"results/{PAPER}/raw/bias_variance/{problem}/{m}.tsv"
            for m in config["bias_variance"]["tables"][wildcards.bv_table]]


CASE_STUDY = {
    name: f"results/{PAPER}/raw/case_study/{name}.{ext}"
    for name, ext in (("errors", "tsv"), ("estimates", "tsv"), ("scalars", "json"))
}


def margin_files():
    n = capped_replicates(config["margins"]["splits"])
    return [f"results/{PAPER}/raw/margins/rep{r}.json" for r in range(n)]


def settling_files():
    n = capped_replicates(config["settling"]["splits"])
    return [f"results/{PAPER}/raw/settling/rep{r}.tsv" for r in range(n)]


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


#: Files that make each kind of target (besides the PNG/PDF/CSV of every figure).
TABLE_SUFFIXES = {
    "table": [".csv", ".compare.csv"],
    "relative_table": [".csv", ".compare.csv"],
    "bias_variance_table": [".csv", ".compare.csv", ".kw.csv"],
    "case_study_table": [".csv", ".compare.csv"],
    "static_table": [".csv"],
    "bound_table": [".csv", ".hoeffding.csv", ".compare.csv"],
}


def target_files(target):
    kind = config["targets"][target]["kind"]
    suffixes = TABLE_SUFFIXES.get(kind, [".png", ".pdf", ".csv"])
    return [f"results/{PAPER}/{target}{suffix}" for suffix in suffixes]


def all_targets():
    james = [f for target in config["targets"] for f in target_files(target)] + [report_path()]
    return james + zaki_files() + [zaki_report_path()]


# Zaki & Meira Chapter 22.
ZAKI = "zaki_ch22"
ZAKI_TARGETS = config["zaki_ch22"]["figure_targets"] + config["zaki_ch22"]["table_targets"]


def zaki_files():
    files = [f"results/{ZAKI}/{t}.{ext}" for t in ZAKI_TARGETS for ext in ("csv", "checks.json")]
    return files + [f"results/{ZAKI}/{t}.png" for t in config["zaki_ch22"]["figure_targets"]]


def zaki_report_path():
    scale = config["scale"]
    return f"reports/{ZAKI}.md" if scale == "paper" else f"reports/{ZAKI}.{scale}.md"
