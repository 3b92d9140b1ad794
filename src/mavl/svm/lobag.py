"""Lobag, low-bias bagging (Valentini 2003, thesis §6.3; spec valentini2003 §1.9).

For every parameter setting α of the base learner, bag B members on bootstrap replicates of the
training set and estimate their bias out of bag (§1.8); keep the bagged ensemble of the setting of
lowest OOB bias. Its OOB error estimate is that bias.
"""

import numbers

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.model_selection import ParameterGrid
from sklearn.svm import SVC

from .._ensemble import encode_targets
from .._sklearn import HasMethods, Interval, StrOptions, _fit_context
from ..bias_variance.domingos import MAIN_PREDICTION_TIES, oob_bias_variance
from ..ensemble.aggregating import VOTE_TIES, VoteEnsembleMixin, fit_member, sample_rows
from ..random import draw_seeds

__all__ = ["LobagClassifier", "select_setting"]

#: The default grid: cheap, and wide enough in C that the OOB bias differs between settings.
DEFAULT_GRID = {"C": [1.0, 10.0]}

_OOB_COLUMNS = ("error", "bias", "net_variance", "unbiased_variance", "biased_variance", "variance")


def select_setting(bias, loss, criterion="bias"):
    r"""Index of the chosen setting (thesis ``Select_model``, spec §1.9).

    ``criterion="bias"`` gives :math:`\alpha_B`: lowest OOB bias, ties to the lowest OOB loss, then to
    the first in grid order. ``criterion="loss"`` gives :math:`\alpha_L`, the setting of the standard
    bag of individually well-tuned learners: lowest loss, ties to the lowest bias, then the first.
    NaN (no out-of-bag point) ranks last.
    """
    bias = np.nan_to_num(np.asarray(bias, dtype=float), nan=np.inf)
    loss = np.nan_to_num(np.asarray(loss, dtype=float), nan=np.inf)
    first, second = (bias, loss) if criterion == "bias" else (loss, bias)
    # lexsort sorts by its last key first and is stable, so equal keys keep grid order.
    return int(np.lexsort((np.arange(bias.size), second, first))[0])


