"""[source] on every object of the API pages, and [docs] back to where each is documented.

sphinx.ext.viewcode writes each module's highlighted code (``_modules/``) and links an object to it
only where the object's documented name is a name the module defines: a method a class inherits
(``mavl.ArcFsClassifier.fit``, defined as ``BoostingEngine.fit``), a property and a constant get no
[source]. Here inspect finds the object that defines each documented one (the class of its method
resolution order whose ``__dict__`` holds it, a property's getter, an ``available_if`` method's
function), and its definition's lines become the link's target on its module's page.

viewcode's [docs] link of a definition is ``<page>#<module>.<name>`` with one ``<module>`` per
module page, the one its first documented object was documented under: a class documented in
``mavl`` and one documented in ``mavl.ensemble.boosting`` cannot both be right, and an inherited
method has no name of its own there. Each [docs] link here opens the page and anchor of a
documented object the definition defines: the definer's own entry if it has one, else the first
class that shows it.

(sphinx.ext.linkcode would link each object to its lines on the project's code host instead; the
project has no public address yet, CHANGELOG.md 0.1.0, so the code is the site's own pages.)
"""

import ast
import functools
import importlib
import inspect
import posixpath
import re

from sphinx import addnodes
from sphinx.ext.viewcode import OUTPUT_DIRNAME, viewcode_anchor
from sphinx.pycode import ModuleAnalyzer


def defining_object(modname, fullname):
    """``(module, qualname)`` of the code that defines the object documented as
    ``modname.fullname`` (``mavl``, ``ArcFsClassifier.fit`` gives ``mavl.ensemble.boosting``,
    ``BoostingEngine.fit``), or None when it is not a mavl object that can be found."""
    try:
        obj = importlib.import_module(modname)
    except ImportError:
        return None
    owner = None
    for part in fullname.split("."):
        owner = obj
        if inspect.isclass(owner):
            definer = next((cls for cls in owner.__mro__ if part in vars(cls)), None)
            if definer is None:
                return None
            obj = vars(definer)[part]
        else:
            obj = getattr(owner, part, None)
            if obj is None:
                return None
    if inspect.ismodule(owner) and not callable(obj):
        # A constant: defined where it is documented (tests/test_docs_site.py checks that).
        return modname, fullname
    if isinstance(obj, property):
        obj = obj.fget
    elif isinstance(obj, (classmethod, staticmethod)):
        obj = obj.__func__
    elif not (inspect.isclass(obj) or inspect.isfunction(obj)):
        # available_if's descriptor: mavl's keeps the method as ``method``, scikit-learn's as ``fn``.
        obj = getattr(obj, "method", getattr(obj, "fn", obj))
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if not (module or "").startswith("mavl") or not qualname or "<" in qualname:
        return None
    return module, qualname


@functools.cache
def _tags(modname):
    """``(code, {name: (kind, first line, last line)})`` of a module, its module-level assignments
    included (ModuleAnalyzer's tags hold its classes and functions only)."""
    analyzer = ModuleAnalyzer.for_module(modname)
    analyzer.find_tags()
    tags = dict(analyzer.tags)
    for node in ast.parse(analyzer.code).body:
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        for target in targets:
            for name in target.elts if isinstance(target, ast.Tuple) else [target]:   # A, B = ...
                if isinstance(name, ast.Name) and name.id not in tags:
                    tags[name.id] = ("other", node.lineno, node.end_lineno)
    return analyzer.code, tags


def _module_entry(env, modname, refname):
    """viewcode's record of a module's page (``code, tags, used, refname``), made if it has none;
    None if its code cannot be read."""
    modules = env._viewcode_modules
    entry = modules.get(modname)
    if entry is None:
        try:
            code, tags = _tags(modname)
        except Exception:
            modules[modname] = False
            return None
        entry = modules[modname] = (code, dict(tags), {}, refname)
    elif entry:
        for name, place in _tags(modname)[1].items():     # the constants viewcode's record lacks
            entry[1].setdefault(name, place)
    return entry or None


def link_sources(app, doctree):
    """After viewcode (priority 600): a [source] link on each Python object viewcode left without
    one, and the documented place of every object, for the [docs] links."""
    env = app.env
    docname = env.current_document.docname
    if not hasattr(env, "_viewcode_modules"):
        env._viewcode_modules = {}
    documented = env.__dict__.setdefault("mavl_documented", {})
    for desc in doctree.findall(addnodes.desc):
        if desc.get("domain") != "py":
            continue
        for signode in desc.findall(addnodes.desc_signature):
            modname, fullname = signode.get("module"), signode.get("fullname")
            if not modname or not fullname or not signode["ids"]:
                continue
            found = defining_object(modname, fullname)
            if found is None:
                continue
            module, qualname = found
            entry = _module_entry(env, module, modname)
            if entry is None or qualname not in entry[1]:
                continue
            entry[2].setdefault(qualname, docname)
            own = fullname == qualname           # not inherited: documented under its definer's name
            documented.setdefault((module, qualname), []).append((not own, docname, signode["ids"][0]))
            if any(isinstance(child, viewcode_anchor) for child in signode.children):
                continue
            signode += viewcode_anchor(reftarget=posixpath.join(OUTPUT_DIRNAME, module.replace(".", "/")),
                                       refid=qualname, refdoc=docname)


_BACKLINK = re.compile(r'(<div class="viewcode-block" id="([^"]+)">\n'
                       r'<a class="viewcode-back" href=")[^"]*(")')


def fix_backlinks(app, pagename, templatename, context, doctree):
    """Each [docs] link of a module page opens the page and anchor of an object the definition
    defines: the definer's own entry if documented, else the first page that shows it."""
    if not pagename.startswith(OUTPUT_DIRNAME + "/") or "body" not in context:
        return
    module = pagename[len(OUTPUT_DIRNAME) + 1:].replace("/", ".")
    documented = getattr(app.env, "mavl_documented", {})

    def backlink(match):
        places = documented.get((module, match.group(2)))
        if not places:
            return match.group(0)
        _, docname, anchor = min(places)
        return f"{match.group(1)}{app.builder.get_relative_uri(pagename, docname)}#{anchor}{match.group(3)}"

    context["body"] = _BACKLINK.sub(backlink, context["body"])


def _purge(app, env, docname):
    documented = getattr(env, "mavl_documented", {})
    for key, places in list(documented.items()):
        documented[key] = [place for place in places if place[1] != docname]
        if not documented[key]:
            del documented[key]


def _merge(app, env, docnames, other):
    documented = env.__dict__.setdefault("mavl_documented", {})
    for key, places in getattr(other, "mavl_documented", {}).items():
        documented.setdefault(key, []).extend(places)


def setup(app):
    app.setup_extension("sphinx.ext.viewcode")
    app.connect("doctree-read", link_sources, priority=600)
    app.connect("html-page-context", fix_backlinks)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
