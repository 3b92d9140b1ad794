"""The staged methods of the ECOC family, for column learners that are staged ensembles, and the
labels of its column prefixes.

When each column's learner is a boosted ensemble (such as
:class:`~mavl.ensemble.threshold_boosting.DiscreteAdaBoostClassifier`), stage t of the output code decodes
every column's learner after its t-th round, as scikit-learn's ``staged_*`` methods read a boosted
ensemble after each round. Prefixes of the columns are a different axis: ``decode_prefixes`` (class
indices), ``decode_prefix_labels`` and ``predict_prefixes`` (labels).
"""

import numpy as np
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_is_fitted, validate_data

from .._ensemble import two_class_decision
from ..random import argmax_random_ties
from ._columns import ConstantColumn
from .decoders import PROBABILITY_DECODERS

__all__ = ["PrefixLabelsMixin", "StagedDecodingMixin", "has_predict_proba", "staged_column_outputs"]


def has_predict_proba(estimator):
    """The decoders whose class scores are probabilities, or map to them (``_proba``)."""
    return estimator._decoder_name() in ("substitution", "loss_logistic")


def _has_staged_proba(estimator):
    return _has_stages(estimator) and has_predict_proba(estimator)


def _has_stages(estimator):
    """The staged methods need a decoder of column outputs alone and column learners with stages."""
    name = estimator._decoder_name()
    learner = estimator._default_estimator() if estimator.estimator is None else estimator.estimator
    if name in ("centroid", "substitution"):
        raise AttributeError(f"the {name} decoder has no stages: it reads training statistics of the "
                             "final column learners.")
    method = ("staged_predict_proba" if name in PROBABILITY_DECODERS
              or not hasattr(learner, "decision_function") else "staged_decision_function")
    if not hasattr(learner, method):
        raise AttributeError(f"staged predictions read the column learners' {method}, which "
                             f"{type(learner).__name__} does not have.")
    return True


class StagedDecodingMixin:
    """``staged_decision_function``, ``staged_predict`` and ``staged_predict_proba`` of an
    output-code classifier.

    Offered (``available_if``) when the decoder reads the column outputs alone (not Centroid or
    Substitution) and the column learner has the staged method that decoder reads; otherwise they
    raise an AttributeError that says why (``staged_predict_proba`` also needs a decoder with
    ``predict_proba``). The class gives ``_decoder_name()``, ``_default_estimator()``,
    ``_all_columns(name, P, F)`` (class scores of every column), ``_proba(scores)`` and
    ``_tie_keys(X)``.
    """

    @available_if(_has_stages)
    def staged_decision_function(self, X):
        """Class scores after each round of the column learners; the last is ``decision_function``.

        Yields
        ------
        scores : ndarray of shape (n_samples, n_classes), or (n_samples,) for two classes
            The second class's score minus the first's with two classes, as scikit-learn expects.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        for scores in self._staged_scores(X):
            yield two_class_decision(scores)

    @available_if(_has_stages)
    def staged_predict(self, X):
        """Predicted labels after each round of the column learners; the last is ``predict``.

        Yields
        ------
        y : ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        keys = self._tie_keys(X)
        for scores in self._staged_scores(X):
            yield self.classes_[argmax_random_ties(scores, keys)]

    @available_if(_has_staged_proba)
    def staged_predict_proba(self, X):
        """``predict_proba`` after each round of the column learners (``decoder="loss_logistic"``).

        Yields
        ------
        proba : ndarray of shape (n_samples, n_classes)
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        for scores in self._staged_scores(X):
            yield self._proba(scores)

    def _staged_scores(self, X):
        name = self._decoder_name()
        proba = name in PROBABILITY_DECODERS
        for out in staged_column_outputs(self.estimators_, X, proba):
            yield self._all_columns(name, *((out, None) if proba else (None, out)))


class PrefixLabelsMixin:
    """The labels of ``decode_prefixes``, which returns indices into ``classes_``."""

    def decode_prefix_labels(self, X, sizes, decoders=None):
        """Labels predicted by the first B columns, for each B and each decoder: ``decode_prefixes``
        with its class indices i read as ``classes_[i]``.

        Returns
        -------
        dict
            ``{decoder: ndarray of shape (len(sizes), n_samples)}`` of labels. A decoder with an
            undefined prediction (Regression with B < n_classes, -1 in ``decode_prefixes``) raises
            a ValueError.
        """
        indices, _ = self.decode_prefixes(X, sizes, decoders)
        if any((index < 0).any() for index in indices.values()):
            raise ValueError("regression decoding is undefined for B < n_classes.")
        return {name: self.classes_[index] for name, index in indices.items()}

    def predict_prefixes(self, X, sizes):
        """Predicted labels of the first B columns for each B: shape (len(sizes), n_samples)."""
        return self.decode_prefix_labels(X, sizes)[self._decoder_name()]


def staged_column_outputs(learners, X, proba):
    """Every column's output after each round of its learner: a generator of (n_samples, n_columns).

    Round t reads each learner's t-th stage, p̂ (``staged_predict_proba``) if ``proba``, else f
    (``staged_decision_function``, or 2p̂ − 1 for a learner without ``decision_function``, as
    :func:`mavl.output_codes._columns.column_outputs` does). A learner with fewer rounds stays at its last
    stage, and a constant column at its constant.
    """
    fitted = [learner for learner in learners if not isinstance(learner, ConstantColumn)]
    as_proba = proba or (bool(fitted) and not hasattr(fitted[0], "decision_function"))
    current = np.empty((X.shape[0], len(learners)))
    stages = {}
    for j, learner in enumerate(learners):
        if isinstance(learner, ConstantColumn):
            current[:, j] = learner.probability if as_proba else learner.value
        else:
            stages[j] = learner.staged_predict_proba(X) if as_proba else learner.staged_decision_function(X)
    while True:
        moved = False
        for j, stage in stages.items():
            out = next(stage, None)
            if out is not None:
                current[:, j], moved = _stage_output(learners[j], out, as_proba), True
        if not moved:
            return
        yield current.copy() if proba or not as_proba else 2.0 * current - 1.0


def _stage_output(learner, out, as_proba):
    """Super group one's p̂, or f from a decision of shape (n,) or (n, 2) (mavl's boosting engine)."""
    if as_proba:
        return out[:, np.flatnonzero(learner.classes_ == 1)[0]]
    return out if out.ndim == 1 else out[:, 1] - out[:, 0]
