"""The demonstration targets of Zaki & Meira Ch. 22 (spec zaki-ch22 §3–§5).

The chapter's copy has no worked examples, so each algorithm box and each text-only topic gets a
deterministic demonstration on Iris. Every target function returns ``(table, figure or None,
checks)``: the CSV frame, the figure, and the chapter identities of spec §5 it can evaluate, each
``{"check": id, "statement": ..., "holds": bool, "values": str}``.
"""

import zlib

import numpy as np
import pandas as pd
from sklearn.datasets import load_iris
from sklearn.decomposition import PCA
from sklearn.metrics import roc_auc_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from .assess import (
    FullBayesClassifier,
    NaiveBayesClassifier,
    StackingVoteClassifier,
    auc_mann_whitney,
    binary_measures,
    bootstrap_estimates,
    class_measures,
    contingency_matrix,
    cross_validation_estimates,
    mean_and_variance,
    overall_measures,
    paired_cv_test,
    random_forest_oob,
    roc_points,
    squared_loss_decomposition,
    t_interval,
    z_interval,
)
from .bagging import VoteBaggingClassifier
from .boosting import AdaBoostM1Classifier
from .figures import plt

__all__ = ["TARGETS", "iris_pc2", "run_target"]

SEED = 22


def rng_for(target, seed=SEED):
    """The generator of one target: SeedSequence of (seed, CRC-32 of the target id)."""
    return np.random.default_rng([seed, zlib.crc32(target.encode())])


def iris_pc2():
    """Iris on its first two principal components (centred, unscaled; each sign fixed so that the
    largest-magnitude loading is positive), and the labels 0, 1, 2."""
    X, y = load_iris(return_X_y=True)
    pca = PCA(n_components=2).fit(X)
    signs = np.sign(pca.components_[np.arange(2), np.abs(pca.components_).argmax(axis=1)])
    return pca.transform(X) * signs, y


def split_s(n=150, seed=SEED):
    """Split S: a seeded permutation, first 100 for training, last 50 for testing."""
    order = np.random.default_rng(seed).permutation(n)
    return order[:100], order[100:]


def binary_labels(y):
    """Versicolor (class 1) positive as +1, setosa and virginica −1."""
    return np.where(y == 1, 1, -1)


def _check(check, statement, holds, values):
    return {"check": check, "statement": statement, "holds": bool(holds), "values": values}


# --- measures ----------------------------------------------------------------------------------


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
    table["accuracy"], table["error"], table["macro_F"] = (
        overall["accuracy"],
        overall["error"],
        overall["macro_F"],
    )
    fig, ax = plt.subplots(figsize=(4.5, 4))
    ax.imshow(N.to_numpy(), cmap="Blues")
    for (i, j), v in np.ndenumerate(N.to_numpy()):
        ax.text(j, i, str(v), ha="center", va="center")
    ax.set_xlabel("true class")
    ax.set_ylabel("predicted class")
    ax.set_title("zaki_ch22/demo_measures_multiclass: full Bayes, Iris-PC2", fontsize=9)
    weighted = float((per_class["m"] / len(test) * per_class["precision"]).sum())
    harmonic = 2 / (1 / per_class["precision"] + 1 / per_class["recall"])
    checks = [
        _check(
            "Z-1",
            "accuracy = 1 − error = Σ (m_i/n) acc_i",
            np.isclose(overall["accuracy"], 1 - overall["error"])
            and np.isclose(weighted, overall["accuracy"]),
            f"accuracy {overall['accuracy']:.4f}, Σ(m_i/n)acc_i {weighted:.4f}",
        ),
        _check(
            "Z-2",
            "F_i = 2 n_ii/(n_i + m_i) equals the harmonic mean of precision and recall",
            np.allclose(per_class["F"], harmonic, equal_nan=True),
            f"F {list(per_class['F'].round(4))}",
        ),
    ]
    return table, fig, checks


