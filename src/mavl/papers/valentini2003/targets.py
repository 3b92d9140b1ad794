"""Valentini (2003)'s targets: per chapter one pass that derives every table and figure from the jobs'
tidy frames (each output records its scale), and the list of files rule ``valentini2003`` asks for.

A chapter's figures are drawn from its table of figures (:data:`.chapter4.figures.FIGURES`,
:data:`.chapter5.figures.FIGURES`), each with what it reads.
"""

import pandas as pd

from ...reproduction import targets as declared
from ...reproduction.io import write_table
from .chapter4 import figures as chapter4_figures
from .chapter4.published import published_points
from .chapter4.tables import table_4_2
from .chapter5 import figures as chapter5_figures
from .chapter5.tables import table_5
from .chapter6.figures import figure_6_1
from .chapter6.tables import table_6_1, table_6_2
from .static import TARGETS as STATIC_TARGETS

__all__ = ["CH4_FIGURES", "CH5_FIGURES", "CH5_TABLES", "COMPARISON", "COMPUTED_TABLES", "build_ch4_targets",
           "build_ch5_targets", "build_ch6_targets", "declared_targets",
           "final_targets"]

#: Figures 4.5-4.25: 4.8-4.10 read the P2 surface, the others the F1-F3 frames.
CH4_FIGURES = tuple(chapter4_figures.FIGURES)
#: Figures 5.4-5.12 and 5.15-5.25 read the F5/F6 frames (5.1-5.3, 5.13, 5.14 are listings).
CH5_FIGURES = tuple(chapter5_figures.FIGURES)
#: Chapter 5's tables: the method each compares with the single SVM.
CH5_TABLES = {"table_5_1": "bagging", "table_5_2": "randagg"}


def _frames(paths):
    return pd.concat([pd.read_csv(p, sep="\t") for p in paths], ignore_index=True)


def _write_figures(figures, outputs, cfg, reads):
    """Draw each figure of a chapter's table (``figures``) to its PNG and write its frame with the scale.

    ``outputs`` holds one (csv, png) pair per figure, in the table's order; ``reads`` maps what a
    figure reads (:attr:`.plotting.Figure.reads`) to the arguments it takes before and after its PNG.
    """
    for figure, (csv, png) in zip(figures.values(), outputs, strict=True):
        before, keywords = reads[figure.reads]
        options = {keyword: cfg["options"][key] for keyword, key in figure.options}
        write_table(figure.draw(*before, png, **keywords, **options).assign(scale=cfg["scale"]), csv)


def build_ch4_targets(cfg, paths, surface_paths, published, table_path, figure_outputs):
    """Table 4.2 and Figures 4.5-4.25 from every F1-F3 job and the F4 surface, in one pass.

    ``surface_paths``: F4's (errors, surface) files; ``published``: Table 4.2's published frame and
    the P2 errors read off Figs 4.8-4.12, as {"table_4_2": …, "p2_errors": …}; ``figure_outputs``
    one (csv, png) pair per :data:`CH4_FIGURES` entry.
    """
    frame = _frames(paths)
    errors, surface = (pd.read_csv(path, sep="\t") for path in surface_paths)
    write_table(table_4_2(frame, published["table_4_2"]).assign(scale=cfg["scale"]), table_path)
    points = published_points(published["table_4_2"], published["p2_errors"])
    _write_figures(chapter4_figures.FIGURES, figure_outputs, cfg, {
        "frame": ((frame,), {}), "marked": ((frame,), {"published": points}),
        "surface": ((surface,), {"errors": errors, "published": published["p2_errors"]})})


def build_ch5_targets(cfg, paths, published, inconsistent, table_outputs, figure_outputs):
    """Tables 5.1/5.2 and Figures 5.4-5.12, 5.15-5.25 from every F5 and F6 job, in one pass.

    ``published`` maps each table id to its published frame; ``table_outputs`` maps it to the path of
    the table under the config's row rule (A13) and the path of its ``same_parameter`` supplement.
    """
    frame = _frames(paths)
    for target, (path, supplement) in table_outputs.items():
        for rule, out in ((cfg["options"]["table_5_row_rule"], path), ("same_parameter", supplement)):
            table = table_5(frame, CH5_TABLES[target], published[target], inconsistent, rule)
            write_table(table.assign(scale=cfg["scale"]), out)
    # Figures 5.24 and 5.25 summarise Tables 5.1/5.2 and show the printed values beside them.
    _write_figures(chapter5_figures.FIGURES, figure_outputs, cfg,
                   {"frame": ((frame,), {}), "marked": ((frame,), {"published": published})})


def build_ch6_targets(cfg, pair_paths, rep_paths, published, table_outputs, figure_output):
    """Tables 6.1 (F7) and 6.2 (F8), and Figure 6.1 drawn from the computed Table 6.1.

    ``published`` and ``table_outputs`` map ``table_6_1``/``table_6_2`` to the published frame and the
    output path; ``figure_output`` is Figure 6.1's (csv, png) pair.
    """
    table = table_6_1(_frames(pair_paths), published["table_6_1"]).assign(scale=cfg["scale"])
    write_table(table, table_outputs["table_6_1"])
    table = table_6_2(_frames(rep_paths), published["table_6_2"], ttest_level=cfg["options"]["ttest_level"])
    write_table(table.assign(scale=cfg["scale"]), table_outputs["table_6_2"])
    csv, png = figure_output
    # Read back what was written, so the figure draws exactly the committed table's numbers.
    write_table(figure_6_1(pd.read_csv(table_outputs["table_6_1"]), png, published["table_6_1"])
                .assign(scale=cfg["scale"]), csv)


#: The tables computed from the jobs (chapter 5's with their row-rule supplement).
COMPUTED_TABLES = ("table_4_2", *CH5_TABLES, "table_6_1", "table_6_2")
#: The judged comparison of every published cell (rule valentini_comparison).
COMPARISON = ["results/valentini2003/comparison.csv", "results/valentini2003/comparison_summary.json"]


def _place(target_id):
    """Where a target stands in the thesis: chapter, number, tables before figures."""
    kind, *numbers = target_id.split("_")
    return (*map(int, numbers), kind != "table")


def declared_targets(config):
    """Every table and figure of the thesis the workflow rebuilds, in the thesis's order
    (``config``: the paper's settings, unused: the list is the same at every scale). A figure is its
    PNG, CSV and PDF; a listed table (family F0) its CSV and the PNG it is drawn as; a computed
    table its CSV (chapter 5's with its row-rule supplement)."""
    def files(target, *exts):
        return [f"results/valentini2003/{target}{ext}" for ext in exts]

    ids = [*STATIC_TARGETS, *CH4_FIGURES, *CH5_FIGURES, "figure_6_1", *COMPUTED_TABLES]
    out = []
    for target in sorted(ids, key=_place):
        if target.startswith("figure_"):
            out.append(declared.Target(target, "figure", files(target, ".png", ".csv", ".pdf")))
        elif target in STATIC_TARGETS:
            out.append(declared.Target(target, "table", files(target, ".csv", ".png")))
        else:
            extra = (".same_parameter.csv",) if target in CH5_TABLES else ()
            out.append(declared.Target(target, "table", files(target, ".csv", *extra)))
    return out


def final_targets(config):
    """The files rule ``valentini2003`` asks for: every target's files, then the comparison; the
    report's path depends on the shared scale and is the rules' to add."""
    return declared.final_targets(declared_targets(config), COMPARISON)
