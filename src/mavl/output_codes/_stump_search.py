"""The stump searches of AdaBoost.MO (:mod:`.adaboost_mo`): each scores every candidate split of a
round, "no split" first, then by feature and threshold. ``needs_R`` says whether ``scores`` reads
the dense (m, ℓ) matrix R = D ⊙ M[y] (else it reads D itself)."""

import numpy as np
from scipy import sparse


def _midpoints(lo, hi):
    """(lo + hi)/2 for lo < hi, halved first so that huge sentinels do not overflow; where no float
    lies strictly between them, ``lo`` itself, so that ``x <= θ`` still separates the two."""
    mid = 0.5 * lo + 0.5 * hi
    return np.where((mid >= lo) & (mid < hi), mid, lo)


def _feature_bins(column):
    """One feature's bins: (row of each example's bin, bin sizes, the most populated bin ``top``,
    the thresholds between consecutive bins). Bin b's row within the feature: bins below ``top`` in
    order, then those above it from the largest value down; ``top`` itself gets no row (-1)."""
    values, inverse, counts = np.unique(column, return_inverse=True, return_counts=True)
    n, top = values.size, int(np.argmax(counts))
    row_of_bin = np.concatenate([np.arange(top), [-1], top + np.arange(n - 2 - top, -1, -1)])
    return row_of_bin[inverse.ravel()], counts, top, _midpoints(values[:-1], values[1:])


class _Search:
    """What every route shares: ``scores(pairs, R)`` scores the candidates of a round, and
    :meth:`observe` sees the round's split before its update."""

    needs_R = True

    def observe(self, pairs, side):
        """Nothing to keep by default: each round is scored afresh."""