def demo_measures_binary():
    """Binary measures, versicolor against the rest: naive Bayes on Iris-PC2, split S (§22.1.2)."""
    X, y = iris_pc2()
    train, test = split_s()
    yb = binary_labels(y)
    pred = NaiveBayesClassifier().fit(X[train], yb[train]).predict(X[test])
    b = binary_measures(yb[test], pred, positive=1)
    checks = [
        _check(
            "Z-3",
            "FNR = 1 − TPR, FPR = 1 − TNR, and the counts sum to n",
            np.isclose(b["FNR"], 1 - b["TPR"])
            and np.isclose(b["FPR"], 1 - b["TNR"])
            and b["TP"] + b["FP"] + b["FN"] + b["TN"] == len(test),
            f"TPR {b['TPR']:.3f}, FNR {b['FNR']:.3f}, TNR {b['TNR']:.3f}, FPR {b['FPR']:.3f}",
        )
    ]
    return pd.DataFrame([b]), None, checks


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
        aucs.append(
            {
                "classifier": name,
                "auc_trapezoid": auc,
                "auc_sklearn": roc_auc_score(yb[test] == 1, s),
                "auc_mann_whitney": auc_mann_whitney(yb[test], s, 1),
            }
        )
        ax.plot(points["FPR"], points["TPR"], marker=".", label=f"{name} (AUC {auc:.3f})")
    ax.plot([0, 1], [0, 1], "--", color="grey", label="random")
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate")
    ax.set_title("zaki_ch22/algorithm_22_1: ROC, versicolor vs rest", fontsize=9)
    ax.legend(fontsize=8)
    auc_frame = pd.DataFrame(aucs)
    table = pd.concat(frames, ignore_index=True).merge(auc_frame, on="classifier")
    spread = float(
        auc_frame[["auc_trapezoid", "auc_sklearn", "auc_mann_whitney"]].apply(np.ptp, axis=1).max()
    )
    monotone = all((np.diff(f["FPR"]) >= 0).all() and (np.diff(f["TPR"]) >= 0).all() for f in frames)
    ends = all(
        tuple(f[["FPR", "TPR"]].iloc[0]) == (0, 0) and tuple(f[["FPR", "TPR"]].iloc[-1]) == (1, 1)
        for f in frames
    )
    checks = [
        _check(
            "Z-4",
            "the three AUC computations agree within 1e-12; ROC from (0,0) to (1,1), non-decreasing",
            spread <= 1e-12 and monotone and ends,
            f"max spread {spread:.1e}",
        )
    ]
    # Z-6: repeating every negative three times changes neither the points nor the AUC.
    s = scores["naive Bayes"]
    neg = yb[test] == -1
    p1, a1 = roc_points(yb[test], s, 1)
    p3, a3 = roc_points(np.r_[yb[test], yb[test][neg], yb[test][neg]], np.r_[s, s[neg], s[neg]], 1)
    checks.append(
        _check(
            "Z-6",
            "ROC and AUC are unchanged by tripling the negatives",
            np.isclose(a1, a3) and np.allclose(p1[["FPR", "TPR"]], p3[["FPR", "TPR"]]),
            f"AUC {a1:.4f} vs {a3:.4f}",
        )
    )
    rng = rng_for("algorithm_22_1")
    yr, sr = rng.integers(0, 2, 10_000), rng.random(10_000)
    a_rand = roc_points(yr, sr, 1)[1]
    a_neg = roc_points(yb[test], -s, 1)[1]
    checks.append(
        _check(
            "Z-5",
            "random scores give AUC 0.5 ± 0.02; negated scores give 1 − AUC",
            abs(a_rand - 0.5) <= 0.02 and np.isclose(a_neg, 1 - a1),
            f"random {a_rand:.4f}; negated {a_neg:.4f} = 1 − {a1:.4f}",
        )
    )
    return table, fig, checks


# --- resampling and intervals ------------------------------------------------------------------


def _cv_thetas():
    X, y = iris_pc2()
    out = {}
    for name, model in (("full Bayes", FullBayesClassifier()), ("naive Bayes", NaiveBayesClassifier())):
        out[name] = cross_validation_estimates(model, X, y, 5, rng_for("algorithm_22_2"))
    return out


