# Valentini (2003): what its rules share (rules/common.smk validates its config section); its rules
# are in rules.smk (rules/targets.smk makes its target rule, `valentini2003`).
# Aliased: every paper's rules share one namespace.
from mavl.papers.valentini2003.claims import PUBLISHED as VALENTINI_PUBLISHED_TABLES
from mavl.papers.valentini2003.report import TABLES as VALENTINI_REPORT_TABLES
from mavl.papers.valentini2003.settings import (
    job_files as valentini_job_files,
)
from mavl.papers.valentini2003.sensitivity import sweep_files as valentini_sweep_files
from mavl.papers.valentini2003.static import TARGETS as VALENTINI_STATIC
from mavl.papers.valentini2003.targets import CH4_FIGURES as VALENTINI_CH4_FIGURES
from mavl.papers.valentini2003.targets import CH5_FIGURES as VALENTINI_CH5_FIGURES
from mavl.papers.valentini2003.targets import final_targets as valentini_final_targets

VALENTINI = PAPER_SETTINGS["valentini2003"]  # the section at its resolved scale, as the package reads it
# A job's params: the resolved settings without the scales, so that editing one scale does not
# re-run the jobs of another; the calibration and the sweeps have their own sections, which only
# their rules take (editing a sweep does not re-run the main jobs).
VALENTINI_PARAMS = rule_settings(VALENTINI, without=("scales", "calibration", "sensitivity"))
VALENTINI_SWEEP_PARAMS = rule_settings(VALENTINI, without=("scales",))
VALENTINI_JOB = {"data_set": "|".join(VALENTINI["data_sets"]), "kernel": "rbf|poly|linear"}


def valentini_jobs(*families, suffix=".tsv"):
    return scaled(valentini_job_files(VALENTINI, *families, suffix=suffix))


def valentini_png(target, subcategory):
    """A target's PNG marked for the HTML report: a figure with its own caption, a table drawn as an
    image with the generic one."""
    path = scaled(f"results/valentini2003/{target}.png")
    if target.startswith("figure_"):
        return figure_report(path, "valentini2003", target, subcategory)
    return in_report(path, "../../report/valentini2003/table_image.rst", "valentini2003", subcategory)


def valentini_outputs(subcategory, drawn, tables=(), supplements=False):
    """A derived rule's outputs, in this order: its computed tables (marked for the HTML report) and,
    with ``supplements``, their same-parameter supplements; each drawn target's CSV and PNG; each
    figure's PDF."""
    out = {}
    if tables:
        caption = "../../report/valentini2003/table.rst"
        out["table"] = [
            in_report(scaled(f"results/valentini2003/{t}.csv"), caption, "valentini2003", "tables")
            for t in tables
        ]
    if supplements:
        out["supplement"] = [scaled(f"results/valentini2003/{t}.same_parameter.csv") for t in tables]
    return out | {
        "csv": [scaled(f"results/valentini2003/{t}.csv") for t in drawn],
        "png": [valentini_png(t, subcategory) for t in drawn],
        "pdf": [scaled(f"results/valentini2003/{t}.pdf") for t in drawn if t.startswith("figure_")],
    }


def valentini_published(*tables):
    return [f"resources/published/valentini2003/{t}.csv" for t in tables]


VALENTINI_COMPARED = valentini_published(*VALENTINI_PUBLISHED_TABLES)  # the claims' and cells' tables


include: "rules.smk"
