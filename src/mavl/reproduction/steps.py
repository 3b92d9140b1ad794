"""How a rule hands a paper's step what it reads: the settings, and nothing of the config beyond them.

Every paper's ``steps`` module holds one function per rule, ``step(job)``, where ``job`` is the
script's ``snakemake`` object: ``job.input``, ``job.output``, ``job.wildcards`` and ``job.params``.
A rule passes its step the paper's settings as ``params.settings``, built by :func:`rule_settings`,
so that Snakemake re-runs a job when, and only when, something its step can read has changed.
"""

from pathlib import Path

from .comparison import write_index
from .pages import markdown_page, table_pages

__all__ = ["index", "pages", "rule_settings"]


def rule_settings(settings, without=()):
    """``settings`` with ``scales`` cut to the run's scale and the keys ``without`` left out.

    The other scales' caps cannot change a job's result, nor can sections read only by other
    rules (a sensitivity sweep's readings): leaving them out keeps an edit of them from re-running
    every job.
    """
    out = {key: value for key, value in settings.items() if key not in without}
    if "scales" in out and "scale" in out:
        out["scales"] = {out["scale"]: out["scales"][out["scale"]]}
    return out


def index(job):
    """reports/README.md: every paper's comparison summary in one table (rule reports_index)."""
    write_index({Path(p).parent.name: p for p in job.input}, job.params.scale, job.output[0])


def pages(job):
    """A paper's report and table targets as HTML pages for the Snakemake report (rule reports_pages)."""
    markdown_page(job.input.report, job.output.page)
    table_pages(job.input.tables, job.output.tables, job.wildcards.paper)
