"""
AdaBoost.MO: the error after every round, for three codes
=========================================================

:class:`mavl.AdaBoostMOClassifier` is Allwein, Schapire & Singer's AdaBoost.MO: a single boosting
run whose decision stumps serve every column of an output code at once, rather than one boosting
run per column. One fit also gives the classifier after every smaller number of rounds T
(``predict_prefixes``), so a whole error curve costs one run. This example draws the test and the
training error against T on the vowel data for three codes: one-vs-all, all pairs and a sparse
random code.
"""

import matplotlib.pyplot as plt
import numpy as np

from mavl import AdaBoostMOClassifier
from mavl.data import load_vowel

# %%
# Three codes, one run each
# -------------------------
# The vowel data (:func:`mavl.data.load_vowel`) have 11 classes: one-vs-all has 11 columns, all
# pairs 55 (each column sees the points of two classes only), and the sparse random code about
# 15 log2(11) columns, each entry 0 with probability one half (the best of many draws, seeded by
# ``random_state``). Every code is decoded with the exponential loss (``decoder="loss_exp"``,
# the default: the loss AdaBoost minimises). Each run has 500 rounds.

vowel = load_vowel()
X, y, X_test, y_test = vowel.X_train, vowel.y_train, vowel.X_test, vowel.y_test
rounds = np.arange(10, 501, 10)
codes = {"one_vs_all": "one-vs-all", "all_pairs": "all pairs", "sparse": "sparse random"}
test_error, train_error = {}, {}
for code in codes:
    boost = AdaBoostMOClassifier(code=code, n_estimators=rounds[-1], random_state=0).fit(X, y)
    test_error[code] = (boost.predict_prefixes(X_test, rounds) != y_test).mean(axis=1)
    train_error[code] = (boost.predict_prefixes(X, rounds) != y).mean(axis=1)
    print(f"{codes[code]:>13}: {boost.code_matrix_.shape[1]:2d} columns; after T = 50, 200, 500 rounds "
          f"test error {', '.join(f'{test_error[code][rounds == t][0]:.3f}' for t in (50, 200, 500))}, "
          f"training error {train_error[code][-1]:.3f} at T = 500")

# %%
# Test and training error against the number of rounds
# ----------------------------------------------------

fig, ax = plt.subplots(figsize=(7, 4.5))
for (code, label), colour in zip(codes.items(), ("tab:blue", "tab:orange", "tab:green"), strict=True):
    ax.plot(rounds, test_error[code], color=colour, label=f"{label}: test")
    ax.plot(rounds, train_error[code], color=colour, linestyle="--", label=f"{label}: training")
ax.set_xlabel("number of boosting rounds T")
ax.set_ylabel("error (vowel: 462 test, 528 training points)")
ax.set_title("AdaBoostMOClassifier, exponential-loss decoding")
ax.set_ylim(0, None)
ax.legend(ncols=2, fontsize="small")
fig.tight_layout()
plt.show()

# %%
# What to look for
# ----------------
# The training error (dashed) falls to zero, or nearly, within the 500 rounds, for every code. The
# test error (solid) falls over the first rounds and then levels off around one half, far above the
# training error: more rounds fit the training points better without helping the test points. The
# codes level off at different errors; which code is best depends on the data set, for boosting as
# for SVMs (:doc:`/reports/allwein2000`, claims C-2 and C-3), so one data set does not rank them.
# Each curve is read from the single run of its code by ``predict_prefixes``, with no refitting;
# the training-error bounds of the paper's Theorem 1 are in :mod:`mavl.output_codes.bounds`.
