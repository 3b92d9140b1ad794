"""
Lobag: bagged SVMs of the lowest out-of-bag bias
================================================

Bagging reduces variance, not bias. Valentini's Lobag therefore chooses the SVM's kernel parameters
for a low bias rather than a low error, and bags the SVMs of that setting.
:class:`mavl.LobagClassifier` bags an SVM for every setting of a grid, estimates each setting's
bias and variance from the points each member left out of its bootstrap replicate (out of bag),
and keeps the bag of the lowest bias; with ``criterion="loss"`` it keeps the setting of the lowest
out-of-bag error instead, the usual bag of individually tuned SVMs. This example shows both choices
on a grid of RBF kernel widths and compares their test errors with one tuned SVM.
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.svm import SVC

from mavl import LobagClassifier
from mavl.data import threenorm

# %%
# The data and the grid
# ---------------------
# Breiman's threenorm (:func:`mavl.data.threenorm`): 20 features, two classes, 100 training and
# 3000 test points. The grid is seven values of the RBF kernel's ``gamma`` with C = 10.

X, y = threenorm(100, np.random.default_rng(3))
X_test, y_test = threenorm(3000, np.random.default_rng(103))
gammas = np.logspace(-3, 0, 7)
grid = {"gamma": list(gammas), "C": [10.0]}

# %%
# Lobag and the bag of the lowest error
# -------------------------------------
# Both fit 30 bootstrap replicates per setting, the same replicates for every setting and for both
# criteria (``random_state``). ``oob_results_`` holds each setting's out-of-bag estimates: the
# error of a single member, the bias and the net variance (Domingos's decomposition as Valentini
# estimates it, ``mavl.bias_variance.domingos.oob_bias_variance``). The single tuned SVM takes
# the setting of the lowest single-member error and is fitted on all 100 points.

lobag = LobagClassifier(SVC(), param_grid=grid, n_estimators=30, random_state=0).fit(X, y)
bagged = LobagClassifier(SVC(), param_grid=grid, n_estimators=30, criterion="loss",
                         random_state=0).fit(X, y)
oob = lobag.oob_results_
single = SVC(**oob["params"][int(np.argmin(oob["error"]))]).fit(X, y)

print("gamma     OOB error  OOB bias  OOB net variance")
for gamma, error, bias, variance in zip(gammas, oob["error"], oob["bias"], oob["net_variance"], strict=True):
    print(f"{gamma:<9.4g} {error:9.3f} {bias:9.3f} {variance:17.3f}")
test_error = {"one tuned SVM": 1 - single.score(X_test, y_test),
              "bagged SVMs (lowest OOB error)": 1 - bagged.score(X_test, y_test),
              "Lobag (lowest OOB bias)": 1 - lobag.score(X_test, y_test)}
print(f"Lobag chose gamma = {lobag.best_params_['gamma']:.4g}, "
      f"the bag of the lowest error gamma = {bagged.best_params_['gamma']:.4g}")
for name, error in test_error.items():
    print(f"{name}: test error {error:.3f}")

# %%
# The out-of-bag estimates and the test errors
# --------------------------------------------

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2), width_ratios=(3, 2))
left.plot(gammas, oob["error"], marker="o", label="error of a single member")
left.plot(gammas, oob["bias"], marker="s", label="bias")
left.plot(gammas, oob["net_variance"], marker="^", label="net variance")
left.axvline(lobag.best_params_["gamma"], color="tab:orange", linestyle=":", label="Lobag's choice")
left.axvline(bagged.best_params_["gamma"], color="tab:blue", linestyle="--",
             label="lowest-error choice")
left.set_xscale("log")
left.set_xlabel("RBF kernel gamma (C = 10)")
left.set_ylabel("out-of-bag estimate (100 training points)")
left.set_title("What LobagClassifier chooses from")
left.legend(fontsize="small")
right.bar(range(3), list(test_error.values()), color=("grey", "tab:blue", "tab:orange"))
right.set_xticks(range(3), ["one tuned\nSVM", "bagged SVMs\n(lowest error)", "Lobag\n(lowest bias)"])
right.set_ylabel("test error (threenorm, 3000 points)")
right.set_title("Test error")
for i, error in enumerate(test_error.values()):
    right.text(i, error + 0.003, f"{error:.3f}", ha="center")
fig.tight_layout()
plt.show()

# %%
# What to look for
# ----------------
# The largest values of ``gamma`` (the narrowest kernels) err on about half the points, bias
# included. Below them the out-of-bag curves are flat, and their lowest points need not fall on
# the same setting: on this sample the bias is lowest at a larger ``gamma`` than the single-member
# error, where the net variance is larger too, so Lobag bags other SVMs than the lowest-error bag
# does. With 100 training points these estimates are noisy, and on
# another sample the two criteria may choose the same setting; Lobag is then plain bagging. The
# printed test errors differ by a point or less. Valentini found Lobag and bagging both better than a
# single SVM in every case of his Table 6.2, Lobag by more on average; the reproduced averages
# agree, but against the noise of the replicates the claim is undecided
# (:doc:`/reports/valentini2003`, claims Q6.1 and Q6.2). One sample, as here, shows how Lobag
# chooses, not whether the choice pays.