def algorithm_22_2():
    """5-fold cross-validation error of full and naive Bayes on Iris-PC2, with LOOCV rows; variances
    divide by K (Algorithm 22.2).
    """
    X, y = iris_pc2()
    rows = []
    for name, theta in _cv_thetas().items():
        mu, var = mean_and_variance(theta)
        rows += [
            {"classifier": name, "fold": i + 1, "theta": t, "mu": mu, "var": var} for i, t in enumerate(theta)
        ]
        loo = cross_validation_estimates(
            FullBayesClassifier() if name == "full Bayes" else NaiveBayesClassifier(),
            X,
            y,
            len(y),
            rng_for("loocv"),
        )
        rows.append(
            {
                "classifier": name,
                "fold": "LOOCV",
                "theta": float(np.mean(loo)),
                "mu": float(np.mean(loo)),
                "var": float(np.var(loo)),
            }
        )
    return pd.DataFrame(rows), None, []


def _bootstrap_thetas():
    X, y = iris_pc2()
    return bootstrap_estimates(FullBayesClassifier(), X, y, 50, rng_for("algorithm_22_3"))


def algorithm_22_3():
    """Bootstrap error of full Bayes, K = 50: tested on D (the box) and out of bag, with the distinct
    fraction (Algorithm 22.3).
    """
    boot = _bootstrap_thetas()
    table = pd.DataFrame(
        {
            "sample": np.arange(1, 51),
            "theta_on_D": boot["theta"],
            "theta_oob": boot["theta_oob"],
            "distinct_fraction": boot["distinct"],
        }
    )
    for col in ("theta_on_D", "theta_oob"):
        table[f"{col}_mu"], table[f"{col}_var"] = mean_and_variance(table[col])
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.hist(boot["distinct"], bins=15, color="lightgrey", edgecolor="black")
    ax.axvline(0.632, color="tab:red", label="0.632")
    ax.set_xlabel("fraction of distinct points in a bootstrap sample")
    ax.set_title("zaki_ch22/algorithm_22_3", fontsize=9)
    ax.legend(fontsize=8)
    return table, fig, []


def demo_confidence_intervals():
    """z and t intervals for the CV (K = 5) and bootstrap (K = 50) estimates, with the K − 1 version
    beside (§22.2.3).
    """
    sources = {
        "CV K=5, full Bayes": _cv_thetas()["full Bayes"],
        "bootstrap K=50, full Bayes": _bootstrap_thetas()["theta"],
    }
    rows = []
    from scipy import stats

    for name, theta in sources.items():
        mu, var = mean_and_variance(theta)
        for alpha in (0.05, 0.01):
            k = len(theta)
            rows.append(
                {
                    "source": name,
                    "K": k,
                    "alpha": alpha,
                    "mu": mu,
                    "sigma": np.sqrt(var),
                    "z": stats.norm.ppf(1 - alpha / 2),
                    "t": stats.t.ppf(1 - alpha / 2, k - 1),
                    "z_low": z_interval(theta, alpha)[0],
                    "z_high": z_interval(theta, alpha)[1],
                    "t_low": t_interval(theta, alpha)[0],
                    "t_high": t_interval(theta, alpha)[1],
                    "t_low_ddof1": t_interval(theta, alpha, ddof=1)[0],
                    "t_high_ddof1": t_interval(theta, alpha, ddof=1)[1],
                }
            )
    table = pd.DataFrame(rows)
    width = (table["t_high"] - table["t_low"]) / (table["z_high"] - table["z_low"])
    at05 = table["alpha"] == 0.05
    k5, k50 = width[(table["K"] == 5) & at05].iloc[0], width[(table["K"] == 50) & at05].iloc[0]
    k50_01 = width[(table["K"] == 50) & ~at05].iloc[0]
    checks = [
        _check(
            "Z-8",
            "α = 0.05: for K = 5 the t interval is wider than the z interval; for K = 50 "
            "the widths are within 3 %",
            k5 > 1 and k50 < 1.03,
            f"t/z width K=5 {k5:.3f}, K=50 {k50:.3f} (at α = 0.01: {k50_01:.3f})",
        )
    ]
    return table, None, checks


def algorithm_22_4():
    """Paired t-test of full against naive Bayes over 5 shared folds (Algorithm 22.4)."""
    X, y = iris_pc2()
    rows = []
    for alpha in (0.05, 0.01):
        out = paired_cv_test(
            FullBayesClassifier(), NaiveBayesClassifier(), X, y, 5, rng_for("algorithm_22_4"), alpha
        )
        rows.append(
            {
                "variant": "5-fold",
                "alpha": alpha,
                **{k: v for k, v in out.items() if not isinstance(v, np.ndarray)},
                "deltas": " ".join(f"{d:.4f}" for d in out["theta_a"] - out["theta_b"]),
            }
        )
    return pd.DataFrame(rows), None, []


