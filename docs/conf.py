"""Sphinx configuration of mavl's documentation site (``sphinx-build -W -b html docs docs/_build/html``)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "mavl"
author = "the mavl developers"
copyright = "2026, the mavl developers"

extensions = ["sphinx.ext.autodoc", "numpydoc", "mavl_api"]

# Each class shows its own docstring and every public method mavl defines for it, including those it
# inherits from mavl's private bases (``predict_prefixes`` from the prefix mixin); the methods
# scikit-learn's base classes bring (get_params, score, set_*_request) are left to scikit-learn's
# pages, by the skip rule of _ext/mavl_api.py. tests/test_docs_site.py checks each listed method has
# a docstring, since autodoc drops one without.
autodoc_default_options = {"members": True, "inherited-members": True, "undoc-members": False}
autodoc_member_order = "bysource"
autodoc_typehints = "none"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

exclude_patterns = ["_build"]
html_theme = "alabaster"
html_title = "mavl"
