"""The checkable claims of James (1998) Chapter 2 on its error tables (spec james-ch2 §7), as
functions of tables: :data:`CLAIMS`. The claims of §7 on the figures and the bound (CL-03, CL-04,
CL-08) read other evidence and belong to :data:`.claims_theory.THEORY_CLAIMS`.

Each claim takes ``{experiment: mean table}`` (absolute errors, rows = methods, columns ``B<b>``)
and returns ``(holds, values, margin)``; a table or cell it needs that is missing (e.g. a B value
outside a short grid) gives no verdict. The margin is in points of test error (a count for the
counting claims CL-21 and CL-23): the smallest of the claim's comparisons, each its number minus its
threshold, so it is positive (≥ 0 for a ``≥``) exactly when every comparison holds. ``CLAIMS.judge``
runs them on the published and the reproduced tables (and on resamples of the replicates,
:mod:`.claims_noise`).
"""

import numpy as np

from ...reproduction.claims import ClaimRegistry, MissingEvidence

__all__ = ["CLAIMS", "CONCENTRIC", "ECOC_FAMILY", "LETTER", "PICTS", "VOWEL"]

CLAIMS = ClaimRegistry()

LETTER = ("L50", "L50deep", "L10")
VOWEL = ("V40", "V20")
#: The PICTs that decode one ECOC fit's super-group trees.
ECOC_FAMILY = ("ECOC", "Regression", "Centroid", "Substitution")
PICTS = ECOC_FAMILY + ("Bagging", "Boosting (St)", "Boosting (Ad)")
CONCENTRIC = {"2.3": "C20s", "2.4": "C20t5", "2.5": "C20d", "2.6": "C100s", "2.7": "C100t5",
              "2.8": "C100t10", "2.9": "C100t20"}


def _at(tables, exp, method, b):
    table = tables.get(exp)
    column = f"B{b}" if b != "max" else (table.columns[-1] if table is not None else None)
    if table is None or method not in table.index or column not in table.columns:
        raise MissingEvidence(f"{exp}/{method}/{b}")
    return float(table.at[method, column])   # .at: the claims read thousands of cells on resamples


def _picts(tables, exp):
    return [m for m in PICTS if m in tables[exp].index]


@CLAIMS.claim("CL-01", "With enough columns ECOC beats the tree by ≥10 and beats 1NN (E-L50deep)")
def cl01(t):
    tree, ecoc, nn = (_at(t, "L50deep", m, "max") for m in ("Tree", "ECOC", "1NN"))
    return (tree - ecoc >= 10 and ecoc < nn, f"Tree−ECOC={tree - ecoc:.1f}; ECOC {ecoc:.1f} vs 1NN {nn:.1f}",
            min(tree - ecoc - 10, nn - ecoc))


@CLAIMS.claim("CL-02", "ECOC needs B well above k")
def cl02(t):
    out, ok, margin = [], True, np.inf
    for e in LETTER + VOWEL:
        e2, e10, e20, emax = (_at(t, e, "ECOC", b) for b in (2, 10, 20, "max"))
        ok &= (e10 - emax >= 10) and e2 > e20 > emax
        margin = min(margin, e10 - emax - 10, e2 - e20, e20 - emax)
        out.append(f"{e}: {e10 - emax:.1f}")
    return ok, "ECOC(10)−ECOC(max): " + ", ".join(out), margin


@CLAIMS.claim("CL-05", "At small B Substitution is much better than ECOC")
def cl05(t):
    gaps = [_at(t, e, "Substitution", b) - _at(t, e, "ECOC", b)
            for e in LETTER + VOWEL for b in (2, 5, 10)]
    return max(gaps) <= -5, f"weakest Sub−ECOC = {max(gaps):.1f}", -5 - max(gaps)


@CLAIMS.claim("CL-06", "ECOC and Substitution converge as B grows (Letter)")
def cl06(t):
    out, ok, margin = [], True, np.inf
    for e in LETTER:
        end = abs(_at(t, e, "Substitution", "max") - _at(t, e, "ECOC", "max"))
        early = abs(_at(t, e, "Substitution", 10) - _at(t, e, "ECOC", 10))
        ok &= end <= 3 and end < early
        margin = min(margin, 3 - end, early - end)
        out.append(f"{e}: {end:.1f}")
    return ok, "|Sub−ECOC| at B max: " + ", ".join(out), margin


@CLAIMS.claim("CL-07", "Regression is undefined when B < k")
def cl07(t):
    ok = True
    for e in LETTER + VOWEL:
        k = 26 if e.startswith("L") else 11
        for column in t[e].columns:
            undefined = t[e].loc["Regression", column] == 100.0
            ok &= undefined == (int(column[1:]) < k)
    return ok, "Regression is 100.0 exactly at B < k"


