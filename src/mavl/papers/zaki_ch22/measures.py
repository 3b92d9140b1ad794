"""Zaki & Meira Ch. 22 §22.1: performance measures and ROC analysis (Algorithm 22.1), on Iris-PC2."""

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.svm import SVC

from ...assess import (
    FullBayesClassifier,
    NaiveBayesClassifier,
    auc_mann_whitney,
    binary_measures,
    class_measures,
    contingency_matrix,
    overall_measures,
    roc_points,
)
from ...reproduction.claims import tolerance, within
from ...reproduction.figures import plt
from .common import binary_labels, check, iris_pc2, rng_for, split_s

__all__ = ["algorithm_22_1", "demo_measures_binary", "demo_measures_multiclass"]


def demo_measures_multiclass():
    """Contingency matrix (rows predicted, columns true) and per-class measures: full Bayes on Iris-
    PC2, split S (§22.1).
    """
    X, y = iris_pc2()
    train, test = split_s()
    pred = FullBayesClassifier().fit(X[train], y[train]).predict(X[test])
    N = contingency_matrix(y[test], pred, labels=[0, 1, 2])
    per_class = class_measures(y[test], pred, labels=[0, 1, 2])
    overall = overall_measures(y[test], pred, labels=[0, 1, 2])
    table = per_class.reset_index()
    for c in range(3):
        table[f"N_true_{c}"] = N.iloc[:, c].to_numpy()
    for measure in ("accuracy", "error", "macro_F"):
        table[measure] = overall[measure]
    fig, ax = plt.subplots(figsize=(4.5, 4))
    ax.imshow(N.to_numpy(), cmap="Blues")
    ax.grid(False)
    ax.set_xticks(range(3))
    ax.set_yticks(range(3))
    for (i, j), v in np.ndenumerate(N.to_numpy()):
        ax.text(j, i, str(v), ha="center", va="center")
    ax.set_xlabel("true class")
    ax.set_ylabel("predicted class")
    ax.set_title("Multiclass measures (Section 22.1.1): full Bayes on Iris-PC2")
    weighted = float((per_class["m"] / len(test) * per_class["precision"]).sum())
    harmonic = 2 / (1 / per_class["precision"] + 1 / per_class["recall"])
    q = rng_for("Z-14").dirichlet(np.ones(4), 1000)     # random posteriors for the Bayes rule
    checks = [
        check("Z-1", "accuracy = 1 − error = Σ (m_i/n) acc_i",
              np.isclose(overall["accuracy"], 1 - overall["error"])
              and np.isclose(weighted, overall["accuracy"]),
              f"accuracy {overall['accuracy']:.4f}, Σ(m_i/n)acc_i {weighted:.4f}"),
        check("Z-2", "F_i = 2 n_ii/(n_i + m_i) equals the harmonic mean of precision and recall",
              np.allclose(per_class["F"], harmonic, equal_nan=True), f"F {list(per_class['F'].round(4))}"),
        check("Z-14", "the expected 0-1 loss 1 − P(c|x) is minimised by argmax P(c|x)",
              np.array_equal((1 - q).argmin(axis=1), q.argmax(axis=1)), "1000 random posteriors"),
    ]
    return table, fig, checks


def demo_measures_binary():
    """Binary measures, versicolor against the rest: naive Bayes on Iris-PC2, split S (§22.1.2)."""
    X, y = iris_pc2()
    train, test = split_s()
    yb = binary_labels(y)
    pred = NaiveBayesClassifier().fit(X[train], yb[train]).predict(X[test])
    b = binary_measures(yb[test], pred, positive=1)
    checks = [check("Z-3", "FNR = 1 − TPR, FPR = 1 − TNR, and the counts sum to n",
                    np.isclose(b["FNR"], 1 - b["TPR"]) and np.isclose(b["FPR"], 1 - b["TNR"])
                    and b["TP"] + b["FP"] + b["FN"] + b["TN"] == len(test),
                    f"TPR {b['TPR']:.3f}, FNR {b['FNR']:.3f}, TNR {b['TNR']:.3f}, FPR {b['FPR']:.3f}")]
    return pd.DataFrame([b]), None, checks


