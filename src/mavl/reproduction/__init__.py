"""The reproduction framework shared by every paper package.

What a paper needs to be rebuilt beside its published numbers, written once:

* :mod:`~mavl.reproduction.io`: result tables and JSON written atomically and byte-stably.
* :mod:`~mavl.reproduction.compare`: cell means over replicates, SEs, 95 % intervals and the
  combined-SE agreement of each cell with the published value.
* :mod:`~mavl.reproduction.claims`: a declarative claim registry judged on published and on
  reproduced numbers.
* :mod:`~mavl.reproduction.paired`: paired t-tests behind "A beats B" claims.
* :mod:`~mavl.reproduction.report`: Markdown building blocks of a report,
  :mod:`~mavl.reproduction.answer`: the answer every report opens with (what reproduced and what
  did not, linked), and :mod:`~mavl.reproduction.assembly`: a report assembled from them in one order.
* :mod:`~mavl.reproduction.targets`: the tables and figures a paper declares it rebuilds.
* :mod:`~mavl.reproduction.steps`: the one step script's dispatch (rule ``<prefix><step>`` runs
  ``steps.<step>`` of its paper) and the settings a rule hands its step.
* :mod:`~mavl.reproduction.figures`: the plotting backend and byte-stable figure files.
* :mod:`~mavl.reproduction.manifest`: checksum manifests of result files (``mavl-manifest``).

It imports the library (:mod:`mavl`), never a paper (:mod:`mavl.papers`).
"""
