"""The compiled loops of AdaBoost.MO's rounds (``algorithm="compiled"``, :mod:`.adaboost_mo`).

The weights D over P are held as in :class:`.adaboost_mo._Pairs`: one flat array, class by class,
each class c a dense (m_c, |J_c|) block over its columns J_c. Numba compiles these loops once per
machine and caches the machine code beside this file (or in numba's user cache where that is
read-only). No ``fastmath``: LLVM then neither reorders the sums nor fuses a multiply and an add, so
every CPU adds the same numbers in the same order and the results have the same bits whatever
instructions the code is compiled to (``tests/library/test_adaboost_mo.py`` compiles them for two
CPUs and compares; the workflow pins the CPU name all the same, as it pins OpenBLAS's kernels:
:func:`mavl.reproduction.environment.pinned_kernels`).
"""

import numba
import numpy as np


@numba.njit(cache=True, nogil=True, inline="always")
def _add(out, values):
    """out += values, element by element. Loops index slices by ``range``, never by a sum of
    offsets: numba then knows the index is not negative, skips the wrap-around test and LLVM
    vectorises the loop (4x faster on satimage)."""
    for k in range(out.size):
        out[k] += values[k]


@numba.njit(cache=True, nogil=True)
def histogram(weights, row_start, row_class, col_ptr, slot, bin_row, chosen, hist):
    """hist[h, slot] = Σ D(i, s) over the ``chosen`` rows i of histogram row h's bin and the pairs
    (i, s) of that slot.

    Histogram row h is one bin of one feature, and ``bin_row[i, j]`` is row i's histogram row for
    feature j (-1 for the feature's most populated bin, which is never summed). Pair (i, s) of
    class c, the k-th of its columns, goes to slot ``slot[col_ptr[c] + k]``; with ``slot`` None,
    to column ``col_ptr[c] + k`` (each class its own slots, a contiguous add). Each row's weights
    (``weights[row_start[i]:]``, |J_c| values) are read once, in storage order. (Taking the features
    in groups whose rows fit in a core's cache was slower: it reads the weights once a group.)
    """
    hist[:] = 0.0
    for i in range(row_class.size):
        if not chosen[i]:
            continue
        c = row_class[i]
        a, w = col_ptr[c], col_ptr[c + 1] - col_ptr[c]
        values = weights[row_start[i]:row_start[i] + w]
        for h in bin_row[i]:
            if h < 0:
                continue
            if slot is None:
                _add(hist[h, a:a + w], values)
            else:
                row, targets = hist[h], slot[a:a + w]
                for k in range(w):
                    row[targets[k]] += values[k]


@numba.njit(cache=True, nogil=True)
def threshold_scores(hist, part, factors, part_side, slot_column, slot_sign, totals, segment_ptr,
                     threshold_of_row, out):
    """Score every threshold: ``out[threshold_of_row[h]]`` for each histogram row h.

    A segment of histogram rows (``segment_ptr``; the segments cover every row) is one side of a
    run of thresholds, bins in the order that side grows; its running sums r_s = Σ M(c, s) D(i, s)
    (slot q holds pairs of column ``slot_column[q]`` whose M(c, s) is ``slot_sign[q]``) score each
    threshold: Σ_s |r_s| + |total_s − r_s|.

    With ``part_side`` 0 or 1 each row is first brought up to date with Eq. 13's update, from the
    row before it and ``part``, its share of the rows on side ``part_side``:
    hist ← f[other side] (hist − part) + f[part_side] part, where ``factors`` (2, slots) holds each
    slot's factor for a row on either side. With ``part_side`` -1 the rows are already current.
    """
    ell, width = totals.size, slot_column.size
    side = np.empty(ell)
    mine, other = factors[max(part_side, 0)], factors[1 - max(part_side, 0)]
    for g in range(segment_ptr.size - 1):
        side[:] = 0.0
        for h in range(segment_ptr[g], segment_ptr[g + 1]):
            row = hist[h]
            if part_side >= 0:
                share = part[h]
                for q in range(width):
                    row[q] = other[q] * (row[q] - share[q]) + mine[q] * share[q]
            for q in range(width):
                side[slot_column[q]] += row[q] * slot_sign[q]
            score = 0.0
            for s in range(ell):
                score += abs(side[s]) + abs(totals[s] - side[s])
            out[threshold_of_row[h]] = score


@numba.njit(cache=True, nogil=True)
def side_sums(weights, block_start, bounds, col_ptr, right, out):
    """W_c[b] = Σ_{i ∈ class c, side b} D(i, ·) for every class c with |J_c| ≥ 2, into
    ``out[2 col_ptr[c]:]`` as (2, |J_c|); rows added one by one in order (numpy's einsum order for
    such blocks, so both routes get the same bits)."""
    for c in range(bounds.size - 1):
        w = col_ptr[c + 1] - col_ptr[c]
        if w < 2:
            continue
        base = 2 * col_ptr[c]
        out[base:base + 2 * w] = 0.0
        for i in range(bounds[c], bounds[c + 1]):
            start = block_start[c] + (i - bounds[c]) * w
            o = base + w if right[i] else base
            _add(out[o:o + w], weights[start:start + w])


