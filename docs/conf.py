"""Sphinx configuration of mavl's documentation site (``sphinx-build -W -b html docs docs/_build/html``)."""

import importlib.metadata
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "mavl"
author = "the mavl developers"
copyright = "2026, the mavl developers"
# The version is the installed package's (pyproject.toml's, which tests/test_release.py checks
# against mavl.__version__, CHANGELOG.md and CITATION.cff): shown beside the name on every page.
release = importlib.metadata.version("mavl")
version = ".".join(release.split(".")[:2])

extensions = ["sphinx.ext.autodoc", "numpydoc", "myst_parser", "mavl_api", "mavl_gallery", "mavl_reports"]
# The guide's reST links and API names, written as docutils reads them on a code host, linked in
# the site (_ext/mavl_links.py).
extensions += ["mavl_links"]
extensions += ["mavl_verdicts", "mavl_rules"]   # verdicts in colour; the rule files' pages (the site only)
extensions += ["mavl_citation"]     # citing.rst: BibTeX and APA entries made from CITATION.cff
extensions += ["mavl_layout"]   # figures linked to their full-size files; "93.9 %" kept on one line

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

exclude_patterns = ["_build"]
html_theme = "pydata_sphinx_theme"     # see "The theme" below
html_title = "mavl"

# The reports are the committed Markdown of reports/ (the workflow writes them), included unchanged by
# the pages of docs/reports/; the gallery (docs/gallery.md) is completed by _ext/mavl_gallery.py.
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
myst_enable_extensions = ["colon_fence"]
# The reports' "Contents" lists link GitHub's heading anchors (mavl.reproduction.report.github_slug);
# MyST makes the same anchors, down to the deepest heading the reports use (####).
myst_heading_anchors = 4
html_static_path = ["_static"]
html_css_files = ["site.css"]

# -- The API reference: a page per public name, [source] links, links into Python, numpy, scipy,
# scikit-learn and pandas, and no broken reference (.ci/run builds with -n -W). ----------------------
extensions += ["sphinx.ext.autosummary", "sphinx.ext.viewcode", "sphinx.ext.intersphinx", "mavl_spec_ids"]
# (_ext/mavl_spec_ids.py links the spec ids of the docstrings to docs/api/spec_ids.rst.)
# [source] on every object, inherited methods, properties and constants included, each opening the
# lines that define it on viewcode's page of its module, and each [docs] link of those pages opening
# a documented object (_ext/mavl_source.py). Not sphinx.ext.linkcode: that links to a code host, and
# the project has no public address yet (CHANGELOG.md, 0.1.0); the site carries its own code.
extensions += ["mavl_source"]
# The autosummary tables of docs/api/*.rst write one page per name under docs/api/generated/ (not
# committed), from the templates of docs/api/_templates/ (added to templates_path by _ext/mavl_api.py).
autosummary_generate = True
# The other projects' inventories are committed (docs/_inventories/, where they come from and how to
# refresh them is in refresh.sh there) and read from there only: the build never fetches.
intersphinx_mapping = {
    "python": ("https://docs.python.org/3/", ("_inventories/python.inv",)),
    "numpy": ("https://numpy.org/doc/stable/", ("_inventories/numpy.inv",)),
    "scipy": ("https://docs.scipy.org/doc/scipy/", ("_inventories/scipy.inv",)),
    "sklearn": ("https://scikit-learn.org/stable/", ("_inventories/sklearn.inv",)),
    "pandas": ("https://pandas.pydata.org/docs/", ("_inventories/pandas.inv",)),
}
# Every cross-reference must resolve (sphinx-build -n): a name with no page is written as a literal.
nitpicky = True
# The types of the numpydoc Parameters and Returns sections link to Python's, numpy's, scikit-learn's
# and pandas's pages for the words numpydoc knows (int, ndarray, array-like, callable, ...) and these;
# any other word stays text (the types are prose: "ndarray of shape (n_samples, B)").
numpydoc_xref_param_type = True
numpydoc_xref_ignore = "all"
numpydoc_xref_aliases = {
    "classifier": ":term:`classifier <sklearn:classifier>`",
    "estimator": ":term:`estimator <sklearn:estimator>`",
    "DataFrame": "pandas.DataFrame",
    "Series": "pandas.Series",
}
# The theme: pydata-sphinx-theme, as scikit-learn, numpy and scipy use. A guide or API page's outline
# sits under its section's pages on the left. The wide pages (the landing page, the reports with their
# 9-column tables, the gallery) have no left sidebar, so they get the window's width; the long ones,
# the reports (47,000 to 74,000 px at 1280 px) and the gallery, have their outline on the right
# (the theme shows it from 1200 px, and behind a button in the header below), narrowed by
# _static/site.css. A table wider than its column scrolls in its own box. _static/site.css styles
# light and dark modes, and the site from a phone's width (390 px) up.
html_sidebars = {"guide/*": ["sidebar-nav-bs", "page-toc"], "api/*": ["sidebar-nav-bs", "page-toc"],
                 "index": [], "gallery": [], "reports/*": [], "changelog": ["page-toc"], "citing": []}
html_theme_options = {"secondary_sidebar_items": {"reports/*": ["page-toc"], "reports/index": [],
                                                  "gallery": ["page-toc"]},
                      "navigation_with_keys": False,
                      "logo": {"text": f"{project} {release}"}}    # the navbar's name, with the version

# -- The examples gallery: the scripts of examples/ (one folder per family of estimators), run as the
# site builds, each page with its figure, its printed output and its run time (sphinx-gallery). ----
# Every build runs every script (run_stale_examples), and a script that fails fails the build. Each
# page ends with its script's run time, which .ci/run prints (_ext/mavl_example_times.py); not
# sphinx-gallery's table of them, whose page loads its scripts from CDNs. The generated pages
# (docs/auto_examples/) and the lists of the examples using each name (docs/api/backreferences/) are
# written into docs/ and not committed. Each API page of a class or function ends with "Examples
# using ..." (docs/api/_templates/autosummary/).
extensions += ["sphinx_gallery.gen_gallery"]
sphinx_gallery_conf = {
    "examples_dirs": "../examples",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",          # every plot_*.py is run, and none is left unrun
    "subsection_order": ["../examples/output_codes", "../examples/adaboost_mo", "../examples/bagging",
                         "../examples/arcing", "../examples/bias_variance", "../examples/svm_ensembles",
                         "../examples/assessment"],
    "within_subsection_order": "FileNameSortKey",
    "run_stale_examples": True,
    "abort_on_example_error": True,
    "image_scrapers": ("matplotlib",),      # with matplotlib's Agg backend, which sphinx-gallery sets
    "min_reported_time": 0,                 # every page shows its run time
    "write_computation_times": False,
    "doc_module": ("mavl",),
    "backreferences_dir": "api/backreferences",
    "reference_url": {"mavl": None},        # names in the scripts' code link to their API pages
    "remove_config_comments": True,
    "show_memory": False,
}