# --- bias-variance and ensembles ---------------------------------------------------------------


def _bootstrap_predictions(make, X, y, X_test, T, rng):
    preds = []
    while len(preds) < T:
        rows = rng.integers(0, len(y), len(y))
        if np.unique(y[rows]).size < 2:
            continue  # a one-class sample: redraw (spec §4)
        preds.append(make().fit(X[rows], y[rows]).predict(X_test))
    return np.array(preds)


def demo_bias_variance():
    """Squared-loss bias and variance of a quadratic-kernel SVM over C, 100 bootstrap training sets; ÷4
    gives the 0-1 scale (§22.3).
    """
    X, y = iris_pc2()
    train, test = split_s()
    yb = binary_labels(y)
    rows = []
    for C in (0.01, 0.1, 1, 10, 100):
        preds = _bootstrap_predictions(
            lambda C=C: SVC(kernel="poly", degree=2, gamma=1, coef0=1, C=C),
            X[train],
            yb[train],
            X[test],
            100,
            rng_for(f"bias_variance/{C}"),
        )
        d = {k: float(v.mean()) for k, v in squared_loss_decomposition(yb[test], preds).items()}
        rows.append({"C": C, **d, **{f"{k}_01": v / 4 for k, v in d.items()}})
    table = pd.DataFrame(rows)
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    for col in ("loss", "bias", "variance"):
        ax.plot(table["C"], table[col], marker="o", label=col)
    ax.set_xscale("log")
    ax.set_xlabel("C")
    ax.set_ylabel("squared loss scale")
    ax.set_title("zaki_ch22/demo_bias_variance: quadratic-kernel SVM", fontsize=9)
    ax.legend(fontsize=8)
    gap = float((table["loss"] - table["bias"] - table["variance"]).abs().max())
    direction = "grows" if table["variance"].iloc[-1] > table["variance"].iloc[0] else "does not grow"
    checks = [
        _check(
            "Z-9",
            "loss = bias + variance (machine precision); variance with C recorded",
            gap < 1e-12,
            f"max |loss − bias − variance| {gap:.1e}; variance {direction} from C=0.01 "
            f"to C=100 ({table['variance'].iloc[0]:.3f} → {table['variance'].iloc[-1]:.3f})",
        )
    ]
    return table, fig, checks


def demo_bagging():
    """Test error of bagged trees against K, and the bias/variance of one tree against 25 bagged trees
    (§22.4.1).
    """
    X, y = iris_pc2()
    train, test = split_s()
    yb = binary_labels(y)
    tree = DecisionTreeClassifier(random_state=0)
    sizes = [1, 3, 5, 11, 25, 51, 101]
    bag = VoteBaggingClassifier(
        tree,
        n_estimators=max(sizes),
        combiner="vote_random",
        random_state=int(rng_for("demo_bagging").integers(2**31 - 1)),
    )
    bag.fit(X[train], yb[train])
    errors = (bag.predict_prefixes(X[test], sizes) != yb[test]).mean(axis=1)
    table = pd.DataFrame({"K": sizes, "test_error": errors})
    rng = rng_for("demo_bagging/bias_variance")
    single = _bootstrap_predictions(
        lambda: DecisionTreeClassifier(random_state=0), X[train], yb[train], X[test], 50, rng
    )
    bagged = _bootstrap_predictions(
        lambda: VoteBaggingClassifier(tree, n_estimators=25, combiner="vote_random", random_state=0),
        X[train],
        yb[train],
        X[test],
        50,
        rng,
    )
    parts = {}
    for name, preds in (("single tree", single), ("bagging K=25", bagged)):
        d = squared_loss_decomposition(yb[test], preds)
        parts[name] = {k: float(v.mean()) for k, v in d.items()}
    extra = pd.DataFrame([{"K": f"bias-variance: {k}", **v} for k, v in parts.items()])
    table = pd.concat([table.astype({"K": object}), extra], ignore_index=True)
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(sizes, errors, marker="o")
    ax.set_xscale("log")
    ax.set_xlabel("K (bagged trees)")
    ax.set_ylabel("test error")
    ax.set_title("zaki_ch22/demo_bagging: versicolor vs rest", fontsize=9)
    d_bias = parts["bagging K=25"]["bias"] - parts["single tree"]["bias"]
    d_var = parts["bagging K=25"]["variance"] - parts["single tree"]["variance"]
    checks = [
        _check(
            "Z-10",
            "bagging lowers the variance term; the bias changes less (|Δbias| < |Δvariance|)",
            d_var < 0 and abs(d_bias) < abs(d_var),
            f"Δbias {d_bias:+.3f}, Δvariance {d_var:+.3f}",
        )
    ]
    return table, fig, checks