def _z5(y_random, a_rand, a_neg, a1):
    """Z-5's verdict, numbers, cases and earlier reading: "A random classifier corresponds to a diagonal
    line" (AUC 0.5) and "inverting the class assignment" of a classifier below it (AUC' = 1 − AUC).

    The sentence prints no tolerance, so the random AUC is read by the framework's ``about`` with no
    printed difference: within 2 SE of 0.5, the SE being the Mann–Whitney statistic's under no
    association, √((n₁ + n₂ + 1)/(12 n₁ n₂)), from the class counts alone. The negation is exact
    (to floating point, 1e-12).
    """
    n1, n2 = int(np.sum(y_random == 1)), int(np.sum(y_random != 1))
    bound, source = tolerance(combined_se=np.sqrt((n1 + n2 + 1) / (12 * n1 * n2)))
    cases = [within(f"random scores' AUC − 0.5 ({source})", a_rand - 0.5, bound),
             within(f"negated AUC {a_neg:.4f} − (1 − {a1:.4f})", a_neg - (1 - a1), 1e-12)]
    before = abs(a_rand - 0.5) <= 0.02 and np.isclose(a_neg, 1 - a1)
    values = f"random {a_rand:.4f}; negated {a_neg:.4f} = 1 − {a1:.4f}"
    return (all(c[0] for c in cases), values, cases,
            ("random scores give AUC 0.5 ± 0.02; negated scores give 1 − AUC (the spec's Z-5)", before,
             values,
             "the chapter prints no tolerance for the random classifier's diagonal: ±0.02 had no source; "
             "the framework's 'about' with no printed difference asks 2 SE of the AUC"))


def algorithm_22_1():
    """ROC points and AUC three ways (chapter algorithm, scikit-learn, Mann–Whitney) for naive Bayes
    and a linear SVM (Algorithm 22.1).
    """
    X, y = iris_pc2()
    train, test = split_s()
    yb = binary_labels(y)
    scores = {
        "naive Bayes": NaiveBayesClassifier().fit(X[train], yb[train]).predict_proba(X[test])[:, 1],
        "linear SVM": SVC(kernel="linear", C=1).fit(X[train], yb[train]).decision_function(X[test]),
    }
    frames, aucs = [], []
    fig, ax = plt.subplots(figsize=(5, 5))
    for name, s in scores.items():
        points, auc = roc_points(yb[test], s, positive=1)
        frames.append(points.assign(classifier=name))
        aucs.append({"classifier": name, "auc_trapezoid": auc, "auc_sklearn": roc_auc_score(yb[test] == 1, s),
                     "auc_mann_whitney": auc_mann_whitney(yb[test], s, 1)})
        ax.plot(points["FPR"], points["TPR"], marker=".", label=f"{name} (AUC {auc:.3f})")
    ax.plot([0, 1], [0, 1], "--", color="grey", label="random")
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    ax.set_title("Algorithm 22.1: ROC curve, versicolor against the rest")
    ax.legend()
    auc_frame = pd.DataFrame(aucs)
    table = pd.concat(frames, ignore_index=True).merge(auc_frame, on="classifier")
    spread = float(auc_frame.drop(columns="classifier").apply(np.ptp, axis=1).max())
    monotone = all((np.diff(f["FPR"]) >= 0).all() and (np.diff(f["TPR"]) >= 0).all() for f in frames)
    ends = all(tuple(f[["FPR", "TPR"]].iloc[0]) == (0, 0) and tuple(f[["FPR", "TPR"]].iloc[-1]) == (1, 1)
               for f in frames)
    # Z-6: repeating every negative three times changes neither the points nor the AUC.
    s = scores["naive Bayes"]
    neg = yb[test] == -1
    p1, a1 = roc_points(yb[test], s, 1)
    p3, a3 = roc_points(np.r_[yb[test], yb[test][neg], yb[test][neg]], np.r_[s, s[neg], s[neg]], 1)
    rng = rng_for("algorithm_22_1")
    yr, sr = rng.integers(0, 2, 10_000), rng.random(10_000)
    a_rand = roc_points(yr, sr, 1)[1]
    a_neg = roc_points(yb[test], -s, 1)[1]
    checks = [
        check("Z-4", "the three AUC computations agree within 1e-12; ROC from (0,0) to (1,1), non-decreasing",
              spread <= 1e-12 and monotone and ends, f"max spread {spread:.1e}"),
        check("Z-6", "ROC and AUC are unchanged by tripling the negatives",
              np.isclose(a1, a3) and np.allclose(p1[["FPR", "TPR"]], p3[["FPR", "TPR"]]),
              f"AUC {a1:.4f} vs {a3:.4f}"),
        check("Z-5", "random scores give AUC 0.5 within 2 SE (the chapter's diagonal); negated scores give "
                     "1 − AUC", *_z5(yr, a_rand, a_neg, a1)),
    ]
    return table, fig, checks
