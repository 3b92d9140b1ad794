"""Where each scale's results, reports and manifests go: one tree per scale, side by side.

A paper's results at the published scale live in ``results/<paper>/``; at any other scale in
``results/<scale>/<paper>/``, so a quick run (tests, CI) and a paper run in one clone never
overwrite each other, and Snakemake finds nothing to redo after either. Reports and manifests
follow the same names: ``reports/<paper>.md`` and ``reports/<paper>.<scale>.md``,
``reports/manifest.paper.sha256`` and ``reports/manifest.<scale>.sha256`` (a paper run alone at a
scale of its own: ``reports/manifest.<paper>.<scale>.sha256``).

Paths inside the papers' code are written for the published scale (``results/<paper>/...``);
:func:`in_tree` moves such a path into another scale's tree.
"""

import shutil
from pathlib import Path

from .registry import papers

__all__ = ["PAPER_SCALE", "WORKFLOW_PARTS", "copy_workflow", "in_tree", "manifest_path",
           "report_path", "results_dir", "scale_name", "tree_paths"]

#: The shared scale at which each paper runs at its published size.
PAPER_SCALE = "paper"
#: The project's files and folders that a run of the workflow reads: a copy of them is a project.
WORKFLOW_PARTS = ("Snakefile", "config.yaml", "profiles", "workflow", "resources")


def copy_workflow(root, dest):
    """Copy the :data:`WORKFLOW_PARTS` of the project at ``root`` into ``dest`` (created if missing),
    for a run that leaves no state in ``root`` (tests, dry runs); returns ``dest``."""
    root, dest = Path(root), Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for part in WORKFLOW_PARTS:
        source = root / part
        (shutil.copytree if source.is_dir() else shutil.copy)(source, dest / part)
    return dest


def scale_name(shared, own=None):
    """The name of the scale a paper runs at.

    ``shared`` is the config's ``scale``; ``own`` a paper's own scale where it has several
    (Valentini's ``smoke``, ``default``, ``full``), which names the run only at the paper scale and
    only when it is not the paper's default: ``quick`` always runs a paper's quick size.
    """
    if shared == PAPER_SCALE and own not in (None, "default"):
        return own
    return shared


def results_dir(paper, scale=PAPER_SCALE):
    """``results/<paper>`` at the paper scale, ``results/<scale>/<paper>`` at any other."""
    return f"results/{paper}" if scale == PAPER_SCALE else f"results/{scale}/{paper}"


def in_tree(path, scale):
    """A published-scale result path (``results/<paper>/...``) moved into ``scale``'s tree.

    Paths outside ``results/<paper>/`` come back unchanged (reports, logs, resources).
    """
    top, _, rest = str(path).partition("/")
    if scale == PAPER_SCALE or top != "results" or not rest:
        return path
    paper, slash, inside = rest.partition("/")
    return f"{results_dir(paper, scale)}{slash}{inside}"


def report_path(paper, scale=PAPER_SCALE):
    """``reports/<paper>.md`` at the paper scale, ``reports/<paper>.<scale>.md`` at any other."""
    return f"reports/{paper}.md" if scale == PAPER_SCALE else f"reports/{paper}.{scale}.md"


def manifest_path(scale=PAPER_SCALE, paper=None):
    """``reports/manifest.<scale>.sha256``, or ``reports/manifest.<paper>.<scale>.sha256`` for one paper."""
    return f"reports/manifest.{scale}.sha256" if paper is None else f"reports/manifest.{paper}.{scale}.sha256"


def tree_paths(scale=PAPER_SCALE, paper=None):
    """The result folders (relative to the project root) that hold ``scale``'s results."""
    return [results_dir(name, scale) for name in ([paper] if paper else papers())]
