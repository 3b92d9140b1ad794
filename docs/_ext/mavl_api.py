"""The API pages' rule for class members: a class page lists the public members mavl defines,
including those a class inherits from mavl's private bases, and not those scikit-learn's base
classes bring (``get_params``, ``score``, the ``set_*_request`` methods)."""

import importlib
import inspect
import re
from pathlib import Path

API = Path(__file__).resolve().parents[1] / "api"


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


def documented_classes(folder=API):
    """Every class an API page documents: its ``autoclass`` entries and the classes of its
    ``automodule`` entries (the names autodoc lists: ``__all__`` if the module has one, else the
    classes defined in it), as ``{page: [class, ...]}``."""
    pages = {}
    for page in sorted(folder.glob("*.rst")):
        text = page.read_text()
        found = []
        for name in re.findall(r"^\.\. autoclass:: (\S+)", text, flags=re.M):
            module, _, attr = name.rpartition(".")
            found.append(getattr(importlib.import_module(module), attr))
        for name in re.findall(r"^\.\. automodule:: (\S+)", text, flags=re.M):
            module = importlib.import_module(name)
            listed = getattr(module, "__all__", None)
            for attr in listed or dir(module):
                obj = getattr(module, attr)
                if inspect.isclass(obj) and not attr.startswith("_") and (listed or obj.__module__ == name):
                    found.append(obj)
        if found:
            pages[page.stem] = found
    return pages


def _skip_foreign_member(app, what, name, obj, skip, options):
    if what in ("class", "exception") and not name.startswith("_") and not defined_in_mavl(obj):
        return True
    return None


def setup(app):
    app.connect("autodoc-skip-member", _skip_foreign_member)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
