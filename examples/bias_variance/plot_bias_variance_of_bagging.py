"""
Bias and variance of 0-1 loss: a tree against bagged trees
==========================================================

For 0-1 loss, James (1998) splits a classifier's expected test error into the Bayes error, the
systematic effect (what the classifier's most frequent prediction adds) and the variance effect
(what the spread of its predictions over training sets adds).
:func:`mavl.bias_variance.bias_variance` estimates each from many training sets of a simulated
problem whose class posteriors are known. This example compares two trees, each alone and bagged,
on a four-class Gaussian problem.
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.tree import DecisionTreeClassifier

from mavl import STreeClassifier, VoteBaggingClassifier
from mavl.bias_variance import bias_variance
from mavl.data.gaussian import gaussian_problem

# %%
# The problem
# -----------
# :func:`mavl.data.gaussian.gaussian_problem` builds James's Gaussian simulations: here four
# classes in two dimensions, the class spread calibrated so that the Bayes error is 20 %, training
# sets of 25 points a class, and 1000 fixed test points with their exact posteriors.

problem = gaussian_problem(n_classes=4, n_train_per_class=25, n_test_per_class=250, seed=870,
                           target_bayes=0.2)

# %%
# Four classifiers, each fitted on 50 training sets
# -------------------------------------------------
# A fully grown CART tree (:class:`~sklearn.tree.DecisionTreeClassifier`), James's S-PLUS tree
# (:class:`mavl.STreeClassifier`, which stops splitting a node that is small or nearly pure), and
# each bagged by :class:`mavl.VoteBaggingClassifier` with 25 members.

classifiers = {
    "CART": DecisionTreeClassifier(random_state=0),
    "bagged CART": VoteBaggingClassifier(DecisionTreeClassifier(random_state=0), n_estimators=25,
                                         random_state=0),
    "S-PLUS tree": STreeClassifier(),
    "bagged S-PLUS tree": VoteBaggingClassifier(STreeClassifier(), n_estimators=25, random_state=0),
}
rows = ["Bayes Error", "Systematic Effect", "Variance Effect", "Prediction Error", "Bias", "Variance"]
tables = {name: bias_variance(clf, problem, n_training_sets=50).table for name, clf in classifiers.items()}
print("per cent            " + "".join(f"{name:>20}" for name in tables))
for row in rows:
    print(f"{row:<20}" + "".join(f"{table[row]:20.1f}" for table in tables.values()))

# %%
# The error of each classifier, split in three
# --------------------------------------------
# Each bar is a classifier's prediction error on the test points, averaged over the 50 training
# sets; its parts are the Bayes error, the systematic effect and the variance effect, which add up
# to it.

names = list(tables)
parts = {"Bayes Error": "Bayes error", "Systematic Effect": "systematic effect",
         "Variance Effect": "variance effect"}
fig, ax = plt.subplots(figsize=(7, 4.5))
bottom = np.zeros(len(names))
for (row, label), colour in zip(parts.items(), ("lightgrey", "tab:blue", "tab:orange"), strict=True):
    heights = np.array([tables[name][row] for name in names])
    ax.bar(names, heights, bottom=bottom, color=colour, label=label)
    bottom += heights
for i, name in enumerate(names):
    ax.text(i, bottom[i] + 0.3, f"{tables[name]['Prediction Error']:.1f} %", ha="center")
ax.set_ylabel("test error, per cent (mean over 50 training sets)")
ax.set_title("bias_variance: four classes, Bayes error 20 %")
ax.set_ylim(0, bottom.max() * 1.15)
ax.legend(loc="lower right")
fig.tight_layout()
plt.show()

# %%
# What to look for
# ----------------
# The Bayes error is the same for every classifier: no classifier goes below it. Bagging leaves the
# systematic effect about where it was and shrinks the variance effect, by more for the fully grown
# CART tree, whose predictions move most from one training set to the next, than for the S-PLUS
# tree. James's bias and variance (the last two printed rows) are other quantities than the two
# effects: the variance is how often a prediction differs from the classifier's most frequent one,
# the variance effect what that costs in error. Besides ``table``, each result
# (:class:`mavl.bias_variance.BiasVarianceResult`) holds every definition's terms at every test
# point in ``per_point``, those of Dietterich and Kong, Breiman, Tibshirani and Kohavi and Wolpert
# included.
