"""Bias and variance for 0-1 loss: James (1998) Chapter 3 and the definitions it surveys.

Every definition is computed from two arrays per test point (spec james-ch3-4 §1.1):

* ``q[x, i] = P(Y = i | x)``, the exact class posterior, and
* ``p[x, i] = P(C = i | x)``, the distribution of the classifier's prediction over training sets.

A definition is one entry of :data:`~mavl.bias_variance.decomposition.DEFINITIONS`: a function of
the per-point basics (see :func:`point_basics`) that returns named per-point quantities. Adding a
decomposition means adding one function to that registry; :func:`decompose` and the table rows
pick it up. Domingos's (:mod:`mavl.bias_variance.domingos`) is registered that way.
"""

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .domingos import domingos

__all__ = [
    "DEFINITIONS",
    "TABLE_ROWS",
    "BiasVarianceResult",
    "bias_variance",
    "decompose",
    "general_decomposition",
    "point_basics",
    "prediction_distribution",
    "squared_loss_decomposition",
]


def prediction_distribution(predictions, n_classes):
    """``p[x, i]``: the share of training sets on which the classifier predicted ``i`` at ``x``.

    Parameters
    ----------
    predictions : array-like of int, shape (n_training_sets, n_points)
        Class indices 0..k-1.
    n_classes : int

    Returns
    -------
    ndarray of shape (n_points, n_classes)
    """
    predictions = np.asarray(predictions)
    if predictions.ndim != 2:
        raise ValueError(f"predictions must be 2-D (training sets, points); got {predictions.ndim}-D.")
    if predictions.min() < 0 or predictions.max() >= n_classes:
        raise ValueError(f"predictions must be class indices in [0, {n_classes}).")
    counts = np.zeros((predictions.shape[1], n_classes))
    np.add.at(counts, (np.broadcast_to(np.arange(predictions.shape[1]), predictions.shape),
                       predictions), 1.0)
    return counts / predictions.shape[0]


def _check_distributions(q, p):
    q, p = np.asarray(q, dtype=float), np.asarray(p, dtype=float)
    if q.ndim == 1:
        q, p = q[None, :], p[None, :]
    if q.shape != p.shape or q.ndim != 2:
        raise ValueError(f"q and p must have the same shape (n_points, n_classes); got {q.shape} and "
                         f"{p.shape}.")
    for name, a in (("q", q), ("p", p)):
        if (a < -1e-12).any() or not np.allclose(a.sum(axis=1), 1.0, atol=1e-9):
            raise ValueError(f"every row of {name} must be a probability distribution.")
    return q, p


def point_basics(q, p):
    """The per-point ingredients every definition uses.

    Returns a dict of arrays over points: ``q``, ``p``, the Bayes class ``SY = argmax q`` and the
    systematic class ``SC = argmax p`` (the mode; ties to the lowest index, spec §1.1), the
    prediction error ``PE = 1 − Σ q_i p_i`` and the Bayes error ``1 − max q``.
    """
    q, p = _check_distributions(q, p)
    rows = np.arange(q.shape[0])
    sy, sc = q.argmax(axis=1), p.argmax(axis=1)
    return {"q": q, "p": p, "SY": sy, "SC": sc, "rows": rows,
            "PE": 1.0 - (q * p).sum(axis=1), "Bayes": 1.0 - q.max(axis=1)}


def james(b):
    """James's general definitions specialised to 0-1 loss (§3.3.1)."""
    q_sc = b["q"][b["rows"], b["SC"]]
    return {"bias": (b["SC"] != b["SY"]).astype(float),
            "variance": 1.0 - b["p"].max(axis=1),
            "systematic_effect": b["q"].max(axis=1) - q_sc,
            "variance_effect": q_sc - (b["q"] * b["p"]).sum(axis=1)}


def dietterich_kong(b):
    """Dietterich and Kong (1995) with a random test label: bias = I(PE ≥ 1/2)."""
    bias = (b["PE"] >= 0.5).astype(float)
    return {"bias": bias, "variance": b["PE"] - bias}


def breiman(b):
    """Breiman (1996b): the reducible error split by whether the point is biased (SC ≠ SY)."""
    biased = b["SC"] != b["SY"]
    reducible = b["PE"] - b["Bayes"]
    return {"bias": np.where(biased, reducible, 0.0), "variance": np.where(biased, 0.0, reducible)}


