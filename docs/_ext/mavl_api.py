"""The API pages' rules: the names each page of docs/api/ lists (its ``autosummary`` tables, one
generated page per name), and which members a class page shows: the public members mavl defines,
including those a class inherits from mavl's private bases, and not those scikit-learn's base
classes bring (``get_params``, ``score``, the ``set_*_request`` methods)."""

import importlib
import inspect
import re
import shutil
from pathlib import Path

from docutils import nodes
from sphinx import addnodes

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


def _clear_generated(app):
    # autosummary writes a page per listed name but never deletes one: a renamed or moved name would
    # leave its old page behind, outside every toctree.
    shutil.rmtree(GENERATED, ignore_errors=True)


#: A spec id as the docstrings cite it (docs/api/spec_ids.rst): "spec <name>" (or "spec" before a
#: section sign), an ambiguity (AMB-nn, An, Rn, Z-An) or "decision n" of the spec README.
SPEC_ID = re.compile(r"\bspec (?P<spec>james-ch3-4|james-ch2|zaki-ch22|breiman1997|allwein2000|valentini2003|README)\b"
                     r"|\bspec(?= §)"
                     r"|\b(?P<id>AMB-\d+|Z-A\d+|A\d+b?|R\d+|[Dd]ecision \d)\b")
SPEC_PAGE = "api/spec_ids"
#: Where an id stays plain text: code, signatures, titles, and text that already links somewhere.
#: (Not comments either, but autosummary's tables are comment nodes until they are rendered.)
_NOT_LINKED = (nodes.literal, nodes.literal_block, nodes.doctest_block, nodes.math, nodes.math_block,
               nodes.raw, nodes.target, nodes.title, nodes.reference, addnodes.pending_xref,
               addnodes.desc_signature)


def _spec_link(match, docname):
    """A reference to the entry of ``match`` (a :data:`SPEC_ID` match) on the spec page."""
    if match["spec"]:
        target, reftype = ("spec README" if match["spec"] == "README" else match["spec"]), "term"
    elif match["id"]:
        target, reftype = match["id"].lower() if match["id"][0] in "Dd" else match["id"], "term"
    else:
        target, reftype = "spec-ids-specs", "ref"
    return addnodes.pending_xref("", nodes.Text(match.group()), refdomain="std", reftype=reftype,
                                 reftarget=target, refexplicit=True, refwarn=True, refdoc=docname)


def link_spec_ids(app, doctree):
    """In the API pages, link every spec id of the docstrings to its entry on the spec page; an id
    with no entry fails the build (std:term, an undefined term warns)."""
    docname = app.env.current_document.docname
    if not docname.startswith("api/") or docname == SPEC_PAGE:
        return
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or any(isinstance(node, _NOT_LINKED) or type(node) is nodes.comment
                                 for node in _ancestors(parent)):
            continue
        source = text.astext()
        pieces, start = [], 0
        for match in SPEC_ID.finditer(source):
            pieces += [nodes.Text(source[start:match.start()]), _spec_link(match, docname)]
            start = match.end()
        if pieces:
            parent.replace(text, [*pieces, nodes.Text(source[start:])])


def _ancestors(node):
    while node is not None:
        yield node
        node = node.parent


def setup(app):
    app.connect("doctree-read", link_spec_ids)
    app.connect("config-inited", _add_templates)
    app.connect("builder-inited", _clear_generated, priority=100)   # before autosummary writes them
    app.connect("autodoc-skip-member", _skip_foreign_member)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
