"""Allwein, Schapire & Singer (2000)'s tables and figures, declared once
(:class:`mavl.reproduction.targets.Target`): Tables 1-3, Figures 1-7 and the two extra checks. The
workflow builds its target rule (``final_targets``: every target's files, then the judged
comparison) and one rule per target (``allwein2000_<id>``) from this declaration."""

from ...reproduction import targets as declared
from .settings import jobs

__all__ = ["COMPARISON", "FIGURES", "FIGURE_TABLES", "declared_targets", "final_targets", "job_files",
           "sweep_files"]

#: Figures 1-7, each a CSV with its PNG and PDF (:func:`.figures.build_figure` builds 1, 2 and 4-7).
FIGURES = [f"figure_{i}" for i in range(1, 8)]
#: The error table each of Figures 4-7 is drawn from.
FIGURE_TABLES = {"figure_4": "table_2", "figure_5": "table_3", "figure_6": "table_3", "figure_7": "table_2"}
#: Tables 2-3 as cells of the comparison standard, judged (written by rule allwein_report).
COMPARISON = ["results/allwein2000/comparison.csv", "results/allwein2000/comparison_summary.json"]


def declared_targets(config):
    """Tables 1-3, Figures 1-7, then the code properties and the bound check (``config``: the paper's
    settings, unused: the list is the same at every scale)."""
    def files(target, *exts):
        return [f"results/allwein2000/{target}{ext}" for ext in exts]

    return ([declared.Target(t, "table", files(t, ".csv")) for t in ("table_1", "table_2", "table_3")]
            + [declared.Target(t, "figure", files(t, ".png", ".csv", ".pdf")) for t in FIGURES]
            + [declared.Target(t, "extra", files(f"extra_{t}", ".csv"))
               for t in ("code_properties", "bound_check")])


def final_targets(config):
    """The files rule ``allwein2000`` asks for; the report's path is the rules' to add."""
    return declared.final_targets(declared_targets(config), COMPARISON)


def job_files(cfg, learner, suffix):
    """The files of ``learner``'s main jobs at this scale (:func:`.settings.jobs`), each named
    ``<code><suffix>``: ``.tsv`` (results), ``.examples.tsv`` or ``.bounds.tsv``."""
    return [f"results/allwein2000/raw/{learner}/{d}/{c}{suffix}" for d, c in jobs(cfg, learner)]


def sweep_files(cfg):
    """Every sweep's rows, one file per group of the config's ``sensitivity`` section."""
    return [f"results/allwein2000/sensitivity/{group}.csv" for group in cfg["sensitivity"]]