def algorithm_22_5():
    """Random forest on Iris: out-of-bag error after each K for p = 1, 2, 4 attributes per split, and
    the 10-fold CV error of the K = 200, p = 2 forest (Algorithm 22.5).
    """
    X, y = load_iris(return_X_y=True)
    rows, final = [], {}
    fig, ax = plt.subplots(figsize=(6, 4))
    for p in (1, 2, 4):
        forest = random_forest_oob(X, y, 200, p, rng_for(f"algorithm_22_5/{p}"))
        rows += [{"p": p, "K": k + 1, "oob_error": e} for k, e in enumerate(forest["oob_error"])]
        final[p] = forest
        ax.plot(np.arange(1, 201), forest["oob_error"], label=f"p = {p}" + (" (bagging)" if p == 4 else ""))

    class Forest:
        """The K = 200, p = 2 forest as an estimator, for 10-fold CV."""

        def __init__(self):
            self.rng = rng_for("algorithm_22_5/cv")

        def get_params(self, deep=False):
            return {}

        def fit(self, X, y):
            self.forest = random_forest_oob(X, y, 200, 2, self.rng)
            return self

        def predict(self, X):
            votes = np.zeros((len(X), self.forest["classes"].size))
            for tree in self.forest["trees"]:
                votes[np.arange(len(X)), tree.predict(X).astype(int)] += 1
            return self.forest["classes"][votes.argmax(axis=1)]

    cv = cross_validation_estimates(Forest(), X, y, 10, rng_for("algorithm_22_5/folds"))
    # sklearn.base.clone needs get_params; Forest has none to copy, so each fold refits a fresh one.
    cv_error = float(np.mean(cv))
    ax.axhline(cv_error, linestyle="--", color="grey", label=f"10-fold CV error (p = 2) {cv_error:.3f}")
    ax.set_xlabel("K (trees)")
    ax.set_ylabel("out-of-bag error")
    ax.set_title("zaki_ch22/algorithm_22_5: random forest on Iris", fontsize=9)
    ax.legend(fontsize=8)
    table = pd.DataFrame(rows)
    table["cv_error_p2"] = cv_error
    table["never_oob"] = table["p"].map({p: f["never_oob"] for p, f in final.items()})
    oob = final[2]["oob_error"][-1]
    # Z-11: p = d trees equal plain bagged trees on the same samples and seeds.
    f4 = final[4]
    same = all(
        np.array_equal(
            DecisionTreeClassifier(random_state=t.random_state)
            .fit(X[r], np.unique(y, return_inverse=True)[1][r])
            .predict(X),
            t.predict(X),
        )
        for r, t in zip(f4["samples"][:20], f4["trees"][:20], strict=True)
    )
    checks = [
        _check(
            "Z-11",
            "p = d gives exactly bagged trees (same samples and seeds)",
            same,
            "first 20 trees compared",
        ),
        _check(
            "Z-12",
            "OOB error within 0.05 of the 10-fold CV error",
            abs(oob - cv_error) <= 0.05,
            f"OOB {oob:.3f}, CV {cv_error:.3f}",
        ),
    ]
    return table, fig, checks


