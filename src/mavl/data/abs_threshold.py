"""The one-dimensional ``|x|``-threshold problem of Allwein, Schapire & Singer (2000), §6 (Figure 3).

x ~ N(0, 1) and the class of x is the band of ``|x|`` it falls in; the k − 1 band edges are set on the
training sample so that each class holds exactly ``per_class`` training points, and a test sample
is labelled with the *training* edges (so scikit-learn's ``make_gaussian_quantiles``, which sets
the edges on each sample, does not fit).
"""

import numpy as np

__all__ = ["abs_threshold_edges", "abs_threshold_labels", "abs_threshold_sample"]


def abs_threshold_edges(x, n_classes):
    r""":math:`\theta_1 < \dots < \theta_{k-1}`: midpoints between the (j·m/k)-th and next order
    statistics of :math:`|x|`."""
    a = np.sort(np.abs(np.ravel(x)))
    per_class = a.size // n_classes
    cut = per_class * np.arange(1, n_classes)
    return (a[cut - 1] + a[cut]) / 2.0


def abs_threshold_labels(x, edges):
    r"""Class j (0-based) where :math:`\theta_j \le |x| < \theta_{j+1}`, with :math:`\theta_0 = 0` and
    :math:`\theta_k = +\infty`."""
    return np.searchsorted(edges, np.abs(np.ravel(x)), side="right")


def abs_threshold_sample(n_classes, per_class, rng):
    """A training and a test sample of ``n_classes·per_class`` points each.

    Returns
    -------
    X, y, X_test, y_test : ndarrays; X of shape (n, 1), y in 0..k−1 with exactly ``per_class``
        training points per class.
    """
    n = n_classes * per_class
    x = rng.standard_normal(n)
    edges = abs_threshold_edges(x, n_classes)
    x_test = rng.standard_normal(n)
    return (x[:, None], abs_threshold_labels(x, edges), x_test[:, None],
            abs_threshold_labels(x_test, edges))