def _rows(table, methods, min_b=0):
    """The rows ``methods`` of ``table`` over its columns with B ≥ ``min_b``, as an array (numpy, not
    ``.loc``: the claims are re-judged on hundreds of resamples)."""
    keep = np.array([int(c[1:]) >= min_b for c in table.columns])
    if not keep.any() or any(m not in table.index for m in methods):
        raise MissingEvidence(f"{methods} at B ≥ {min_b}")
    return table.to_numpy(dtype=float)[table.index.get_indexer(methods)][:, keep]


def _delta(t, table):
    det, rand = _rows(t[CONCENTRIC[table]], ["Boosting (Det)", "Boosting (Rand)"], 10)
    return float(np.nanmean(det - rand))   # as pandas did: a missing cell is left out


@CLAIMS.claim("CL-09", "20/class: random weighting beats deterministic beyond stumps")
def cl09(t):
    d3, d4, d5 = (_delta(t, x) for x in ("2.3", "2.4", "2.5"))
    return (d4 > 0 and d5 > 0 and d3 < min(d4, d5), f"Δ = {d3:.2f}, {d4:.2f}, {d5:.2f}",
            min(d4, d5, min(d4, d5) - d3))


@CLAIMS.claim("CL-10", "100/class: no clear pattern between weightings")
def cl10(t):
    deltas = [_delta(t, x) for x in ("2.6", "2.7", "2.8", "2.9")]
    spread = 0.0
    for x in ("2.7", "2.8", "2.9"):
        table = t[CONCENTRIC[x]]
        cells = _rows(table, list(table.index), 20)
        spread = max(spread, float(np.nanmax(np.nanmax(cells, axis=0) - np.nanmin(cells, axis=0))))
    ok = all(abs(d) <= 1.5 for d in deltas) and spread <= 3
    margin = min(1.5 - max(abs(d) for d in deltas), 3 - spread)
    return ok, "Δ = " + ", ".join(f"{d:.2f}" for d in deltas) + f"; largest spread {spread:.1f}", margin


@CLAIMS.claim("CL-11", "Deterministic weighting never does better (on average)")
def cl11(t):
    deltas = {x: _delta(t, x) for x in CONCENTRIC}
    cells = sum(int(np.sum(np.less(*_rows(t[e], ["Boosting (Det)", "Boosting (Rand)"]))))
                for e in CONCENTRIC.values())
    worst = min(deltas.values())
    return worst >= -0.5, (f"worst Δ = {worst:.2f} (average form); cell by cell, Det < Rand in {cells} "
                          f"of {sum(t[e].shape[1] for e in CONCENTRIC.values())} cells"), worst + 0.5


@CLAIMS.claim("CL-12", "The four ECOC-family PICTs beat Tree and 1NN on Letter")
def cl12(t):
    margin = min(min(_at(t, e, "Tree", "max"), _at(t, e, "1NN", "max")) - _at(t, e, m, "max")
                 for e in LETTER for m in ECOC_FAMILY)
    sub = _at(t, "L50", "Substitution", "max")
    return margin > 0, f"L50: Substitution {sub:.1f} vs 1NN {_at(t, 'L50', '1NN', 'max'):.1f}", margin


@CLAIMS.claim("CL-13", "E-L50: standard boosting poor, adapted matches 1NN")
def cl13(t):
    st, ad, nn = (_at(t, "L50", m, "max") for m in ("Boosting (St)", "Boosting (Ad)", "1NN"))
    return (st - nn >= 10 and abs(ad - nn) <= 1.5, f"St {st:.1f}, Ad {ad:.1f}, 1NN {nn:.1f}",
            min(st - nn - 10, 1.5 - abs(ad - nn)))


@CLAIMS.claim("CL-14", "Deeper trees help boosting a lot, the ECOC family little")
def cl14(t):
    st = _at(t, "L50", "Boosting (St)", "max") - _at(t, "L50deep", "Boosting (St)", "max")
    ad = _at(t, "L50", "Boosting (Ad)", "max") - _at(t, "L50deep", "Boosting (Ad)", "max")
    fam = [_at(t, "L50", m, "max") - _at(t, "L50deep", m, "max") for m in ECOC_FAMILY]
    ok = st >= 10 and ad >= 1.5 and all(-1 <= f <= 2 for f in fam)
    margin = min(st - 10, ad - 1.5, min(fam) + 1, 2 - max(fam))
    return ok, f"St {st:.1f}, Ad {ad:.1f}, family " + "/".join(f"{f:.1f}" for f in fam), margin