class _BinnedSearch(_Search):
    """Stump search on per-feature bins of distinct values (``algorithm="binned"``).

    At fit start each feature's values are ranked into bins, and the bins of a group of features
    become one sparse indicator S (rows × m). A round's per-bin sums of R are S @ R, and cumulative
    sums over each feature's bins give one side's r for every threshold at once; the other side is
    the column total minus it. Each feature's most populated bin is left out of S, since its sum is
    implied by the totals: thresholds below it read prefix sums of the bins before it, thresholds
    above it suffix sums of the bins after it (for a one-hot feature this skips most rows). For
    codes with zeros the product is taken per class, S[:, class c] @ D_c (d·|P| instead of m·d·ℓ
    multiply-adds), when that is cheaper; R is then never formed.
    """

    BUDGET = 1 << 21  # rows × ℓ entries per group of features, bounding the temporaries

    def __init__(self, X, pairs):
        m, d = X.shape
        ell = pairs.code.shape[1]
        rows, thresholds, features, nnz = [], [[np.inf]], [[0]], 0
        n_rows, tops = np.zeros(d, dtype=np.intp), np.zeros(d, dtype=np.intp)
        for j in range(d):
            row, counts, top, between = _feature_bins(X[:, j])
            n = counts.size
            rows.append(row)
            n_rows[j], tops[j], nnz = n - 1, top, nnz + m - counts[top]
            thresholds.append(between)
            features.append(np.full(n - 1, j))
        self.thresholds = np.concatenate(thresholds)
        self.features = np.concatenate(features).astype(np.intp)
        self.per_class = self._use_per_class(pairs, nnz, n_rows.sum(), m)
        self.needs_R = not self.per_class
        self.groups, start = [], 0
        while start < d:
            stop = start + 1
            while stop < d and n_rows[start:stop + 1].sum() * ell <= self.BUDGET:
                stop += 1
            self.groups.append(self._group(rows[start:stop], n_rows[start:stop], tops[start:stop], m, pairs))
            start = stop

    @staticmethod
    def _use_per_class(pairs, nnz, n_rows, m):
        """Per-class products when their estimated cost undercuts the dense product's, which also
        forms R: multiply-adds, ~3 operations per element scattered into B, ~10⁴ per Python call
        (rough constants measured on satimage and letter)."""
        widths = np.array([cols.size for cols in pairs.cols])
        calls = len(widths) * max(1, n_rows * pairs.code.shape[1] // _BinnedSearch.BUDGET)
        per_class = nnz * pairs.n_pairs / m + 3 * n_rows * widths.sum() + 10_000 * calls
        return bool(per_class < (nnz + m) * pairs.code.shape[1])

    def _group(self, rows, n_rows, tops, m, pairs):
        offsets = np.concatenate([[0], np.cumsum(n_rows)])
        kept = [r >= 0 for r in rows]
        # Column-major, so the product streams R row by row (sample by sample) and scatters into
        # the few rows of the result, instead of gathering rows of R at random (4× faster at ℓ = 511).
        S = sparse.csc_array(
            (np.ones(sum(int(k.sum()) for k in kept)),
             (np.concatenate([r[k] + o for r, k, o in zip(rows, kept, offsets, strict=False)]),
              np.concatenate([np.flatnonzero(k) for k in kept]))),
            shape=(offsets[-1], m),
        )
        if self.per_class:
            S = [S[:, pairs.bounds[c]:pairs.bounds[c + 1]] for c in range(len(pairs.cols))]
        # Each feature's rows form two segments, [o, o + t) (bins below the top bin t, in order)
        # and [o + t, o + n) (bins above it, from the largest value down); a cumulative sum within
        # a segment gives, at the row of bin q < t, the sum of bins ≤ q (one side of threshold q),
        # and at the row of bin b > t the sum of bins ≥ b (one side of threshold b − 1).
        segments = [(o + lo, o + hi) for o, n, t in zip(offsets, n_rows, tops, strict=False)
                    for lo, hi in ((0, t), (t, n)) if hi > lo]
        row_of_threshold = np.concatenate([np.where(q < t, o + q, o + t + n - 1 - q) for q, o, n, t
                                           in zip(map(np.arange, n_rows), offsets, n_rows, tops,
                                                  strict=False)])
        segment_base = np.repeat([a for a, _ in segments], [b - a for a, b in segments])
        return S, offsets[-1], segments, segment_base.astype(np.intp), row_of_threshold

    def scores(self, pairs, R):
        """Σ_b Σ_s |r_{b,s}| of every candidate; ``R`` is the dense R, or None in per-class mode."""
        ell = pairs.code.shape[1]
        if self.per_class:
            totals = np.zeros(ell)
            for block, cols, signs in zip(pairs.blocks, pairs.cols, pairs.row_signs, strict=True):
                totals[cols] += block.sum(axis=0) * signs
        else:
            totals = R.sum(axis=0)
        out = [np.array([np.abs(totals).sum()])]
        for S, n_rows, segments, segment_base, row_of_threshold in self.groups:
            if self.per_class:
                side = np.zeros((n_rows, ell))
                for S_c, block, cols, signs in zip(S, pairs.blocks, pairs.cols, pairs.row_signs,
                                                   strict=True):
                    if cols.size:
                        side[:, cols] += (S_c @ block) * signs
            else:
                side = S @ R
            if len(segments) * 64 > n_rows:
                # Many short segments: one cumulative sum, then each row minus its segment's base,
                # is cheaper than a call per segment.
                cum = np.zeros((n_rows + 1, ell))
                np.cumsum(side, axis=0, out=cum[1:])
                np.subtract(cum[1:], cum[segment_base], out=side)
            else:
                for a, b in segments:
                    np.cumsum(side[a:b], axis=0, out=side[a:b])
            other = totals - side
            np.abs(side, out=side)
            side += np.abs(other, out=other)
            # Row sums in numpy's own loop, not BLAS: the same bits on every CPU (.adaboost_mo).
            out.append(np.einsum("ij->i", side, optimize=False)[row_of_threshold])
        return np.concatenate(out)


class _CompiledSearch(_Search):
    """Stump search on histograms kept from round to round (``algorithm="compiled"``,
    :mod:`._stump_kernel`).

    Each feature's values are ranked into bins once and the bins given histogram rows as in
    :class:`_BinnedSearch` (the most populated bin none; bins below it ascending, then those above
    it from the largest value down); a row holds the sums of D over its bin, class by class over
    the class's columns. The thresholds are scored from cumulative sums of the rows. The histogram
    is not summed again each round: Eq. 13 multiplies D(i, s) by a factor that depends only on
    y_i, s and the side of x_i, so the new histogram is the old one with each side's share
    rescaled, and only the smaller side's rows are summed (:meth:`observe`). Every
    :data:`REFRESH` rounds it is summed whole, so that rounding cannot drift: the scores differ from
    the other routes' by a few units of 1e-16 (sums in another order), far inside ``TIE_RTOL``.
    """

    needs_R = False
    REFRESH = 64

    def __init__(self, X, pairs):
        m, d = X.shape
        self.bin_row = np.empty((m, d), dtype=np.intp)
        thresholds, features, threshold_of_row, segment_ptr = [[np.inf]], [[0]], [], [0]
        offset = 0
        for j in range(d):
            row, counts, top, between = _feature_bins(X[:, j])
            n = counts.size
            self.bin_row[:, j] = np.where(row >= 0, row + offset, -1)
            # Row top + u (u = 0, 1, ...) holds bin n − 1 − u, the right side of threshold n − 2 − u.
            threshold_of_row.append(1 + offset + np.concatenate([np.arange(top),
                                                                 np.arange(n - 2, top - 1, -1)]))
            segment_ptr.extend(([offset + top] if top > 0 else [])
                               + ([offset + n - 1] if n - 1 > top else []))
            thresholds.append(between)
            features.append(np.full(n - 1, j))
            offset += n - 1
        self.thresholds = np.concatenate(thresholds)
        self.features = np.concatenate(features).astype(np.intp)
        self.threshold_of_row = np.concatenate(threshold_of_row).astype(np.intp)
        self.segment_ptr = np.array(segment_ptr, dtype=np.intp)
        widths = np.diff(pairs.col_ptr)
        self.row_class = np.repeat(np.arange(widths.size), np.diff(pairs.bounds)).astype(np.intp)
        within = np.arange(m) - pairs.bounds[self.row_class]          # row's place in its class
        self.row_start = (pairs.block_start[self.row_class] + within * widths[self.row_class]).astype(np.intp)
        self._choose_slots(pairs, visits=int((self.bin_row >= 0).sum()), n_rows=offset)
        self.hist = np.empty((offset, self.slot_column.size))
        self.part = np.empty_like(self.hist)
        self._no_factors = np.ones((2, self.slot_column.size))     # the rows are current: no update
        self._rounds, self._part_side = 0, None

    def _choose_slots(self, pairs, visits, n_rows):
        """The histogram's columns ("slots"): one per class and column (a row adds its weights in one
        contiguous run), or one per column and sign of M(c, s) (2ℓ slots, since Eq. 13's factor
        depends on the class only through that sign; a row's adds are scattered, about 3x slower).
        Each round rescales and scores every slot of every row (3 operations) and sums the smaller
        side's rows again (about a third of the visits): the cheaper of the two by that count."""
        ell, width = pairs.code.shape[1], int(pairs.col_ptr[-1])
        per_row = pairs.n_pairs / self.row_class.size
        by_class = visits / 3 * per_row + 3 * n_rows * width
        by_sign = visits / 3 * per_row * 3 + 3 * n_rows * 2 * ell
        self.use_slots(pairs, by_sign=by_sign < by_class)

    def use_slots(self, pairs, by_sign):
        """Histogram slots by class and column, or by column and sign of M(c, s) (``by_sign``)."""
        ell = pairs.code.shape[1]
        if by_sign:
            self.slot = ((pairs.flat_signs < 0) * ell + pairs.flat_cols).astype(np.intp)
            self.slot_column = np.tile(np.arange(ell, dtype=np.intp), 2)
            self.slot_sign = np.repeat([1.0, -1.0], ell)
        else:
            self.slot, self.slot_column, self.slot_sign = None, pairs.flat_cols, pairs.flat_signs

    def _slot_factors(self, pairs):
        """(2, slots): each slot's factor of Eq. 13 for a row on the left (0) and the right (1).
        A slot no class uses (a column with no M(c, s) of that sign) holds zeros, which any finite
        factor keeps: 1 (never the memory np.empty leaves, which may be a NaN)."""
        flat = pairs.last_factors.reshape(-1)
        out = np.ones((2, self.slot_column.size))
        for c in range(len(pairs.cols)):
            a, b = pairs.col_ptr[c], pairs.col_ptr[c + 1]
            targets = np.arange(a, b) if self.slot is None else self.slot[a:b]
            out[:, targets] = flat[2 * a:2 * b].reshape(2, b - a)
        return out

    def scores(self, pairs, R):
        # Imported here, not at the top: numba's import and the kernels' loading are paid only by
        # the fits that take this route.
        from ._stump_kernel import column_totals, threshold_scores

        if self._rounds % self.REFRESH == 0:
            self._histogram(pairs, np.ones(self.row_class.size, dtype=bool), self.hist)
            part_side, factors = -1, self._no_factors
        else:
            part_side, factors = self._part_side, self._slot_factors(pairs)
        self._rounds += 1
        totals = pairs.totals
        if totals is None:
            totals = np.empty(pairs.code.shape[1])
            column_totals(pairs.flat_weights, pairs.block_start, pairs.bounds, pairs.col_ptr, pairs.flat_cols,
                          pairs.flat_signs, totals)
        out = np.empty(self.thresholds.size)
        out[0] = np.abs(totals).sum()
        threshold_scores(self.hist, self.part, factors, part_side, self.slot_column, self.slot_sign, totals,
                         self.segment_ptr, self.threshold_of_row, out)
        return out

    def _histogram(self, pairs, chosen, out):
        from ._stump_kernel import histogram

        histogram(pairs.flat_weights, self.row_start, self.row_class, pairs.col_ptr, self.slot, self.bin_row,
                  chosen, out)

    def observe(self, pairs, side):
        """Before the round's update: the histogram of the smaller side of the round's split
        (``side``, True on the right), which the next :meth:`scores` rescales by the update."""
        if self._rounds % self.REFRESH == 0:
            return                      # the next round sums the histogram whole
        self._part_side = int(2 * np.count_nonzero(side) <= side.size)
        self._histogram(pairs, side if self._part_side else ~side, self.part)


class _NaiveSearch(_Search):
    """Stump search by cumulative sums in each feature's sorted order (``algorithm="naive"``)."""

    def __init__(self, X):
        self.orders, self.cuts, thresholds, features = [], [], [np.inf], [0]
        for j in range(X.shape[1]):
            order = np.argsort(X[:, j], kind="stable")
            xs = X[order, j]
            cut = np.flatnonzero(xs[:-1] < xs[1:])  # last row of the left side of each threshold
            self.orders.append(order)
            self.cuts.append(cut)
            thresholds.extend(_midpoints(xs[cut], xs[cut + 1]))
            features.extend([j] * cut.size)
        self.thresholds = np.array(thresholds)
        self.features = np.array(features, dtype=np.intp)

    def scores(self, pairs, R):
        out = [np.array([np.abs(R.sum(axis=0)).sum()])]
        for order, cut in zip(self.orders, self.cuts, strict=True):
            cum = np.cumsum(R[order], axis=0)
            left = cum[cut]
            right = cum[-1] - left
            out.append(np.abs(left).sum(axis=1) + np.abs(right).sum(axis=1))
        return np.concatenate(out)
