# Valentini (2003): its config section validated, and its input functions.
from snakemake.utils import validate

# Aliased: every paper's rules share one namespace.
from mavl.papers.valentini2003.settings import jobs as valentini_job_list, settings as valentini_settings
from mavl.papers.valentini2003.static import TARGETS as VALENTINI_STATIC
from mavl.papers.valentini2003.targets import CH4_FIGURES as VALENTINI_CH4_FIGURES
from mavl.papers.valentini2003.targets import CH5_FIGURES as VALENTINI_CH5_FIGURES
from mavl.papers.valentini2003.targets import final_targets as valentini_final_targets

validate(config["valentini2003"], "../../schemas/valentini2003.schema.yaml")


VALENTINI = valentini_settings(config)  # the section at its resolved scale, as the package reads it
COST_SCALE["valentini2003"] = VALENTINI["scale"]  # its jobs' costs are measured at its own scales
# A job's params: the resolved settings without the other scales' entries, so that editing one scale
# does not re-run the jobs of another; the calibration and the sweeps have their own sections, which
# only their rules take (editing a sweep does not re-run the main jobs).
VALENTINI_PARAMS = {
    key: value for key, value in VALENTINI.items() if key not in ("scales", "calibration", "sensitivity")
}
VALENTINI_SWEEP_PARAMS = {key: value for key, value in VALENTINI.items() if key != "scales"}


def valentini_ch4_jobs(part=""):
    """The chapter-4 jobs' frames (``part=".draws"``: their claims' draws)."""
    return [
        scaled(f"results/valentini2003/raw/ch4/{d}/{k}{part}.tsv")
        for d, k in valentini_job_list(VALENTINI, "ch4")
    ]


def valentini_ch5_jobs(part=""):
    """The chapter-5 jobs' frames of both families (``part=".draws"``: their claims' draws)."""
    return [
        scaled(f"results/valentini2003/raw/{f}/{d}/{k}{part}.tsv")
        for f in ("ch5_bag", "ch5_ra")
        for d, k in valentini_job_list(VALENTINI, f)
    ]


def valentini_ch6_jobs(family):
    return [
        scaled(f"results/valentini2003/raw/{family}/{d}/{k}.tsv")
        for d, k in valentini_job_list(VALENTINI, family)
    ]


def valentini2003_targets():
    return scaled(valentini_final_targets(VALENTINI)) + [report_path("valentini2003")]


def valentini_sensitivity_targets():
    return [scaled(f"results/valentini2003/sensitivity/{g}.csv") for g in VALENTINI["sensitivity"]["groups"]]


def valentini_figures():
    """Every figure PNG of the target list (not the table PNGs), for the report to link."""
    return [
        t
        for t in valentini2003_targets()
        if t.endswith(".png") and t.removeprefix(scaled("results/valentini2003/")).startswith("figure_")
    ]


def valentini_png(target, subcategory):
    """A target's PNG marked for the HTML report: a figure with its own caption, a table drawn as an
    image with the generic one."""
    path = scaled(f"results/valentini2003/{target}.png")
    if target.startswith("figure_"):
        return figure_report(path, "valentini2003", target, subcategory)
    return in_report(path, "../../report/valentini2003/table_image.rst", "valentini2003", subcategory)
