"""One kernel matrix for all SVM columns of a code against one kernel per column.

Allwein, Schapire & Singer's SVM runs (spec allwein2000 §4.5(c), Table 3) fit one
``SVC(kernel="poly", degree=4, gamma=1/d, coef0=1, C=1)`` per column of a code. Two routes, timed
in the same run on Statlog satimage (given split, features min-max scaled to [−1, 1] on the
training part) with the complete code (31 columns), fit and hinge-loss prediction of the test set:

* ``per_column``: ``ECOCClassifier(share_kernel=False)``, where libsvm evaluates the kernel
  inside every column's fit and prediction;
* ``shared``: ``ECOCClassifier(share_kernel=True)``, which computes the training Gram matrix once,
  fits every column on it with ``kernel="precomputed"``, and computes the kernel between the test
  points and the union of the support vectors once.

Asserts that both give identical predictions and decision values equal to 1e-8, and prints the
time ratio per_column / shared. Needs ``MAVL_DATA_MIRROR``. Run:
``python benchmarks/svm_shared_kernel.py``.
"""

import time

import numpy as np
from sklearn.svm import SVC

from mavl import ECOCClassifier
from mavl.data.uci import load_satellite

CODE = "complete"


def scaled(X, X_test):
    """Min-max scaling to [−1, 1], fitted on the training part (spec §4.5(c))."""
    low, high = X.min(axis=0), X.max(axis=0)
    span = np.where(high > low, high - low, 1.0)
    return 2 * (X - low) / span - 1, 2 * (X_test - low) / span - 1


def route(X, y, X_test, share_kernel):
    svc = SVC(kernel="poly", degree=4, gamma=1.0 / X.shape[1], coef0=1.0, C=1.0)
    start = time.perf_counter()
    model = ECOCClassifier(svc, code=CODE, decoder="loss_hinge", share_kernel=share_kernel,
                           random_state=0).fit(X, y)
    predicted, outputs = model.predict(X_test), model.column_outputs(X_test)
    return time.perf_counter() - start, predicted, outputs


def main():
    data = load_satellite()
    X, X_test = scaled(data.X, data.X_test)
    times, predictions, outputs = {}, {}, {}
    for name, share in (("per_column", False), ("shared", True)):
        times[name], predictions[name], outputs[name] = route(X, data.y, X_test, share)
        print(f"{name:>10}: {times[name]:7.2f} s")
    np.testing.assert_array_equal(predictions["per_column"], predictions["shared"])
    gap = np.abs(outputs["per_column"] - outputs["shared"]).max()
    assert gap < 1e-8, gap
    error = np.mean(predictions["shared"] != data.y_test)
    print(f"identical predictions (test error {100 * error:.1f} %), largest decision gap {gap:.1e}")
    print(f"per_column / shared = {times['per_column'] / times['shared']:.2f}x "
          f"(satimage, {CODE} code, {outputs['shared'].shape[1]} columns)")


if __name__ == "__main__":
    main()
