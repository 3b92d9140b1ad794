"""The papers the project rebuilds: one list, read from the paper packages themselves.

Each package under :mod:`mavl.papers` declares, in its ``__init__.py``, who it is:

* ``PAPER``: its name (the package's folder, its config section, its results folder);
* ``TITLE``: the document, as a reader would cite it;
* ``ORDER``: its place in the reports' index, the site and ``rule all`` (smallest first);
* ``RULE_PREFIX``: the start of every one of its rules' names (``james_``);
* ``settings(config)``: its settings at a run, from the workflow's config (its section at its
  resolved scale, with the shared keys), as its steps and its targets read them (:func:`settings`);
* ``SCALES`` (optional): the scales of its own that its section's ``scale`` key picks from at the
  shared paper scale (Valentini's ``smoke``, ``default``, ``full``), none where it has only the
  shared ``paper`` and ``quick``.

The workflow's ``PAPERS``, the layout of the result trees, the docs and every test that walks the
papers read :func:`papers`, so that adding a paper is adding its package (docs/guide/extending.rst).
The packages are found by name, as plugins: this layer imports none of them in its code.
"""

import importlib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Paper", "declaration", "declarations", "papers", "settings"]

#: What every paper package declares, beside the optional ``SCALES``.
REQUIRED = ("PAPER", "TITLE", "ORDER", "RULE_PREFIX", "settings")


@dataclass(frozen=True)
class Paper:
    """One paper package's declaration."""

    name: str
    title: str
    order: int
    rule_prefix: str
    scales: tuple[str, ...] = ()


def _package_names():
    """The folders under ``mavl/papers/`` that are packages (the paper code that is installed)."""
    root = Path(__file__).resolve().parents[1] / "papers"
    return sorted(p.name for p in root.iterdir() if (p / "__init__.py").is_file())


def _declared(name):
    """The :class:`Paper` that package ``mavl.papers.<name>`` declares; an error names what is missing."""
    package = importlib.import_module(f"mavl.papers.{name}")
    missing = [key for key in REQUIRED if not hasattr(package, key)]
    if missing:
        raise LookupError(
            f"mavl.papers.{name} does not declare {', '.join(missing)}: a paper's __init__.py declares "
            f"{', '.join(REQUIRED)} (docs/guide/extending.rst, 'Adding a paper')")
    if package.PAPER != name:
        raise LookupError(f"mavl.papers.{name} declares PAPER = {package.PAPER!r}: "
                          "it must be its folder's name")
    return Paper(package.PAPER, package.TITLE, int(package.ORDER), package.RULE_PREFIX,
                 tuple(getattr(package, "SCALES", ())))


def declarations():
    """Every paper's :class:`Paper`, in their declared ``ORDER`` (then by name).

    Two papers may not share a rule prefix: a rule's name must say whose step it runs.
    """
    found = sorted((_declared(name) for name in _package_names()), key=lambda p: (p.order, p.name))
    prefixes = [p.rule_prefix for p in found]
    for paper in found:
        clash = [other.name for other in found if other is not paper
                 and (other.rule_prefix.startswith(paper.rule_prefix)
                      or paper.rule_prefix.startswith(other.rule_prefix))]
        if clash:
            raise LookupError(f"paper {paper.name}'s RULE_PREFIX {paper.rule_prefix!r} is a prefix of, or "
                              f"prefixed by, that of {', '.join(clash)}: each paper's rules need a prefix of "
                              f"their own (the prefixes: {prefixes})")
    return found


def papers():
    """The papers' names, in their declared order: the one list of the papers."""
    return [paper.name for paper in declarations()]


def declaration(name):
    """The :class:`Paper` of paper ``name``; an error lists the papers there are."""
    for paper in declarations():
        if paper.name == name:
            return paper
    raise LookupError(f"no paper {name!r}: the papers are {', '.join(papers())}")


def settings(name, config):
    """Paper ``name``'s settings at a run: its package's ``settings(config)``, where ``config`` is the
    workflow's configuration (validated, its defaults filled)."""
    return importlib.import_module(f"mavl.papers.{name}").settings(config)
