# James (1998): its config section validated, its wildcards constrained, and its input functions.
from snakemake.utils import validate

from mavl.papers.james1998.error_tables import published_table_of
from mavl.papers.james1998.sensitivity import bias_variance_target, group_methods
from mavl.papers.james1998.settings import settings as james_settings
from mavl.papers.james1998.targets import COMPARISON, TABLE_SUFFIXES
from mavl.papers.james1998.targets import final_targets as james_final_targets
from mavl.papers.james1998.targets import target_files as james_target_files

validate(config["james1998"], "../../schemas/james1998.schema.yaml")


JAMES = config["james1998"]
# What a rule passes its step (params.settings); the sweeps' readings are read by their own rule only.
JAMES_SETTINGS = rule_settings(james_settings(config), without=("sensitivity",))


wildcard_constraints:
    experiment="|".join(JAMES["experiments"]),
    replicate=r"\d+",


def capped_replicates(n):
    cap = JAMES["scales"][config["scale"]]["max_replicates"]
    return n if cap is None else min(n, cap)


def replicate_files(experiment):
    n = capped_replicates(JAMES["experiments"][experiment]["replicates"])
    return [scaled(f"results/james1998/raw/{experiment}/rep{r}.tsv") for r in range(n)]


def bv_methods():
    return sorted({m for methods in JAMES["bias_variance"]["tables"].values() for m in methods})


def count_file(problem, method):
    """One method's prediction counts on one Gaussian simulation (rule james_bias_variance_counts)."""
    return scaled(f"results/james1998/raw/bias_variance/{problem}/{method}.tsv")


def bias_variance_count_files(wildcards):
    problem = JAMES["targets"][wildcards.bv_table]["problem"]
    return [count_file(problem, m) for m in JAMES["bias_variance"]["tables"][wildcards.bv_table]]


CASE_STUDY = {
    name: scaled(f"results/james1998/raw/case_study/{name}.{ext}")
    for name, ext in (("errors", "tsv"), ("estimates", "tsv"), ("scalars", "json"))
}
#: The case study's estimators on each of the claims' draws of its training sets.
CASE_STUDY_DRAWS = scaled("results/james1998/raw/case_study/draws.tsv")


def james_sweep_defaults(wildcards):
    """The main jobs whose replicates are a sweep's default reading (and the replicates it runs), or,
    for a bias/variance table, whose prediction counts are."""
    spec = JAMES["sensitivity"][wildcards.james_group]
    table = bias_variance_target(JAMES, spec)
    if table is not None:
        problem = JAMES["targets"][table]["problem"]
        return [count_file(problem, m) for m in group_methods(JAMES, spec)]
    experiments = dict.fromkeys(JAMES["targets"][t]["experiment"] for t in spec["targets"])
    return [f for name in experiments for f in replicate_files(name)]


def james_sweeps():
    return [scaled(f"results/james1998/sensitivity/{group}.csv") for group in JAMES.get("sensitivity", {})]


def margin_files():
    n = capped_replicates(JAMES["margins"]["splits"])
    return [scaled(f"results/james1998/raw/margins/rep{r}.json") for r in range(n)]


def settling_files():
    n = capped_replicates(JAMES["settling"]["splits"])
    return [scaled(f"results/james1998/raw/settling/rep{r}.tsv") for r in range(n)]


def target_results(wildcards):
    name = wildcards.get("table") or wildcards.get("figure")
    return replicate_files(JAMES["targets"][name]["experiment"])


def all_results(wildcards):
    return [f for name in JAMES["experiments"] for f in replicate_files(name)]


def targets_of(kinds):
    return [t for t, info in JAMES["targets"].items() if info["kind"] in kinds]


def target_files(target):
    return scaled(james_target_files(JAMES, target))


def all_count_files():
    """The prediction counts of every bias/variance table."""
    return [
        count_file(JAMES["targets"][t]["problem"], m)
        for t in targets_of({"bias_variance_table"})
        for m in JAMES["bias_variance"]["tables"][t]
    ]


def claim_noise_inputs(wildcards):
    """The replicates the claims are resampled over (besides the counts): every experiment's
    replicates, the settling splits and the case study's per-set errors."""
    return {
        "results": all_results(wildcards),
        "settling_raw": settling_files(),
        "case_study_errors": CASE_STUDY["errors"],
        "case_study_draws": CASE_STUDY_DRAWS,
    }


def comparison_inputs(wildcards):
    """Every result and published file the comparison and its claims read."""
    tables = targets_of({"table", "relative_table"})
    theory = targets_of({"bias_variance_table", "case_study_table", "case_study_figure"})
    return {
        "bound": scaled("results/james1998/table_2_2.compare.csv"),
        "tables": [f for t in tables for f in target_files(t)]
        + [
            scaled(f"results/james1998/{t}.summary.json")
            for t in tables + targets_of({"bias_variance_table"})
        ]
        + [f for t in theory for f in target_files(t)],
        "published": expand(
            "resources/published/james1998/{name}.csv",
            name=tables
            + targets_of({"bias_variance_table"})
            + ["table_sec_3_4", "scalars_sec_3_4", "average_se"],
        ),
        "counts": all_count_files(),
        "margin_figure": scaled(f"results/james1998/raw/margins/rep{JAMES['margins']['figure_split']}.json"),
        "margin_splits": margin_files(),
        "settling": scaled("results/james1998/settling.claims.json"),
        "case_study": CASE_STUDY["scalars"],
        **claim_noise_inputs(wildcards),
    }


def james1998_targets():
    return scaled(james_final_targets(JAMES)) + [report_path("james1998")]