def tibshirani(b):
    """Tibshirani (1996): variance is James's, bias the systematic effect, plus the aggregation effect."""
    j = james(b)
    return {"bias": j["systematic_effect"], "variance": j["variance"],
            "aggregation_effect": j["variance_effect"]}


def kohavi_wolpert(b):
    """Kohavi and Wolpert (1996), k-class form; noise + bias² + variance = PE exactly."""
    q, p = b["q"], b["p"]
    return {"bias2": 0.5 * ((q - p) ** 2).sum(axis=1), "variance": 0.5 * (1.0 - (p**2).sum(axis=1)),
            "noise": 0.5 * (1.0 - (q**2).sum(axis=1))}


#: name -> function(basics) -> {quantity: per-point array}.
DEFINITIONS = {
    "james": james,
    "dietterich_kong": dietterich_kong,
    "breiman": breiman,
    "tibshirani": tibshirani,
    "kohavi_wolpert": kohavi_wolpert,
    "domingos": domingos,           # Valentini (2003) §3.1; its label-based estimators live there too
}

#: Rows of James's Tables 3.1 and 3.2, in order: label -> per-point column of the result.
TABLE_ROWS = {
    "Bias (Dietterich)": "dietterich_kong.bias",
    "Bias less Bayes Error": "dietterich_kong.bias_less_bayes",
    "Variance (Dietterich)": "dietterich_kong.variance",
    "Bias (Breiman)": "breiman.bias",
    "Variance (Breiman)": "breiman.variance",
    "Bias": "james.bias",
    "Variance": "james.variance",
    "Systematic Effect": "james.systematic_effect",
    "Variance Effect": "james.variance_effect",
    "Bayes Error": "bayes_error",
    "Prediction Error": "prediction_error",
}


@dataclass(frozen=True)
class BiasVarianceResult:
    """A decomposition's output.

    Attributes
    ----------
    per_point : DataFrame
        One row per test point; columns ``prediction_error``, ``bayes_error`` and
        ``<definition>.<quantity>`` for every definition.
    table : Series
        Point means in percent, indexed by the row labels of
        :data:`~mavl.bias_variance.decomposition.TABLE_ROWS`.
    """

    per_point: pd.DataFrame
    table: pd.Series

    def summary(self):
        """Point means (fractions) of every per-point column."""
        return self.per_point.mean()


def decompose(q, p, definitions=None):
    """Every bias/variance definition at every test point, and the rows of Tables 3.1/3.2.

    Parameters
    ----------
    q : array-like of shape (n_points, n_classes)
        Exact class posteriors at the test points.
    p : array-like of shape (n_points, n_classes)
        Distribution of the classifier's prediction at each point (see
        :func:`prediction_distribution`).
    definitions : sequence of str or None
        Keys of :data:`~mavl.bias_variance.decomposition.DEFINITIONS`; default all. The table needs
        james, dietterich_kong and breiman.

    Returns
    -------
    BiasVarianceResult
    """
    basics = point_basics(q, p)
    names = list(DEFINITIONS) if definitions is None else list(definitions)
    columns = {"prediction_error": basics["PE"], "bayes_error": basics["Bayes"]}
    for name in names:
        for quantity, values in DEFINITIONS[name](basics).items():
            columns[f"{name}.{quantity}"] = values
    if "dietterich_kong.bias" in columns:
        # A table-level difference in the thesis, not a definition of its own.
        columns["dietterich_kong.bias_less_bayes"] = columns["dietterich_kong.bias"] - basics["Bayes"]
    per_point = pd.DataFrame(columns)
    means = per_point.mean()
    table = pd.Series({label: 100.0 * means[col] for label, col in TABLE_ROWS.items()
                       if col in means.index}, name="percent")
    return BiasVarianceResult(per_point=per_point, table=table)


