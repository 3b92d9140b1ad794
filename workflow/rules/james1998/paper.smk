# James (1998): what its rules share (rules/common.smk validates its config section); its rules are
# in rules.smk (rules/targets.smk makes its target rule, `james1998`).
from mavl.papers.james1998 import targets as james_targets
from mavl.papers.james1998.error_tables import published_table_of

JAMES = PAPER_SETTINGS["james1998"]
# What a rule passes its step (params.settings); the sweeps' readings are read by their own rule only.
JAMES_SETTINGS = rule_settings(JAMES, without=("sensitivity",))


wildcard_constraints:
    experiment="|".join(JAMES["experiments"]),
    replicate=r"\d+",


def james(path):
    """One of this paper's results at this run's scale."""
    return scaled(f"results/james1998/{path}")


def james_inputs(files):
    """A dict of the package's input files (james1998.targets) at this run's scale."""
    return {name: scaled(paths) for name, paths in files.items()}


def james_kinds(*kinds):
    """A wildcard's constraint: the targets of these kinds."""
    return "|".join(james_targets.targets_of(JAMES, kinds))


def james_table(name, caption):
    """A table's CSV, in the HTML report with the caption file workflow/report/james1998/<caption>.rst."""
    return in_report(james(f"{name}.csv"), f"../../report/james1998/{caption}.rst", "james1998", "tables")


def james_target_results(wildcards):
    """The replicates of the experiment behind a table or figure target."""
    return scaled(james_targets.replicate_files(JAMES, JAMES["targets"][wildcards[0]]["experiment"]))


include: "rules.smk"  # its rules
