# Valentini (2003): its config section validated, and its input functions.
from snakemake.utils import validate

# Aliased: every paper's rules share one namespace.
from mavl.papers.valentini2003.settings import jobs as valentini_job_list, settings as valentini_settings
from mavl.papers.valentini2003.static import TARGETS as VALENTINI_STATIC
from mavl.papers.valentini2003.targets import CH4_FIGURES as VALENTINI_CH4_FIGURES


validate(config["valentini2003"], "../../schemas/valentini2003.schema.yaml")


VALENTINI = valentini_settings(config)   # the section at its resolved scale, as the package reads it


def valentini_ch4_jobs():
    return [f"results/valentini2003/raw/ch4/{d}/{k}.tsv" for d, k in valentini_job_list(VALENTINI, "ch4")]


def valentini2003_targets():
    static = [f"results/valentini2003/{t}.{ext}" for t in VALENTINI_STATIC for ext in ("csv", "png")]
    figures = [f"results/valentini2003/{t}.{ext}" for t in VALENTINI_CH4_FIGURES for ext in ("csv", "png")]
    return static + figures + ["results/valentini2003/table_4_2.csv"]