def general_decomposition(values, prob_y, prob_yhat, loss):
    """James's definitions (§3.2) for any loss, at one point, for discrete Y and Ŷ.

    The systematic parts are ``S Y = argmin_a E L(Y, a)`` and ``S Ŷ = argmin_a E L(Ŷ, a)`` over
    ``values`` (the mean, median and mode for squared, absolute and 0-1 loss); Y and Ŷ are
    independent. ``error = irreducible + systematic_effect + variance_effect`` exactly (3.3).

    Parameters
    ----------
    values : array-like of shape (m,)
        The values Y and Ŷ can take.
    prob_y, prob_yhat : array-like of shape (m,)
    loss : callable
        ``loss(a, b)``, vectorised over numpy arrays.

    Returns
    -------
    dict with SY, SYhat, variance (E L(Ŷ, SŶ)), bias (L(SY, SŶ)), irreducible (E L(Y, SY)),
    systematic_effect, variance_effect and error (E L(Y, Ŷ)).
    """
    values = np.asarray(values, dtype=float)
    py, ph = np.asarray(prob_y, dtype=float), np.asarray(prob_yhat, dtype=float)
    pairwise = loss(values[:, None], values[None, :])          # L(values[r], values[c])
    sy = values[np.argmin(py @ pairwise)]
    sh = values[np.argmin(ph @ pairwise)]
    expected_y = lambda a: float(py @ loss(values, a))           # noqa: E731  E_Y L(Y, a)
    error = float(py @ pairwise @ ph)
    return {"SY": sy, "SYhat": sh, "variance": float(ph @ loss(values, sh)),
            "bias": float(loss(sy, sh)), "irreducible": expected_y(sy),
            "systematic_effect": expected_y(sh) - expected_y(sy),
            "variance_effect": error - expected_y(sh), "error": error}


def squared_loss_decomposition(y, predictions):
    """Squared loss = bias + variance at each test point, the observed label standing for E[y|x].

    Zaki & Meira Ch. 22.3 (spec zaki-ch22 §2.6): with labels coded ±1, (y − M)² = 4·I(y ≠ M), so
    the 0-1 scale is a quarter of the squared one. The noise term is 0 because the true posterior
    of real data is unknown.

    Parameters
    ----------
    y : array-like of shape (n_points,)
        Numerically coded labels.
    predictions : array-like of shape (n_training_sets, n_points)

    Returns
    -------
    dict of per-point arrays ``loss``, ``bias``, ``variance`` with loss = bias + variance exactly
    (up to rounding).
    """
    y = np.asarray(y, dtype=float)
    M = np.asarray(predictions, dtype=float)
    mean = M.mean(axis=0)
    return {"loss": ((y - M) ** 2).mean(axis=0), "bias": (mean - y) ** 2,
            "variance": ((M - mean) ** 2).mean(axis=0)}


def _predict_on(estimator, problem, t, code):
    from sklearn.base import clone  # see bias_variance

    X, y = problem.training_set(t)
    model = clone(estimator)
    if "random_state" in model.get_params():
        model.set_params(random_state=np.random.SeedSequence([problem.seed, 2, int(t), code])
                         .generate_state(1)[0])
    return model.fit(X, y).predict(problem.X_test)


def bias_variance(estimator, problem, n_training_sets, *, code=0, n_jobs=None, definitions=None):
    """Fit ``estimator`` on many training sets of a simulated problem and decompose its error.

    Parameters
    ----------
    estimator : classifier
        Any scikit-learn classifier predicting labels 0..k-1. If it has ``random_state``, training
        set ``t`` gets a seed derived from ``(problem.seed, 2, t, code)``.
    problem : object
        Gives ``training_set(t) -> (X, y)``, the fixed test points ``X_test``, their exact
        posteriors ``q_test`` and ``seed`` — for instance :class:`mavl.data.gaussian.GaussianProblem`.
    n_training_sets : int
    code : int, default=0
        Separates the random streams of classifiers that share training sets.
    n_jobs : int or None
        Training sets fitted in parallel with joblib; results do not depend on it.
    definitions : sequence of str or None
        Passed to :func:`decompose`.

    Returns
    -------
    BiasVarianceResult
    """
    # Imported here, as the only fits of this module: the decompositions above serve jobs that
    # read saved predictions and load no scikit-learn.
    from joblib import Parallel, delayed

    predictions = Parallel(n_jobs=n_jobs)(
        delayed(_predict_on)(estimator, problem, t, code) for t in range(n_training_sets)
    )
    p = prediction_distribution(np.vstack(predictions), problem.q_test.shape[1])
    return decompose(problem.q_test, p, definitions)
