"""The three regions of an RBF-SVM's error curve against the kernel width σ (Valentini 2003, §4.2.4).

Spec valentini2003 §4.3 (Fig. 4.23) and §5 (Q4.1–Q4.3): along σ at fixed C the error starts in a
*high-bias* region (small σ: every training point a support vector, predictions near constant),
falls through a *transition* region and then stays near its minimum in a *stabilized* region.
:func:`rbf_regions` finds the boundaries on any computed curve, so the schematic is drawn from real
numbers rather than by hand.
"""

import numpy as np
import pandas as pd

__all__ = ["RBF_REGIONS", "rbf_regions"]

#: Region labels in order of increasing σ.
RBF_REGIONS = ("high bias", "transition", "stabilized")


def rbf_regions(sigmas, error, bias, *, drop=0.5, near=0.05):
    r"""Label each σ of an error curve as high bias, transition or stabilized (spec §4.3, Fig. 4.23).

    With :math:`e_0` the error at the smallest σ and :math:`e^*` the minimum error:

    * high bias: the σ before the error first reaches :math:`e_0 - \mathtt{drop} \cdot (e_0 - e^*)`;
    * transition: from there until the error first comes within ``near`` (relative) of :math:`e^*`,
      i.e. error :math:`\le (1 + \mathtt{near}) \cdot e^*`;
    * stabilized: every σ after that.

    "Reaches" is ≤, so a flat curve (:math:`e_0 = e^*`) is stabilized throughout.

    Parameters
    ----------
    sigmas, error, bias : array-like of shape (n,)
        The curve at fixed C; sorted by σ here. ``bias`` is carried into the result so a plot or a
        check can show that the high-bias region's error is mostly bias (Q4.1).
    drop, near : float
        The spec's 0.5 and 5 %.

    Returns
    -------
    DataFrame with columns ``sigma, error, bias, region``, sorted by σ.

    Examples
    --------
    >>> r = rbf_regions([0.01, 0.1, 1, 10, 100], [0.5, 0.48, 0.2, 0.1, 0.102], [0.5, 0.47, 0.15, 0.06, 0.07])
    >>> r["region"].tolist()
    ['high bias', 'high bias', 'transition', 'stabilized', 'stabilized']
    """
    frame = pd.DataFrame({"sigma": np.asarray(sigmas, dtype=float),
                          "error": np.asarray(error, dtype=float),
                          "bias": np.asarray(bias, dtype=float)}).sort_values("sigma", kind="stable")
    if frame.empty:
        return frame.assign(region=pd.Series(dtype=object))
    err = frame["error"].to_numpy()
    first, best = err[0], err.min()
    # argmax of a boolean array is its first True; both conditions hold at the minimum at least.
    start = int(np.argmax(err <= first - drop * (first - best)))
    settled = int(np.argmax(err <= (1.0 + near) * best + 1e-12))
    settled = max(settled, start)
    index = np.arange(err.size)
    region = np.where(index < start, RBF_REGIONS[0],
                      np.where(index < settled, RBF_REGIONS[1], RBF_REGIONS[2]))
    return frame.assign(region=region).reset_index(drop=True)