def algorithm_22_6():
    """AdaBoost with decision stumps on Iris-PC2: ε_t, α_t, training and test error against K
    (Algorithm 22.6).
    """
    X, y = iris_pc2()
    train, test = split_s()
    boost = AdaBoostM1Classifier(
        DecisionTreeClassifier(max_depth=1),
        n_estimators=50,
        bad_round="retry",
        zero_error="stop",
        random_state=int(rng_for("algorithm_22_6").integers(2**31 - 1)),
    )
    boost.fit(X[train], y[train])
    K = np.arange(1, 51)
    train_err = (boost.predict_prefixes(X[train], K) != y[train]).mean(axis=1)
    test_err = (boost.predict_prefixes(X[test], K) != y[test]).mean(axis=1)
    table = pd.DataFrame(
        {
            "K": K,
            "epsilon": boost.estimator_errors_,
            "alpha": boost.estimator_weights_,
            "train_error": train_err,
            "test_error": test_err,
        }
    )
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    ax.plot(K, train_err, label="train")
    ax.plot(K, test_err, label="test")
    ax.set_xlabel("K (boosting rounds)")
    ax.set_ylabel("error")
    ax.set_title("zaki_ch22/algorithm_22_6: AdaBoost with stumps", fontsize=9)
    ax.legend(fontsize=8)
    used = np.isfinite(boost.estimator_errors_) & (boost.estimator_weights_ > 0)
    eps = boost.estimator_errors_[used]
    checks = [
        _check(
            "Z-13",
            "α_t = ln((1 − ε_t)/ε_t), i.e. misclassified weights × (1/ε_t − 1); ε_t < 0.5",
            np.allclose(boost.estimator_weights_[used], np.log((1 - eps) / eps)) and (eps < 0.5).all(),
            f"{int(used.sum())} rounds, ε in [{eps.min():.3f}, {eps.max():.3f}]",
        )
    ]
    return table, fig, checks


def algorithm_22_7():
    """Test accuracy of five base classifiers, their majority vote, and stacking (chapter-literal and
    5-fold) (Algorithm 22.7).
    """
    X, y = iris_pc2()
    train, test = split_s()
    bases = {
        "full Bayes": FullBayesClassifier(),
        "naive Bayes": NaiveBayesClassifier(),
        "tree (depth 3)": DecisionTreeClassifier(max_depth=3, random_state=0),
        "5NN": KNeighborsClassifier(5),
        "RBF SVM": SVC(kernel="rbf"),
    }
    rows = []
    preds = []
    for name, model in bases.items():
        p = model.fit(X[train], y[train]).predict(X[test])
        preds.append(p)
        rows.append({"method": name, "test_accuracy": float(np.mean(p == y[test]))})
    votes = np.zeros((len(test), 3))
    for p in preds:
        votes[np.arange(len(test)), p] += 1
    rows.append({"method": "majority vote", "test_accuracy": float(np.mean(votes.argmax(axis=1) == y[test]))})
    for label, cv in (("stacking (chapter, in-sample)", None), ("stacking (5-fold)", 5)):
        model = StackingVoteClassifier(list(bases.values()), cv=cv).fit(X[train], y[train])
        rows.append({"method": label, "test_accuracy": float(model.score(X[test], y[test]))})
    return pd.DataFrame(rows), None, []


def demo_bootstrap_probability():
    """(1 − 1/n)^n against e^−1, and the simulated distinct fraction of 10,000 bootstrap samples of 150
    (§22.2.2).
    """
    rows = [
        {"n": n, "p_not_drawn": (1 - 1 / n) ** n, "p_drawn": 1 - (1 - 1 / n) ** n, "exp_minus_1": np.exp(-1)}
        for n in (5, 10, 50, 150, 1000, 100_000)
    ]
    rng = rng_for("demo_bootstrap_probability")
    distinct = np.array([np.unique(rng.integers(0, 150, 150)).size / 150 for _ in range(10_000)])
    table = pd.DataFrame(rows)
    table["simulated_distinct_n150"] = float(distinct.mean())
    checks = [
        _check(
            "Z-7",
            "the bootstrap's distinct fraction averages 0.632 (n = 150, within 0.005); "
            "(1 − 1/n)^n → e^−1 = 0.368",
            abs(distinct.mean() - 0.632) <= 0.005 and abs(rows[-1]["p_not_drawn"] - np.exp(-1)) < 1e-5,
            f"simulated {distinct.mean():.4f}, exact n=150 {rows[3]['p_drawn']:.4f}",
        )
    ]
    return table, None, checks