class LobagClassifier(VoteEnsembleMixin, ClassifierMixin, BaseEstimator):
    r"""Bagged ensemble of the base-learner setting of lowest out-of-bag bias.

    It votes as :class:`~mavl.ensemble.aggregating.RandomAggregatingClassifier` does: ``predict_proba``
    is the share of the members voting for each class, a tie settled as ``vote_ties`` settles it.

    Parameters
    ----------
    estimator : classifier or None, default=None
        Base learner; ``None`` means :class:`~sklearn.svm.SVC` with its defaults.
    param_grid : dict, list of dicts or None, default=None
        The parameter set :math:`\mathcal{A}`, as for :class:`~sklearn.model_selection.ParameterGrid`;
        ``None`` means :data:`~mavl.svm.lobag.DEFAULT_GRID`, a small grid over C. The thesis uses each
        kernel's chapter-4 grid (A16).
    n_estimators : int, default=10
        Number of bootstrap replicates B (the thesis uses 100).
    criterion : {"bias", "loss"}, default="bias"
        Setting kept: lowest OOB bias (Lobag) or lowest OOB loss (the standard bag of individually
        well-tuned learners, :math:`F_{Bag}`), see :func:`~mavl.svm.lobag.select_setting`.
    shared_bootstrap : bool, default=True
        Whether every setting uses the same bootstrap replicates (common random numbers, A28);
        otherwise each setting draws its own, as in the thesis's pseudo-code.
    main_prediction_ties : {"biased", "lowest_index"}, default="biased"
        Tie rule of the OOB main prediction (A15): a point with half its OOB votes correct is
        biased.
    vote_ties : {"decision_sum", "last_class"}, default="decision_sum"
        Tie rule of the ensemble's vote (A15).
    random_state : int, RandomState instance or None, default=None
        Seeds the bootstrap replicates and the members.

    Attributes
    ----------
    estimators_ : list of the B fitted members of the chosen setting
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    best_index_ : int
        Position of the chosen setting in ``oob_results_["params"]``.
    best_params_ : dict
    oob_error_ : float
        OOB error estimate of the ensemble: :math:`B_{min}` for ``criterion="bias"``,
        :math:`B_{Lmin}` for "loss".
    oob_results_ : dict of lists and arrays
        ``params`` and, per setting, the OOB ``error`` (single-member loss), ``bias``,
        ``net_variance``, ``unbiased_variance``, ``biased_variance`` and ``variance`` (§1.8).
        ``oob_results_["params"][argmin error]`` is :math:`\alpha_L`, the single model's setting.

    See Also
    --------
    mavl.RandomAggregatingClassifier : The bag of one setting: with ``max_samples=None``, the chosen
        setting and the same ``random_state``, Lobag's ensemble (``shared_bootstrap=True``).
    mavl.VoteBaggingClassifier : Bagging by majority vote, ties broken by the members' probabilities.
    mavl.svm.lobag.select_setting : The choice of the setting.
    mavl.bias_variance.domingos.oob_bias_variance : The out-of-bag bias and variance.

    References
    ----------
    Valentini, G. (2003). Ensemble methods based on bias–variance analysis. PhD thesis,
    DISI-TH-2003-04, §6.3 (spec valentini2003 §1.8–1.9).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl import LobagClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = LobagClassifier(param_grid={"C": [0.1, 10.0]}, n_estimators=10, random_state=0).fit(X, y)
    >>> clf.best_params_, round(clf.oob_error_, 3)
    ({'C': 10.0}, 0.02)
    >>> clf.predict_proba(X[[70]])                           # vote shares of the chosen bag
    array([[0. , 0.3, 0.7]])
    """

    _parameter_constraints = {
        "estimator": [HasMethods(["fit", "predict"]), None],
        "param_grid": [dict, list, None],
        "n_estimators": [Interval(numbers.Integral, 1, None, closed="left")],
        "criterion": [StrOptions({"bias", "loss"})],
        "shared_bootstrap": ["boolean"],
        "main_prediction_ties": [StrOptions(set(MAIN_PREDICTION_TIES))],
        "vote_ties": [StrOptions(set(VOTE_TIES))],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, *, param_grid=None, n_estimators=10, criterion="bias",
                 shared_bootstrap=True, main_prediction_ties="biased", vote_ties="decision_sum",
                 random_state=None):
        self.estimator = estimator
        self.param_grid = param_grid
        self.n_estimators = n_estimators
        self.criterion = criterion
        self.shared_bootstrap = shared_bootstrap
        self.main_prediction_ties = main_prediction_ties
        self.vote_ties = vote_ties
        self.random_state = random_state

    def _bag(self, base, params, X, y, seeds):
        """Members of one setting, their in-bag masks and their labels at their OOB points."""
        n = X.shape[0]
        estimator = clone(base).set_params(**params)         # never alter the user's estimator
        members, in_bag = [], np.zeros((len(seeds), n), dtype=bool)
        predictions = np.zeros((len(seeds), n), dtype=np.intp)      # in-bag entries are ignored
        for b, seed in enumerate(seeds):
            rows = sample_rows(seed, n, n)
            members.append(fit_member(estimator, X, y, rows, seed))
            in_bag[b, rows] = True
            oob = ~in_bag[b]
            if oob.any():
                predictions[b, oob] = members[-1].predict(X[oob])
        return members, in_bag, predictions

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y):
        """Bag every setting of the grid, estimate OOB bias and loss, keep the chosen setting's bag.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels, of at least two classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y_encoded = encode_targets(self, X, y)
        grid = list(ParameterGrid(DEFAULT_GRID if self.param_grid is None else self.param_grid))
        base = SVC() if self.estimator is None else self.estimator
        # With shared replicates, replicate b's seed is the one RandomAggregatingClassifier would
        # draw for member b, so the Lobag ensemble is exactly that bag of the chosen setting.
        # Unshared replicates get one stream per grid position; never per parameter value (A29).
        shared = draw_seeds(self.random_state, self.n_estimators) if self.shared_bootstrap else None
        master = None if self.shared_bootstrap else int(draw_seeds(self.random_state, 1)[0])
        classes = np.arange(self.classes_.size)
        results = {name: np.empty(len(grid)) for name in _OOB_COLUMNS}
        best = None
        for a, params in enumerate(grid):
            seeds = shared if self.shared_bootstrap else draw_seeds(
                int(np.random.SeedSequence([master, a]).generate_state(1)[0]), self.n_estimators)
            members, in_bag, predictions = self._bag(base, params, X, y_encoded, seeds)
            summary = oob_bias_variance(in_bag, predictions, y_encoded, classes=classes,
                                        ties=self.main_prediction_ties).summary
            for name in _OOB_COLUMNS:
                results[name][a] = summary[name]
            # Keep only the running choice's members; the choice over a prefix of the grid is the
            # choice over the whole grid restricted to it, so this equals selecting at the end.
            if select_setting(results["bias"][: a + 1], results["error"][: a + 1], self.criterion) == a:
                best = members
        self.best_index_ = select_setting(results["bias"], results["error"], self.criterion)
        self.best_params_ = grid[self.best_index_]
        self.oob_error_ = float(results["bias"][self.best_index_])
        self.oob_results_ = {"params": grid, **results}
        self.estimators_ = best
        return self
