"""The Bayes classifiers the chapter's demonstrations use (spec zaki-ch22 §2.11).

Full Bayes: class priors n_i/n, class means and MLE covariances (divided by n_i); naive Bayes: the
same with diagonal covariances. scikit-learn's ``GaussianNB`` is the naive one up to its variance
smoothing, and ``QuadraticDiscriminantAnalysis`` the full one up to its n_i − 1 covariances; the
tests compare them.
"""

import numpy as np
from scipy.special import logsumexp
from scipy.stats import multivariate_normal
from sklearn.base import BaseEstimator, ClassifierMixin

from .._ensemble import checked_X, encode_targets

__all__ = ["FullBayesClassifier", "NaiveBayesClassifier"]


class _GaussianBayes(ClassifierMixin, BaseEstimator):
    _diagonal = False

    def fit(self, X, y):
        """Estimate priors, means and (MLE) covariances per class.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The training input samples.
        y : array-like of shape (n_samples,)
            The class labels.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        X, y = encode_targets(self, X, y, two_classes=False)
        d = X.shape[1]
        self.priors_ = np.bincount(y) / y.size
        self.means_ = np.vstack([X[y == c].mean(axis=0) for c in range(self.classes_.size)])
        covs = []
        for c in range(self.classes_.size):
            centred = X[y == c] - self.means_[c]
            cov = centred.T @ centred / centred.shape[0]
            covs.append(np.diag(np.diag(cov)) if self._diagonal else cov)
        # A tiny ridge keeps a class with constant features (or one point) usable.
        self.covariances_ = np.array(covs) + 1e-9 * np.eye(d)
        return self

    def _joint_log(self, X):
        X = checked_X(self, X)
        return np.column_stack([
            multivariate_normal(self.means_[c], self.covariances_[c], allow_singular=True).logpdf(X)
            + np.log(self.priors_[c]) for c in range(self.classes_.size)]).reshape(X.shape[0], -1)

    def predict_log_proba(self, X):
        """Log posteriors (normalised joint log densities).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        log_proba : ndarray of shape (n_samples, n_classes)
            The log posteriors, columns in ``classes_`` order.
        """
        joint = self._joint_log(X)
        return joint - logsumexp(joint, axis=1, keepdims=True)

    def predict_proba(self, X):
        r"""Class posteriors :math:`P(c_i \mid x)`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            The posteriors, columns in ``classes_`` order.
        """
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        r""":math:`\operatorname{argmax}_i \log N(x \mid \mu_i, \Sigma_i) + \log P(c_i)`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The input samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            The predicted labels, from ``classes_``.
        """
        joint = self._joint_log(X)          # checks fitting before classes_ is read
        return self.classes_[joint.argmax(axis=1)]


class FullBayesClassifier(_GaussianBayes):
    """Gaussian class densities with full MLE covariances (the chapter's "full Bayes").

    Attributes
    ----------
    classes_, priors_, means_, covariances_, n_features_in_

    See Also
    --------
    mavl.assess.NaiveBayesClassifier : The same with diagonal covariances.
    sklearn.discriminant_analysis.QuadraticDiscriminantAnalysis : The same up to its
        :math:`n_i - 1` covariances.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl.assess import FullBayesClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> full = FullBayesClassifier().fit(X, y)
    >>> full.covariances_.shape                  # one d × d covariance per class
    (3, 4, 4)
    >>> round(full.score(X, y), 3)
    0.98
    """


class NaiveBayesClassifier(_GaussianBayes):
    """Gaussian class densities with diagonal MLE covariances (the chapter's naive Bayes).

    Attributes
    ----------
    classes_, priors_, means_, covariances_, n_features_in_

    See Also
    --------
    mavl.assess.FullBayesClassifier : The same with full covariances.
    sklearn.naive_bayes.GaussianNB : The same up to its variance smoothing.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from mavl.assess import NaiveBayesClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> naive = NaiveBayesClassifier().fit(X, y)
    >>> naive.covariances_[0].round(3)[0]        # diagonal: no covariance between features
    array([0.122, 0.   , 0.   , 0.   ])
    >>> round(naive.score(X, y), 3), naive.predict_proba(X[:1]).round(3)
    (0.96, array([[1., 0., 0.]]))
    """

    _diagonal = True
