"""How a rule runs its step, and hands it what it reads: the settings, and nothing of the config
beyond them.

Every paper's ``steps`` module holds one function per rule, ``step(job)``, where ``job`` is the
script's ``snakemake`` object: ``job.input``, ``job.output``, ``job.wildcards`` and ``job.params``.
Every rule runs one script, ``workflow/scripts/step.py``, which logs and calls :func:`run_step`:
rule ``<prefix><step>`` runs ``step`` of the paper whose ``RULE_PREFIX`` it carries. A rule passes
its step the paper's settings as ``params.settings``, built by :func:`rule_settings`, so that
Snakemake re-runs a job when, and only when, something its step can read has changed.
"""

import functools
import gc
import importlib
from pathlib import Path

from . import registry

__all__ = ["REPORTS_PREFIX", "index", "pages", "rule_settings", "run_step", "step_function"]

#: The rules of the reports index and pages (their steps are this module's).
REPORTS_PREFIX = "reports_"


def step_function(rule):
    """The step rule ``rule`` runs: ``<prefix><step>`` names ``step`` of the paper whose
    ``RULE_PREFIX`` is ``<prefix>`` (``reports_<step>``: this module's). A rule made in a loop,
    ``<prefix><step>_<value>``, runs ``step``: the longest leading part of the name that is a step.
    Rules ``<prefix>comparison`` and ``<prefix>report`` of a paper whose steps module gives the
    loop's hooks instead (:data:`mavl.reproduction.loop.HOOKS`) run the framework's steps,
    :func:`mavl.reproduction.loop.comparison` and :func:`~mavl.reproduction.loop.report`.

    The papers are found by name under :mod:`mavl.papers`, as plugins: this layer imports none of
    them in its code, and a new paper needs no entry here.
    """
    if rule.startswith(REPORTS_PREFIX):
        module, rest = importlib.import_module(__name__), rule.removeprefix(REPORTS_PREFIX)
    else:
        papers = registry.declarations()
        found = [paper for paper in papers if rule.startswith(paper.rule_prefix)]
        if len(found) != 1:
            # (Rule paper_step, which every paper's step inherits, is one: it names no step itself.)
            prefixes = ", ".join(paper.rule_prefix for paper in papers)
            raise LookupError(f"rule {rule!r} names no single paper by its prefix (found "
                              f"{[paper.name for paper in found]}; the prefixes are {prefixes})")
        module = importlib.import_module(f"mavl.papers.{found[0].name}.steps")
        rest = rule.removeprefix(found[0].rule_prefix)
    parts = rest.split("_")
    for end in range(len(parts), 0, -1):
        step = getattr(module, "_".join(parts[:end]), None)
        if callable(step) and "_".join(parts[:end]) in getattr(module, "__all__", ()):
            return step
    # Imported here, not above: only the loop's two steps need it, and every job imports this module.
    from . import loop
    hook = loop.HOOKS.get(rest)
    if hook is not None and callable(getattr(module, hook, None)):
        return functools.partial(getattr(loop, rest), hooks=module)   # the framework's step, the paper's hook
    raise LookupError(f"rule {rule!r}: {module.__name__} has no step for {rest!r}")


def run_step(job):
    """Run the step of ``job``'s rule (:func:`step_function`) on ``job``."""
    step = step_function(job.rule)
    # What the imports made (some 125,000 objects with scikit-learn's and scipy's) lives as long as
    # the job: moved out of the garbage collector's sight, it is not searched again at each full
    # collection nor at the process's exit. Measured: 0.15-0.3 s less CPU time per job, a sixth of
    # the start of a job that fits (docs/guide/performance.rst).
    gc.freeze()
    step(job)



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
    from .comparison import write_index  # here, not above: every job imports this module
    write_index({Path(p).parent.name: p for p in job.input}, job.params.scale, job.output[0])


def pages(job):
    """A paper's report and table targets as HTML pages for the Snakemake report (rule reports_pages)."""
    from .pages import markdown_page, table_pages  # as in index: every job imports this module
    markdown_page(job.input.report, job.output.page)
    table_pages(job.input.tables, job.output.tables, job.wildcards.paper)
