#!/usr/bin/env bash
# The other projects' Sphinx inventories the API reference links into (docs/conf.py's
# intersphinx_mapping reads them from here, so the docs build never touches the network).
#
# Where the committed files come from (copied unchanged, 2026-11-28; the machine that made them could
# reach only the package registries):
#   python.inv   Python 3.11        Debian bookworm, python3.11-doc 3.11.2-6+deb12u9,
#                                   /usr/share/doc/python3.11/html/objects.inv
#   scipy.inv    SciPy 1.10.1       Debian bookworm, python-scipy-doc 1.10.1-2,
#                                   /usr/share/doc/python-scipy-doc/html/objects.inv
#   sklearn.inv  scikit-learn 1.2   Debian bookworm, python-sklearn-doc 1.2.1+dfsg-1,
#                                   /usr/share/doc/python-sklearn-doc/html/objects.inv
#   pandas.inv   pandas 1.5.3       Debian bookworm, python-pandas-doc 1.5.3+dfsg-2,
#                                   /usr/share/doc/python-pandas-doc/html/objects.inv
#   numpy.inv    NumPy 1.24         numpy.org's own, as committed in github.com/coax-dev/coax at
#                                   cf855957b4d7f5cda731e0873b098afe0b069011, doc/_intersphinx/numpy.inv
# Older than the locked versions, they still name every object the docs link to (the build runs with
# -n, so a name they lack fails it) and their pages keep the same addresses on the projects' sites.
#
# To refresh them from the projects' sites (run from the repository root, with web access), then
# rebuild the docs with -n -W:
#     bash docs/_inventories/refresh.sh
set -euo pipefail
cd "$(dirname "$0")"
curl -fsSL -o python.inv https://docs.python.org/3/objects.inv
curl -fsSL -o numpy.inv https://numpy.org/doc/stable/objects.inv
curl -fsSL -o scipy.inv https://docs.scipy.org/doc/scipy/objects.inv
curl -fsSL -o sklearn.inv https://scikit-learn.org/stable/objects.inv
curl -fsSL -o pandas.inv https://pandas.pydata.org/docs/objects.inv
head -qn 3 ./*.inv
