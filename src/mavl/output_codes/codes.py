"""Coding matrices (spec james-ch2 §4.1).

A code matrix ``M`` has one row per class and one column per binary problem, with entries in
{-1, 0, +1}: +1 puts the class in super group one, -1 in super group two, and 0 leaves it out of
that column's problem (ternary codes of Allwein et al. 2000). The thesis's 0/1 matrix ``Z`` is
``(M + 1) / 2`` on the non-zero entries.
"""

import itertools
import warnings

import numpy as np

__all__ = [
    "CODE_FAMILIES",
    "all_pairs_code",
    "code_distance",
    "exhaustive_code",
    "identity_code",
    "make_code",
    "random_code",
    "row_distances",
    "searched_random_code",
    "to_zero_one",
]


def random_code(n_classes, n_columns, rng, zero_probability=0.0):
    """Random code matrix with i.i.d. entries (the thesis's Bernoulli(1/2) matrix by default).

    Columns are drawn one after another, so the first ``b`` columns of a matrix with more columns
    are exactly the matrix drawn with ``b`` columns from the same generator state. No column or
    row is rejected: constant columns are allowed (spec §4.1).

    Parameters
    ----------
    n_classes, n_columns : int
    rng : numpy.random.Generator
    zero_probability : float, default=0.0
        Probability of a 0 entry; the non-zero entries are ±1 with equal probability.

    Returns
    -------
    ndarray of shape (n_classes, n_columns), dtype int8
    """
    return _random_codes(1, n_classes, n_columns, rng, zero_probability)[0]


def identity_code(n_classes):
    """One-vs-rest code: +1 on the diagonal, -1 elsewhere."""
    return (2 * np.eye(n_classes, dtype=np.int8) - 1).astype(np.int8)


def exhaustive_code(n_classes):
    """All ``2**(k-1) - 1`` distinct non-constant columns, up to complement (Dietterich–Bakiri)."""
    columns = [
        (1,) + bits
        for bits in itertools.product((1, -1), repeat=n_classes - 1)
        if any(b == -1 for b in bits)
    ]
    return np.array(columns, dtype=np.int8).T


def to_zero_one(code):
    """The thesis's 0/1 matrix ``Z = (M + 1) / 2`` (0 entries become 0.5) and the non-zero mask."""
    code = np.asarray(code)
    return (code + 1) / 2.0, code != 0


def all_pairs_code(n_classes):
    """All-pairs code (Allwein et al. 2000, §3): one column per pair r1 < r2 in lexicographic order,
    +1 in row r1, −1 in row r2 and 0 elsewhere; k(k − 1)/2 columns."""
    pairs = list(itertools.combinations(range(n_classes), 2))
    code = np.zeros((n_classes, len(pairs)), dtype=np.int8)
    for s, (r1, r2) in enumerate(pairs):
        code[r1, s], code[r2, s] = 1, -1
    return code


def row_distances(code):
    r""":math:`\Delta(M(r_1), M(r_2)) = (\ell - M(r_1) \cdot M(r_2))/2` for every pair of rows: a (k, k)
    array (Eq. 6); a zero entry in either row costs ½."""
    code = np.asarray(code, dtype=np.int64)
    return (code.shape[1] - code @ code.T) / 2.0


def code_distance(code):
    """ρ, the smallest distance between two different rows of a code (Eq. 6)."""
    distances = row_distances(code)
    return float(distances[~np.eye(len(distances), dtype=bool)].min())


def _gram(codes, axis):
    """Inner products of every pair of rows (``axis=1``) or columns (``axis=2``) of a stack of codes
    (n_codes, k, ℓ). In float64, exact: the entries are small integers."""
    codes = codes.astype(np.float64)
    return codes @ codes.transpose(0, 2, 1) if axis == 1 else codes.transpose(0, 2, 1) @ codes


def _valid_dense(codes):
    # No two identical columns (the paper) and no constant column (ours); negated pairs are allowed.
    # Two ±1 columns are equal exactly when their inner product is k; one is constant when |sum| = k.
    k = codes.shape[1]
    constant = (np.abs(codes.sum(axis=1, dtype=np.int64)) == k).any(axis=1)
    gram = _gram(codes, axis=2)
    off_diagonal = ~np.eye(codes.shape[2], dtype=bool)
    return ~constant & ~((gram == k) & off_diagonal).any(axis=(1, 2))