@numba.njit(cache=True, nogil=True)
def _pairwise_sum(a, lo, n):
    """Σ a[lo:lo + n] in numpy's order for ``ndarray.sum()`` of contiguous float64 (pairwise, in
    blocks of up to 128 with eight running sums), so that the compiled route's ε and Z have the
    product route's bits."""
    if n < 8:
        total = 0.0
        for i in range(lo, lo + n):
            total += a[i]
        return total
    if n <= 128:
        r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
        r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
        i = 8
        while i < n - n % 8:
            r0 += a[lo + i]
            r1 += a[lo + i + 1]
            r2 += a[lo + i + 2]
            r3 += a[lo + i + 3]
            r4 += a[lo + i + 4]
            r5 += a[lo + i + 5]
            r6 += a[lo + i + 6]
            r7 += a[lo + i + 7]
            i += 8
        total = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        while i < n:
            total += a[lo + i]
            i += 1
        return total
    half = n // 2
    half -= half % 8
    return _pairwise_sum(a, lo, half) + _pairwise_sum(a, lo + half, n - half)


@numba.njit(cache=True, nogil=True)
def stump_error(sums, col_ptr, cols, code_signs, ell, no_split, signs, missed):
    """The stump's signs c_{b,s} = sign r_{b,s} (``signs``, (2, ℓ)), which pairs it misses
    (``missed``, 1.0 or 0.0, laid out as ``sums``) and its error ε = Σ_c Σ W_c · missed_c.

    ``sums`` holds W_c[b] = Σ_{i ∈ class c, side b} D(i, ·) class by class, each (2, |J_c|) from
    ``2 col_ptr[c]``; ``cols`` and ``code_signs`` hold J_c and M(c, J_c). Every sum is taken in the
    order of the product route's numpy code (:meth:`.adaboost_mo._Pairs.boost`): the same bits.
    """
    r = np.zeros((2, ell))
    for c in range(col_ptr.size - 1):
        a, w = col_ptr[c], col_ptr[c + 1] - col_ptr[c]
        for b in range(2):
            for k in range(w):
                r[b, cols[a + k]] += sums[2 * a + b * w + k] * code_signs[a + k]
    for b in range(2):
        for s in range(ell):
            signs[b, s] = 1 if r[0 if no_split else b, s] >= 0 else -1   # sign(0) := +1; no split: one side
    products = np.empty(sums.size)
    epsilon = 0.0
    for c in range(col_ptr.size - 1):
        a, w = col_ptr[c], col_ptr[c + 1] - col_ptr[c]
        for b in range(2):
            for k in range(w):
                miss = code_signs[a + k] != signs[b, cols[a + k]]
                missed[2 * a + b * w + k] = 1.0 if miss else 0.0
                products[2 * a + b * w + k] = sums[2 * a + b * w + k] * missed[2 * a + b * w + k]
        epsilon += _pairwise_sum(products, 2 * a, 2 * w)
    return epsilon


@numba.njit(cache=True, nogil=True)
def update_factors(sums, col_ptr, missed, up, down, factors):
    """Eq. 13's factors f/Z into ``factors`` (laid out as ``sums``): f = ``up`` (e^α) on the pairs
    the stump misses, ``down`` (e^−α) elsewhere, Z = Σ_c Σ W_c · f_c in numpy's order."""
    products = np.empty(sums.size)
    z = 0.0
    for c in range(col_ptr.size - 1):
        a, w = col_ptr[c], col_ptr[c + 1] - col_ptr[c]
        for k in range(2 * a, 2 * a + 2 * w):
            factors[k] = up if missed[k] else down
            products[k] = sums[k] * factors[k]
        z += _pairwise_sum(products, 2 * a, 2 * w)
    for k in range(factors.size):
        factors[k] /= z


@numba.njit(cache=True, nogil=True)
def column_totals(weights, block_start, bounds, col_ptr, cols, code_signs, totals):
    """totals_s = Σ_i D(i, s) M(y_i, s), the margin weight of every column (no split's sides)."""
    totals[:] = 0.0
    class_sums = np.zeros(cols.size)
    for c in range(bounds.size - 1):
        a, w = col_ptr[c], col_ptr[c + 1] - col_ptr[c]
        for i in range(bounds[c], bounds[c + 1]):
            start = block_start[c] + (i - bounds[c]) * w
            _add(class_sums[a:a + w], weights[start:start + w])
    for k in range(cols.size):
        totals[cols[k]] += class_sums[k] * code_signs[k]


@numba.njit(cache=True, nogil=True)
def updated_totals(sums, factors, col_ptr, cols, code_signs, totals):
    """:func:`column_totals` after the update, from the sums before it: Σ_c M(c, s) Σ_b W_c[b] f_c[b]
    (no pass over the rows; the scores only need it to within rounding)."""
    totals[:] = 0.0
    for c in range(col_ptr.size - 1):
        a, w = col_ptr[c], col_ptr[c + 1] - col_ptr[c]
        for k in range(w):
            left, right = 2 * a + k, 2 * a + w + k
            after = sums[left] * factors[left] + sums[right] * factors[right]
            totals[cols[a + k]] += after * code_signs[a + k]


@numba.njit(cache=True, nogil=True)
def reweight(weights, block_start, bounds, col_ptr, right, factors):
    """D(i, ·) *= factors_c[b(i)] for every row i of class c on side b(i) (Eq. 13's update with its
    normaliser already divided in); ``factors[2 col_ptr[c]:]`` holds class c's (2, |J_c|)."""
    for c in range(bounds.size - 1):
        w = col_ptr[c + 1] - col_ptr[c]
        base = 2 * col_ptr[c]
        for i in range(bounds[c], bounds[c + 1]):
            start = block_start[c] + (i - bounds[c]) * w
            o = base + w if right[i] else base
            row, factor = weights[start:start + w], factors[o:o + w]
            for k in range(w):
                row[k] *= factor[k]
