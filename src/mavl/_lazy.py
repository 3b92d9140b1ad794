"""A package's public names imported from their modules on first use (PEP 562).

``import mavl`` runs first in every workflow job, most of which fit nothing: a package that
re-exports its estimators through this loads scikit-learn only when one of them is used.
"""

import importlib


def lazy_exports(package, module_of):
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose name ``n`` is ``module_of[n]``'s.

    ``module_of`` maps each public name to its module, relative to the package as in a ``from``
    import, the leading dot optional (``"bagging"``, ``"..bias_variance.decomposition"``).
    """
    def __getattr__(name):
        if name not in module_of:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        relative = module_of[name] if module_of[name].startswith(".") else "." + module_of[name]
        module = importlib.import_module(relative, package)
        value = getattr(module, name)
        setattr(importlib.import_module(package), name, value)   # later look-ups skip this function
        return value

    def __dir__():
        return sorted(set(vars(importlib.import_module(package))) | set(module_of))

    return __getattr__, __dir__
