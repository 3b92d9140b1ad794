"""What a paper reproduces, declared as data: its tables and figures, each a :class:`Target`.

A paper's ``targets.py`` declares them once, in the document's order: ``declared_targets(settings)``,
a list of :class:`Target`. From that one declaration come

* the files its target rule ``<paper>`` asks for (:func:`final_targets`, the comparison after
  them; :func:`paper_files` reads them for the workflow, which makes the rule);
* one rule per target, ``<paper>_<id>`` (``workflow/rules/targets.smk``), so that
  ``snakemake james1998_table_2_10`` builds that table and what it reads;
* the count of tables and figures a paper rebuilds (:func:`counts`);
* the list a user reads with ``snakemake targets`` or ``snakemake <paper>_targets``
  (:func:`listing`): every table and figure, its kind, its rule and its main file;
* the docs' figure gallery (``docs/_ext/mavl_gallery.py``), which reads every paper's declaration
  with :func:`declared_by_paper`.
"""

import importlib
from collections import Counter
from dataclasses import dataclass

from . import registry
from .registry import papers as every_paper

__all__ = ["KINDS", "Target", "counts", "declared_by_paper", "final_targets", "listing", "paper_files",
           "target_files"]

#: What a target can be: a table or figure of the document, or an extra check the report shows.
KINDS = ("table", "figure", "extra")


@dataclass(frozen=True)
class Target:
    """One table or figure of a paper: its id (``table_2_10``, ``figure_4_5``), its kind (one of
    :data:`KINDS`) and the result files that make it, written for the paper scale
    (``results/<paper>/...``), its main file first."""

    id: str
    kind: str
    files: tuple

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"target {self.id}: kind must be one of {KINDS}, got {self.kind!r}")
        if not self.files:
            raise ValueError(f"target {self.id} names no file")
        object.__setattr__(self, "files", tuple(self.files))


def target_files(targets):
    """Every file of ``targets``, in their order, each once."""
    return list(dict.fromkeys(f for target in targets for f in target.files))


def final_targets(targets, comparison):
    """The files a paper's target rule asks for: its targets' files, then the ``comparison`` files
    (the judged cells and their summary); the report's path depends on the run's scale and is the
    rules' to add."""
    return target_files(targets) + [f for f in comparison if f not in set(target_files(targets))]


def counts(targets):
    """``{kind: number of targets}`` for every kind of :data:`KINDS`."""
    found = Counter(target.kind for target in targets)
    return {kind: found[kind] for kind in KINDS}


def _paper_parts(paper, config):
    """Paper ``paper``'s settings (:func:`mavl.reproduction.registry.settings`) and its ``targets``
    module.

    The papers are imported by name, as :func:`mavl.reproduction.steps.step_function` finds a step:
    this layer does not import them."""
    return registry.settings(paper, config), importlib.import_module(f"mavl.papers.{paper}.targets")


def declared_by_paper(config, papers=None):
    """``{paper: its declared targets}`` for ``papers`` (default: every paper package), in that order.

    ``config`` is the workflow's configuration (``config.yaml`` as read); each paper's targets are
    ``mavl.papers.<paper>.targets.declared_targets(settings)`` with the paper's own
    ``settings(config)``, as the rules read them.
    """
    declared = {}
    for paper in every_paper() if papers is None else papers:
        settings, targets = _paper_parts(paper, config)
        declared[paper] = list(targets.declared_targets(settings))
    return declared


def paper_files(config, paper):
    """The files paper ``paper``'s target rule asks for, written for the paper scale: its
    ``targets.final_targets(settings)`` (its declared targets' files, then its comparison's)."""
    settings, targets = _paper_parts(paper, config)
    return list(targets.final_targets(settings))

def listing(declared, where=lambda path: path):
    """The lines ``snakemake targets`` prints: for each paper of ``declared`` (``{paper: [Target]}``),
    a heading with its counts, then one line per target, ``<rule>  <kind>  <main file>``, the file
    as ``where`` places it (the run's result tree), in columns."""
    lines = []
    for paper, targets in declared.items():
        number = ", ".join(f"{n} {kind}{'s' * (n != 1)}" for kind, n in counts(targets).items() if n)
        lines += ["" if lines else None, f"{paper}: {number}" if number else f"{paper}: nothing declared"]
        width = max((len(f"{paper}_{target.id}") for target in targets), default=0)
        lines += [f"  {f'{paper}_{target.id}':<{width}}  {target.kind:<6}  {where(target.files[0])}"
                  for target in targets]
    return [line for line in lines if line is not None]
