"""The API pages' rules: the names each page of docs/api/ lists (its ``autosummary`` tables, one
generated page per name), and which members a class page shows: the public members mavl defines,
including those a class inherits from mavl's private bases, and not those scikit-learn's base
classes bring (``get_params``, ``score``, the ``set_*_request`` methods); its methods are also
listed in a "Methods" table at the top of the page (docs/api/_templates/autosummary/class.rst)."""

import importlib
import inspect
import re
import shutil
from pathlib import Path

API = Path(__file__).resolve().parents[1] / "api"
TEMPLATES = API / "_templates"
GENERATED = API / "generated"            # where the autosummary tables' :toctree: puts the pages


def defined_in_mavl(member):
    """Whether a class member (function, property, ``available_if`` method) is mavl's own code."""
    for wrapped in ("fget", "fn", "__func__"):      # property, scikit-learn's available_if, classmethod
        member = getattr(member, wrapped, member)
    return (getattr(member, "__module__", None) or "").partition(".")[0] == "mavl"


def public_members(cls):
    """``{name: member}`` of every public member the class page lists, as found on the class."""
    members = {}
    for name in dir(cls):
        if name.startswith("_"):
            continue
        member = inspect.getattr_static(cls, name)
        if defined_in_mavl(member):
            members[name] = member
    return members


def shown_methods(cls):
    """The methods of a class page's "Methods" table, in alphabetical order: the public members it
    lists (:func:`public_members`) but its properties."""
    return sorted(name for name, member in public_members(cls).items() if not isinstance(member, property))


def autosummary_names(text):
    """The full names an API page's ``autosummary`` tables list, in order: an entry is relative to
    the ``currentmodule`` (or ``module``/``automodule``) in force above its table."""
    names, module = [], None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        directive = re.match(r"\.\. (?:current|auto)?module:: (\S+)", line)
        if directive:
            module = directive.group(1)
        if line.strip() != ".. autosummary::":
            continue
        for entry in lines[i + 1:]:
            if entry and not entry.startswith("   "):
                break
            entry = entry.strip()
            if entry and not entry.startswith(":"):
                names.append(entry if module is None or entry.startswith("mavl.") else f"{module}.{entry}")
    return names


def resolve(name):
    """The object a full name such as ``mavl.data.load_vowel`` or ``mavl.svm.lobag.DEFAULT_GRID`` names."""
    module, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(module), attr)


def documented_names(folder=API):
    """``{page: [full name, ...]}``: every name an API page gives its own page (its ``autosummary``
    tables with a ``:toctree:``; the index's tables only link to them)."""
    pages = {}
    for page in sorted(folder.glob("*.rst")):
        names = autosummary_names(page.read_text())
        if names and page.stem != "index":
            pages[page.stem] = names
    return pages


def documented_classes(folder=API):
    """Every class an API page documents, as ``{page: [class, ...]}``."""
    pages = {}
    for page, names in documented_names(folder).items():
        found = [obj for obj in map(resolve, names) if inspect.isclass(obj)]
        if found:
            pages[page] = found
    return pages


def _skip_foreign_member(app, what, name, obj, skip, options):
    if what in ("class", "exception") and not name.startswith("_") and not defined_in_mavl(obj):
        return True
    return None


def _add_templates(app, config):
    # The class page template of the autosummary stubs; relative to docs/, so that Sphinx also
    # leaves the folder out of the documents it reads.
    config.templates_path.append(str(TEMPLATES.relative_to(app.confdir)))
    # ... and what it lists in each class's "Methods" table: {full name as listed: [method, ...]}.
    config.autosummary_context = {**config.autosummary_context, "mavl_methods": {
        name: shown_methods(obj) for names in documented_names().values() for name in names
        if inspect.isclass(obj := resolve(name))}}


def _clear_generated(app):
    # autosummary writes a page per listed name but never deletes one: a renamed or moved name would
    # leave its old page behind, outside every toctree.
    shutil.rmtree(GENERATED, ignore_errors=True)


def setup(app):
    app.connect("config-inited", _add_templates)
    app.connect("builder-inited", _clear_generated, priority=100)   # before autosummary writes them
    app.connect("autodoc-skip-member", _skip_foreign_member)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