@CLAIMS.claim("CL-15", "Deep trees: both boosting variants within 1 of the best")
def cl15(t):
    best = min(_at(t, "L50deep", m, "max") for m in t["L50deep"].index)
    st, ad = (_at(t, "L50deep", m, "max") for m in ("Boosting (St)", "Boosting (Ad)"))
    return (st - best <= 1 and ad - best <= 1, f"best {best:.1f}; St {st:.1f}, Ad {ad:.1f}",
            1 - (max(st, ad) - best))


@CLAIMS.claim("CL-16", "E-L10: adapted boosting good, standard poor")
def cl16(t):
    st, ad, nn = (_at(t, "L10", m, "max") for m in ("Boosting (St)", "Boosting (Ad)", "1NN"))
    return nn - ad >= 5 and st > nn, f"Ad {ad:.1f}, St {st:.1f}, 1NN {nn:.1f}", min(nn - ad - 5, st - nn)


@CLAIMS.claim("CL-17", "Bagging trails, depends on depth, acceptable with small samples")
def cl17(t):
    bag = {e: _at(t, e, "Bagging", "max") for e in LETTER}
    trails = min(bag[e] - _at(t, e, m, "max") for e in LETTER for m in ("ECOC", "Regression", "Centroid"))
    behind_nn = bag["L50"] - _at(t, "L50", "1NN", "max") - 10
    depth = bag["L50"] - bag["L50deep"] - 5
    small = _at(t, "L10", "1NN", "max") - bag["L10"]
    ok = trails > 0 and behind_nn >= 0 and depth >= 0 and small > 0
    return (ok, "Bagging " + ", ".join(f"{e} {v:.1f}" for e, v in bag.items()),
            min(trails, behind_nn, depth, small))


@CLAIMS.claim("CL-18", "Vowel: only Substitution reaches 1NN")
def cl18(t):
    sub40, nn40 = _at(t, "V40", "Substitution", "max"), _at(t, "V40", "1NN", "max")
    sub20, nn20 = _at(t, "V20", "Substitution", "max"), _at(t, "V20", "1NN", "max")
    others40 = min(_at(t, "V40", m, "max") for m in _picts(t, "V40") if m != "Substitution")
    others20 = min(_at(t, "V20", m, "max") for m in _picts(t, "V20") if m != "Substitution")
    ok = sub40 <= nn40 + 1 and others40 > nn40 + 1 and sub20 < nn20 and others20 > nn20
    margin = min(nn40 + 1 - sub40, others40 - nn40 - 1, nn20 - sub20, others20 - nn20)
    return ok, f"V40 Sub {sub40:.1f} / 1NN {nn40:.1f}; V20 Sub {sub20:.1f} / 1NN {nn20:.1f}", margin


def _below_tree(t, experiments):
    gaps = [_at(t, e, "Tree", "max") - _at(t, e, m, "max") for e in experiments
            for m in _picts(t, e)]
    return min(gaps) > 0, f"smallest Tree−PICT gap {min(gaps):.1f}", min(gaps)


@CLAIMS.claim("CL-19", "Vowel: every PICT beats the tree")
def cl19(t):
    return _below_tree(t, VOWEL)


@CLAIMS.claim("CL-20", "Every PICT beats a single tree everywhere")
def cl20(t):
    return _below_tree(t, LETTER + VOWEL)


@CLAIMS.claim("CL-21", "No single classifier wins everywhere")
def cl21(t):
    winners = {e: min(_picts(t, e) + ["1NN", "Tree"], key=lambda m: _at(t, e, m, "max"))
               for e in LETTER + VOWEL}
    distinct = len(set(winners.values()))
    # Margin as a count: distinct winners beyond the two the claim needs (≥ 0 holds).
    return distinct > 1, ", ".join(f"{e}: {w}" for e, w in winners.items()), distinct - 2


@CLAIMS.claim("CL-22", "Substitution behind on Letter, ahead on Vowel")
def cl22(t):
    behind = min(_at(t, e, "Substitution", "max") - _at(t, e, m, "max")
                 for e in LETTER for m in ("ECOC", "Centroid"))
    margins = [min(_at(t, e, m, "max") for m in _picts(t, e) if m != "Substitution")
               - _at(t, e, "Substitution", "max") for e in VOWEL]
    return (behind > 0 and min(margins) >= 2, "Vowel margins " + ", ".join(f"{m:.1f}" for m in margins),
            min(behind, min(margins) - 2))


@CLAIMS.claim("CL-23", "Adapted boosting is the more robust variant")
def cl23(t):
    count = sum(_at(t, e, "Boosting (Ad)", "max") <= _at(t, e, "Boosting (St)", "max") + 1
                for e in ("L50", "L50deep", "L10", "V20"))
    return count >= 3, f"Ad ≤ St + 1 in {count} of 4", count - 3

