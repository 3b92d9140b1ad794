"""SVM ensembles and the bias–variance grids of SVMs (Valentini 2003).

:class:`LobagClassifier` (ch. 6); :mod:`~mavl.svm.kernels` maps the thesis's kernels to scikit-learn;
:mod:`~mavl.svm.grid` runs the kernel × C grids of chapters 4–5 with one kernel block shared by
every C; :mod:`~mavl.svm.pooled` fits many SVMs on samples of one point set and computes their
decision values from kernel blocks they all share; :mod:`~mavl.svm.regions` labels the regions of
an RBF error curve.
"""

from .lobag import LobagClassifier

__all__ = ["LobagClassifier"]