def _valid_sparse(codes):
    # No all-zero row or column (the paper) and distinct rows (ours); one-sign columns are allowed.
    # Rows a, b are equal exactly when Σ (a − b)² = |a|² + |b|² − 2 a·b is 0 (entries in {−1, 0, 1}).
    nonzero = codes != 0
    gram = _gram(codes, axis=1)
    norms = np.diagonal(gram, axis1=1, axis2=2)
    apart = norms[:, :, None] + norms[:, None, :] - 2 * gram
    off_diagonal = ~np.eye(codes.shape[1], dtype=bool)
    distinct_rows = ~((apart == 0) & off_diagonal).any(axis=(1, 2))
    return nonzero.any(axis=1).all(axis=1) & nonzero.any(axis=2).all(axis=1) & distinct_rows


def _dense_columns_available(k):
    # Distinct non-constant ±1 columns of length k (a column and its negation both count).
    return 2**k - 2


#: family -> (columns for k classes, probability of a 0 entry, validity rule on a stack of codes),
#: spec allwein2000 §3.2.
RANDOM_FAMILIES = {
    "dense": (lambda k: int(np.ceil(10 * np.log2(k))), 0.0, _valid_dense),
    "sparse": (lambda k: int(np.ceil(15 * np.log2(k))), 0.5, _valid_sparse),
}

#: Draws held in memory at once by :func:`searched_random_code` (a few MB for k = 26).
_TRIALS_PER_BATCH = 500


def _random_codes(n_codes, n_classes, n_columns, rng, zero_probability):
    """``n_codes`` codes of :func:`random_code`, stacked (n_codes, k, ℓ), each drawn column after
    column: the same numbers, in the same order, as ``n_codes`` single draws."""
    one, minus_one = np.int8(1), np.int8(-1)
    if zero_probability > 0:
        draws = rng.random((n_codes, n_columns, n_classes, 2))
        signs = np.where(draws[..., 0] < 0.5, one, minus_one)
        signs[draws[..., 1] < zero_probability] = 0
    else:
        signs = np.where(rng.random((n_codes, n_columns, n_classes)) < 0.5, one, minus_one)
    return np.ascontiguousarray(signs.transpose(0, 2, 1))


def searched_random_code(n_classes, family, rng, n_trials=10_000):
    """The valid random code of largest ρ among ``n_trials`` draws (Allwein et al. 2000, §3).

    ``family`` is ``"dense"`` (⌈10 log2 k⌉ columns of ±1) or ``"sparse"`` (⌈15 log2 k⌉ columns, each
    entry 0 with probability ½, else ±1). Invalid draws count towards ``n_trials``; ties in ρ keep
    the first draw. The draws are judged in batches, the same draws as one at a time.

    Raises
    ------
    ValueError
        If no valid code can exist (dense codes for k ≤ 4 need more distinct non-constant columns
        than there are), or no draw is valid.
    """
    if family not in RANDOM_FAMILIES:
        raise ValueError(f"family must be one of {sorted(RANDOM_FAMILIES)}; got {family!r}.")
    n_columns, zero_probability, valid = RANDOM_FAMILIES[family]
    ell = n_columns(n_classes)
    if family == "dense" and ell > _dense_columns_available(n_classes):
        raise ValueError(
            f"no dense code exists for k = {n_classes}: it needs {ell} distinct non-constant ±1 "
            f"columns and only {_dense_columns_available(n_classes)} exist (dense codes need k ≥ 5); "
            "use 'complete', 'one_vs_all', 'all_pairs' or 'sparse'.")
    best, best_rho = None, -np.inf
    for start in range(0, n_trials, _TRIALS_PER_BATCH):
        codes = _random_codes(min(_TRIALS_PER_BATCH, n_trials - start), n_classes, ell, rng,
                              zero_probability)
        ok = valid(codes)
        if not ok.any():
            continue
        # ρ of every draw: the smallest (ℓ − M(r1)·M(r2))/2 over pairs of different rows (Eq. 6).
        gram = _gram(codes, axis=1)
        gram[:, np.eye(n_classes, dtype=bool)] = -np.inf
        rho = np.where(ok, (ell - gram.max(axis=(1, 2))) / 2.0, -np.inf)
        first = int(np.argmax(rho))
        if rho[first] > best_rho:
            best, best_rho = codes[first], float(rho[first])
    if best is None:
        raise ValueError(f"no valid {family} code for k = {n_classes} in {n_trials} draws.")
    return best


