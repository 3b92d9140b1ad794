"""The Markdown report of James (1998) (rule build_report)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.james1998 import settings
from mavl.papers.james1998.report import write_report
from mavl.reproduction.report import copy_figures

out = Path(snakemake.output.report)
figures = copy_figures(snakemake.input.figures, snakemake.output.figures, out.parent)
theory_figures = copy_figures(snakemake.input.theory_figures, snakemake.output.figures, out.parent)
write_report(
    settings(snakemake.config),
    Path(snakemake.input.tables[0]).parent,
    Path(snakemake.input.published).parent,
    snakemake.input.results,
    out,
    figures,
    theory_figures,
    {"figure": snakemake.input.margin_figure, "splits": snakemake.input.margin_splits},
    {"comparison": snakemake.input.comparison, "summary": snakemake.input.comparison_summary,
     "sweep": snakemake.input.sweep},
    snakemake.params.captions,
)