def _bayes_rule_check():
    rng = rng_for("Z-14")
    q = rng.dirichlet(np.ones(4), 1000)
    return _check(
        "Z-14",
        "the expected 0-1 loss 1 − P(c|x) is minimised by argmax P(c|x)",
        np.array_equal((1 - q).argmin(axis=1), q.argmax(axis=1)),
        "1000 random posteriors",
    )


#: target id -> function, in the catalogue's order (spec §4).
TARGETS = {
    f.__name__: f
    for f in (
        demo_measures_multiclass,
        demo_measures_binary,
        algorithm_22_1,
        algorithm_22_2,
        algorithm_22_3,
        demo_confidence_intervals,
        algorithm_22_4,
        demo_bias_variance,
        demo_bagging,
        algorithm_22_5,
        algorithm_22_6,
        algorithm_22_7,
        demo_bootstrap_probability,
    )
}


def run_target(target):
    """Run one target: ``(table, figure or None, checks)``."""
    table, fig, checks = TARGETS[target]()
    if target == "demo_measures_multiclass":
        checks = checks + [_bayes_rule_check()]
    return table, fig, checks


def write_target(target, outputs):
    """Write one target's CSV, its checks (JSON) and, where it has one, its figure."""
    import json
    from pathlib import Path

    from .figures import save_figure
    from .results import write_table

    table, fig, checks = run_target(target)
    write_table(table, outputs["csv"])
    Path(outputs["checks"]).write_text(json.dumps(checks, indent=1, sort_keys=True) + "\n")
    if fig is not None:
        save_figure(fig, outputs["png"], outputs["pdf"])


def _markdown_table(frame, max_rows=12):
    shown = frame.head(max_rows)
    lines = ["| " + " | ".join(map(str, shown.columns)) + " |", "|" + "---|" * len(shown.columns)]
    for row in shown.itertuples(index=False):
        lines.append("| " + " | ".join(f"{v:.4g}" if isinstance(v, float) else str(v) for v in row) + " |")
    if len(frame) > max_rows:
        lines.append(f"\n({len(frame) - max_rows} more rows in the CSV.)")
    return lines


def build_zaki_report(config, results, out_path, figure_dir):
    """``reports/zaki_ch22.md``: every target's table and figure, and the checks of spec §5."""
    import json
    from pathlib import Path

    from .reproduce import copy_figures

    results, out_path = Path(results), Path(out_path)
    targets = config["zaki_ch22"]["figure_targets"] + config["zaki_ch22"]["table_targets"]
    order = [t for t in TARGETS if t in targets]
    checks = [c for t in order for c in json.loads((results / f"{t}.checks.json").read_text())]
    checks.sort(key=lambda c: int(c["check"].split("-")[1]))
    pngs = [results / f"{t}.png" for t in order if t in config["zaki_ch22"]["figure_targets"]]
    links = copy_figures(pngs, figure_dir, out_path.parent)
    held = sum(c["holds"] for c in checks)
    lines = [
        "# Zaki & Meira, Chapter 22 (classification assessment): demonstration report",
        "",
        "Generated by the mavl workflow. The chapter's copy has no worked examples or numeric tables "
        "(spec zaki-ch22 §0), so each algorithm box and text-only topic has a deterministic "
        "demonstration on Iris (seed 22), and acceptance is by the chapter's identities below. The "
        "only published numbers are 0.368 and 0.632 (the bootstrap's inclusion probabilities).",
        "",
        "## Checks (spec zaki-ch22 §5)",
        "",
        f"{held} of {len(checks)} checks hold.",
        "",
        "| check | statement | holds | values |",
        "|---|---|---|---|",
    ]
    def cell(text):
        return str(text).replace("|", "\\|")  # a literal bar would end the Markdown cell

    lines += [
        f"| {c['check']} | {cell(c['statement'])} | {'holds' if c['holds'] else 'fails'} | "
        f"{cell(c['values'])} |"
        for c in checks
    ]
    lines += ["", "## Targets", ""]
    for t in order:
        lines += [f"### zaki_ch22/{t}", "", " ".join((TARGETS[t].__doc__ or "").split()), ""]
        lines += _markdown_table(pd.read_csv(results / f"{t}.csv"))
        if t in links:
            lines += ["", f"![{t}]({links[t]})"]
        lines.append("")
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
