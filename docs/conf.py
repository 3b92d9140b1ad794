"""Sphinx configuration of mavl's API reference (``sphinx-build -W -b html docs docs/_build/html``)."""

project = "mavl"
author = "the mavl developers"
copyright = "2026, the mavl developers"

extensions = ["sphinx.ext.autodoc", "numpydoc"]

# One page per family; each class shows its own docstring (parameters, attributes), not the
# methods scikit-learn's base classes bring.
autodoc_default_options = {"members": False}
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

exclude_patterns = ["_build"]
html_theme = "alabaster"
html_title = "mavl API reference"
