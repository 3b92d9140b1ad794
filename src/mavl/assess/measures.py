"""Performance measures of Zaki & Meira Ch. 22.1 (spec zaki-ch22 §1).

The chapter's contingency matrix has **predicted classes as rows and true classes as columns**:
``N[i, j] = |R_i ∩ D_j|``. It is the transpose of :func:`sklearn.metrics.confusion_matrix`, which
is what we call to count.
"""

import numpy as np
import pandas as pd
from sklearn.metrics import confusion_matrix

__all__ = ["binary_measures", "class_measures", "contingency_matrix", "overall_measures"]


def contingency_matrix(y_true, y_pred, labels=None):
    """``N`` with rows = predicted class, columns = true class (a DataFrame indexed by label)."""
    labels = np.unique(np.concatenate([np.asarray(y_true), np.asarray(y_pred)])) if labels is None \
        else np.asarray(labels)
    counts = confusion_matrix(y_true, y_pred, labels=labels).T
    return pd.DataFrame(counts, index=pd.Index(labels, name="predicted"),
                        columns=pd.Index(labels, name="true"))


def class_measures(y_true, y_pred, labels=None):
    """Per class: :math:`m_i` (predicted), :math:`n_i` (true), :math:`n_{ii}`, precision (= class
    accuracy), recall, F.

    Precision is NaN when nothing is predicted as the class; F uses :math:`2 n_{ii} / (n_i + m_i)`,
    which stays defined (0 when :math:`n_{ii} = 0`).
    """
    N = contingency_matrix(y_true, y_pred, labels).to_numpy()
    nii = np.diag(N).astype(float)
    m, n = N.sum(axis=1).astype(float), N.sum(axis=0).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = np.where(m > 0, nii / m, np.nan)
        recall = np.where(n > 0, nii / n, np.nan)
        f = np.where(n + m > 0, 2 * nii / (n + m), np.nan)
    index = contingency_matrix(y_true, y_pred, labels).index
    return pd.DataFrame({"m": m, "n": n, "n_ii": nii, "precision": precision, "recall": recall,
                         "F": f}, index=index.rename("class"))


def overall_measures(y_true, y_pred, labels=None):
    """Accuracy, error rate and macro F (the mean of the per-class F)."""
    accuracy = float(np.mean(np.asarray(y_true) == np.asarray(y_pred)))
    return {"accuracy": accuracy, "error": 1.0 - accuracy,
            "macro_F": float(np.nanmean(class_measures(y_true, y_pred, labels)["F"]))}


def binary_measures(y_true, y_pred, positive):
    """TP, FP, FN, TN and the rates of §22.1.2, with ``positive`` as class :math:`c_1`."""
    t, p = np.asarray(y_true) == positive, np.asarray(y_pred) == positive
    tp, fp = int(np.sum(p & t)), int(np.sum(p & ~t))
    fn, tn = int(np.sum(~p & t)), int(np.sum(~p & ~t))
    n = tp + fp + fn + tn

    def ratio(a, b):
        return a / b if b else float("nan")

    return {"TP": tp, "FP": fp, "FN": fn, "TN": tn, "error": (fp + fn) / n, "accuracy": (tp + tn) / n,
            "prec_P": ratio(tp, tp + fp), "prec_N": ratio(tn, tn + fn), "TPR": ratio(tp, tp + fn),
            "TNR": ratio(tn, fp + tn), "FNR": ratio(fn, tp + fn), "FPR": ratio(fp, fp + tn)}
