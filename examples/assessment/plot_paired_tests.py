"""
Comparing two classifiers: a paired cross-validated test and McNemar's test
===========================================================================

Is a bag of trees better than one tree on this data set? :mod:`mavl.assess` answers in the two ways
of Zaki & Meira's assessment chapter: :func:`mavl.assess.paired_cv_test` trains both classifiers on
the same K folds and tests the mean of their differences in error, and
:func:`mavl.assess.mcnemar_test` compares them on one test set, point by point. This example runs
both on scikit-learn's breast cancer data, with James's S-PLUS tree against 25 of them bagged.
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split

from mavl import STreeClassifier, VoteBaggingClassifier
from mavl.assess import mcnemar_test, paired_cv_test

# %%
# The two classifiers
# -------------------
# :class:`mavl.STreeClassifier` and :class:`mavl.VoteBaggingClassifier` of 25 such trees, on the
# 569 points (30 features, two classes) of :func:`~sklearn.datasets.load_breast_cancer`.

X, y = load_breast_cancer(return_X_y=True)
tree = STreeClassifier(random_state=0)
bag = VoteBaggingClassifier(STreeClassifier(), n_estimators=25, random_state=0)

# %%
# The paired test over ten folds
# ------------------------------
# Both classifiers are fitted and tested on the same ten folds (Algorithm 22.4 of the chapter), so
# each fold gives a pair of errors; the test asks whether the mean of their differences is zero.
# The chapter's statistic divides the differences' variance by K; the textbook t-test, whose
# p-value is also returned (that of :func:`scipy.stats.ttest_rel`), by K - 1.

cv = paired_cv_test(tree, bag, X, y, K=10, rng=np.random.default_rng(0))
print(f"mean error over the folds: tree {cv['theta_a'].mean():.3f}, bagged trees {cv['theta_b'].mean():.3f}")
print(f"mean difference {cv['mean_delta']:.3f}; the chapter's statistic {cv['z_star']:.2f} against "
      f"t = {cv['critical_t']:.2f}: {'rejects' if cv['reject'] else 'does not reject'} equal errors at 0.05")
print(f"the textbook statistic {cv['t_textbook']:.2f}: p-value {cv['p_value']:.3f}")

# %%
# McNemar's test on one held-out test set
# ---------------------------------------
# Both classifiers fitted on 60 % of the points and tested on the other 40 %: McNemar's test
# counts the test points only one of the two gets right, b for the tree alone and c for the bag
# alone, and asks whether b and c differ more than chance says (an exact binomial test).

X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.4, stratify=y, random_state=0)
tree_right = tree.fit(X_train, y_train).predict(X_test) == y_test
bag_right = bag.fit(X_train, y_train).predict(X_test) == y_test
mcnemar = mcnemar_test(tree_right, bag_right)
print(f"test error: tree {1 - tree_right.mean():.3f}, bagged trees {1 - bag_right.mean():.3f} "
      f"on {len(y_test)} points")
print(f"only the tree right: b = {mcnemar['b']}, only the bag right: c = {mcnemar['c']}; "
      f"p-value {mcnemar['p_value']:.3f}")

# %%
# The folds' errors and the held-out disagreements
# ------------------------------------------------

folds = np.arange(1, len(cv["theta_a"]) + 1)
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2), width_ratios=(3, 2))
left.vlines(folds, cv["theta_a"], cv["theta_b"], color="lightgrey")
left.plot(folds, cv["theta_a"], "o", label=f"tree (mean {cv['theta_a'].mean():.3f})")
left.plot(folds, cv["theta_b"], "s", label=f"bagged trees (mean {cv['theta_b'].mean():.3f})")
left.set_xticks(folds)
left.set_xlabel("fold")
left.set_ylabel("test error on the fold")
left.set_title(f"paired_cv_test: textbook p = {cv['p_value']:.3f}")
left.legend()
right.bar(["only the tree\nright (b)", "only the bag\nright (c)"], [mcnemar["b"], mcnemar["c"]],
          color=("tab:blue", "tab:orange"))
right.set_ylabel(f"held-out test points (of {len(y_test)})")
right.set_title(f"mcnemar_test: p = {mcnemar['p_value']:.3f}")
fig.tight_layout()
plt.show()

# %%
# What to look for
# ----------------
# The bag errs less than the single tree on more folds than not, but not on every fold, and its
# mean error is lower: the paired test asks whether that mean difference is large against the
# spread of the differences over the folds. Here neither the chapter's statistic nor the textbook
# one reaches its critical value: ten folds of 57 points leave a difference of about two points to
# chance. The chapter's statistic is the textbook one times the square root of K/(K - 1), so close
# to the threshold the two readings can part. McNemar's test looks at one split only, and only at
# the points on which the two classifiers disagree, a handful of the 228 held-out points; on this
# split the tree errs less than the bag, and the test finds no difference either. Both are
# estimates from one small data set. ``mavl.assess.cross_validation_estimates`` and
# ``mavl.assess.t_interval`` give one classifier's error over the folds with a confidence
# interval.