#: Code families by name; the random ones take ``(k, rng)``, the others ``(k)``.
CODE_FAMILIES = {
    "one_vs_all": identity_code,
    "all_pairs": all_pairs_code,
    "complete": exhaustive_code,
    "dense": lambda k, rng, n_trials=10_000: searched_random_code(k, "dense", rng, n_trials),
    "sparse": lambda k, rng, n_trials=10_000: searched_random_code(k, "sparse", rng, n_trials),
}


def make_code(code, n_classes, rng=None, n_columns=None, classes=None):
    """The code matrix named by ``code`` for ``n_classes`` classes, or ``code`` itself checked.

    Parameters
    ----------
    code : str or array-like of shape (n_classes, ℓ)
        A key of :data:`CODE_FAMILIES` (``"one_vs_all"``, ``"all_pairs"``, ``"complete"``,
        ``"dense"``, ``"sparse"``), one of the thesis's names ``"identity"`` (= one-vs-all),
        ``"exhaustive"`` (= complete) and ``"random"`` (``n_columns`` i.i.d. ±1 columns), or a
        matrix with entries in {−1, 0, +1}.
    n_classes : int
    rng : numpy.random.Generator or None
        Needed by the random families.
    n_columns : int or None
        Number of columns of ``"random"``.
    classes : array-like of shape (n_classes,) or None
        Labels of the rows, to name them in the warning about a given matrix's duplicate rows.

    Returns
    -------
    ndarray of shape (n_classes, ℓ), dtype int8

    Raises
    ------
    ValueError
        If a given matrix has the wrong shape or an entry outside {−1, 0, +1}. A given matrix with
        two equal rows (classes the code cannot tell apart) is accepted with a UserWarning.
    """
    if isinstance(code, str):
        if code in ("identity", "one_vs_all"):
            return identity_code(n_classes)
        if code in ("exhaustive", "complete"):
            return exhaustive_code(n_classes)
        if code == "all_pairs":
            return all_pairs_code(n_classes)
        if code == "random":
            return random_code(n_classes, n_columns, rng)
        if code in RANDOM_FAMILIES:
            return searched_random_code(n_classes, code, rng)
        raise ValueError(f"unknown code family {code!r}; expected one of {CODE_NAMES} or a matrix.")
    matrix = np.asarray(code)
    if matrix.ndim != 2 or matrix.shape[0] != n_classes:
        raise ValueError(f"code must have shape (n_classes={n_classes}, ℓ); got shape {matrix.shape}.")
    outside = ~np.isin(matrix, (-1, 0, 1))
    if outside.any():
        raise ValueError(f"code entries must be -1, 0 or +1; got {np.unique(matrix[outside]).tolist()}.")
    _warn_equal_rows(matrix, classes)
    return matrix.astype(np.int8)


def _warn_equal_rows(matrix, classes):
    # Classes with the same code word get the same distances, so only tie-breaking tells them apart.
    _, first, word = np.unique(matrix, axis=0, return_index=True, return_inverse=True)
    word = word.ravel()
    labels = np.arange(len(matrix)) if classes is None else np.asarray(classes)
    shared = [labels[word == w].tolist() for w in np.argsort(first) if np.sum(word == w) > 1]
    if shared:
        warnings.warn(f"code has equal rows: the {'rows' if classes is None else 'classes'} "
                      f"{'; '.join(map(str, shared))} share a code word.", UserWarning, stacklevel=3)


#: Every name :func:`make_code` accepts.
CODE_NAMES = ("one_vs_all", "all_pairs", "complete", "dense", "sparse", "identity", "exhaustive",
              "random")
